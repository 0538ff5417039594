import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** The notification variables (README "Configuration"); merged into the server's environment schema. */
export const notifyEnv = {
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be smtp://user:pass@host:587 or smtps://…' })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_PROVIDER: z.enum(['sandbox', 'tencent']).optional(),
  TENCENT_SMS_SECRET_ID: z.string().min(1).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().min(1).optional(),
  TENCENT_SMS_SIGN_NAME: z.string().min(1).optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().min(1).optional(),
  TENCENT_SMS_REGION: z.string().min(1).default('ap-guangzhou'),
  NOTIFY_WORKER: flag.default(true),
  NOTIFY_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  DEADLINE_REMINDER_DAYS: z
    .string()
    .regex(/^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/, {
      error: 'must be days before the deadline, like 30,14,7,3,1,0',
    })
    .transform((text) => [...new Set(text.split(',').map(Number))].sort((a, b) => b - a))
    .optional(),
  NUDGE_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(3),
};
const notifyEnvSchema = z.object(notifyEnv);
type NotifyEnv = z.output<typeof notifyEnvSchema>;

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  region: string;
  sdkAppId: string;
  signName: string;
  /** One approved template with one parameter, the message text. */
  templateId: string;
}

export interface NotifyConfig {
  /** Email goes out only when set. */
  smtp?: { url: string; from: string };
  /** Base of the links in emails and texts; `http://localhost:PORT` when unset. */
  publicUrl?: string;
  /** The sandbox keeps texts for admins and sends nothing; Tencent Cloud SMS when its settings are all present. */
  sms: { provider: 'sandbox' } | { provider: 'tencent'; tencent: TencentSmsConfig };
  /** Run the outbox worker inside this server process. */
  worker: boolean;
  pollMs: number;
  /** A message that failed this many times is marked failed and shown to admins. */
  maxAttempts: number;
  /** How long a claimed job is someone's: a worker that died holding it frees it after this. */
  leaseMs: number;
  /** Days before a deadline on which its reminders go out (0: on the day), largest first. */
  reminderDays: readonly number[];
  /** An order waiting on its customer this many days gets a nudge, again every this many days. */
  nudgeAfterDays: number;
}

export const DEFAULT_REMINDER_DAYS: readonly number[] = [30, 14, 7, 3, 1, 0];

export const defaultNotifyConfig = (): NotifyConfig => ({
  sms: { provider: 'sandbox' },
  worker: true,
  pollMs: 1000,
  maxAttempts: 6,
  leaseMs: 60_000,
  reminderDays: DEFAULT_REMINDER_DAYS,
  nudgeAfterDays: 3,
});

const TENCENT_VARS = [
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
] as const;

export function toNotifyConfig(env: NotifyEnv): NotifyConfig {
  const config: NotifyConfig = {
    ...defaultNotifyConfig(),
    worker: env.NOTIFY_WORKER,
    pollMs: env.NOTIFY_POLL_MS,
    maxAttempts: env.NOTIFY_MAX_ATTEMPTS,
    reminderDays: env.DEADLINE_REMINDER_DAYS ?? DEFAULT_REMINDER_DAYS,
    nudgeAfterDays: env.NUDGE_AFTER_DAYS,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') } : {}),
  };
  if (env.SMTP_URL) {
    if (!env.MAIL_FROM) throw new Error('MAIL_FROM: required with SMTP_URL');
    config.smtp = { url: env.SMTP_URL, from: env.MAIL_FROM };
  }
  const missing = TENCENT_VARS.filter((name) => env[name] === undefined);
  const wantsTencent = env.SMS_PROVIDER === 'tencent' || missing.length < TENCENT_VARS.length;
  if (wantsTencent && env.SMS_PROVIDER !== 'sandbox') {
    if (missing.length > 0) throw new Error(`${missing.join(', ')}: required for Tencent Cloud SMS`);
    config.sms = {
      provider: 'tencent',
      tencent: {
        secretId: env.TENCENT_SMS_SECRET_ID as string,
        secretKey: env.TENCENT_SMS_SECRET_KEY as string,
        region: env.TENCENT_SMS_REGION,
        sdkAppId: env.TENCENT_SMS_SDK_APP_ID as string,
        signName: env.TENCENT_SMS_SIGN_NAME as string,
        templateId: env.TENCENT_SMS_TEMPLATE_ID as string,
      },
    };
  }
  return config;
}
