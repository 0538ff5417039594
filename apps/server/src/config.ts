import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type SealConfig, sealEnv, toSealConfig } from './modules/agreements/seal/config.ts';
import { DEFAULT_FILE_SWEEP, type FileSweepConfig } from './modules/files/config.ts';
import { type NotifyConfig, notifyEnv, toNotifyConfig } from './modules/notifications/config.ts';
import { type PaymentConfig, paymentEnv, toPaymentConfig } from './modules/payments/config.ts';
import { type FeedConfig, feedEnv, toFeedConfig } from './modules/trademarks/feeds/config.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** Every environment variable the product reads. README.md documents each one. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^(postgres|postgresql):\/\//,
      'must be a postgres:// URL (leave it unset for the embedded SQLite)',
    )
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_SEED: flag.default(false),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('demo123456'),
  DEMO_MARKS: z.coerce.number().int().min(1000).max(5_000_000).default(200_000),
  TRADEMARK_FREE_SEARCHES: z.coerce.number().int().min(0).default(20),
  TRADEMARK_INDEX: z.enum(['memory', 'postgres']).default('memory'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: flag.default(false),
  FILE_SWEEP_MINUTES: z.coerce.number().int().min(0).default(DEFAULT_FILE_SWEEP.intervalMinutes),
  FILE_SWEEP_GRACE_MINUTES: z.coerce.number().int().min(1).default(DEFAULT_FILE_SWEEP.graceMinutes),
  ...paymentEnv,
  ...notifyEnv,
  ...sealEnv,
  ...feedEnv,
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  demoSeed: boolean;
  demoPassword: string;
  /** Synthetic trademarks the demo seeds (browser tests use fewer, so each start builds its index sooner). */
  demoMarks: number;
  trademarkFreeSearches: number;
  /**
   * Where marks are searched: an index in this process's memory, or the keys table in PostgreSQL that several
   * processes share (`postgres`, which needs DATABASE_URL). Absent (tests) means memory.
   */
  trademarkIndex?: 'memory' | 'postgres';
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  /** Payment providers, bank accounts and order expiry; absent (tests) means the defaults. */
  payments?: PaymentConfig;
  /** When orphaned file bytes are removed; absent (tests) means the defaults. */
  fileSweep?: FileSweepConfig;
  /** Email, SMS and the outbox worker; absent (tests) means the defaults (no email, sandbox SMS). */
  notify?: NotifyConfig;
  /** The platform's seal on signed PDFs; absent (tests) means a self-signed certificate in the data folder. */
  seal?: SealConfig;
  /** Office deliveries imported on a schedule; absent (tests) means none. */
  feeds?: FeedConfig;
};

export class ConfigError extends Error {}

/** Reads the configuration; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  let payments: PaymentConfig;
  let notify: NotifyConfig;
  let seal: SealConfig;
  let feeds: FeedConfig;
  try {
    payments = toPaymentConfig(value);
    notify = toNotifyConfig(value);
    seal = toSealConfig(value);
    feeds = toFeedConfig(value);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  if (value.TRADEMARK_INDEX === 'postgres' && value.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  TRADEMARK_INDEX: postgres needs DATABASE_URL (the embedded SQLite has no shared index)',
    );
  }
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir,
    databaseUrl: value.DATABASE_URL,
    sessionSecret: value.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    demoSeed: value.DEMO_SEED,
    demoPassword: value.DEMO_PASSWORD,
    demoMarks: value.DEMO_MARKS,
    trademarkFreeSearches: value.TRADEMARK_FREE_SEARCHES,
    trademarkIndex: value.TRADEMARK_INDEX,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    payments,
    notify,
    seal,
    feeds,
    fileSweep: {
      intervalMinutes: value.FILE_SWEEP_MINUTES,
      graceMinutes: value.FILE_SWEEP_GRACE_MINUTES,
    },
  };
}

/** Without SESSION_SECRET the server makes one once and keeps it beside the data, so restarts keep sessions. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
