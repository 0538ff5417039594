import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@kxt/contracts/auth';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { CountCache } from '../lib/count-cache.ts';
import { randomToken } from '../lib/tokens.ts';
import { localFileStorage } from '../modules/files/storage.ts';
import { SearchResultCache } from '../modules/trademarks/search-cache.ts';
import { MarkIndexService } from '../modules/trademarks/search-index.ts';
import { createUser, type NewUserInput } from '../modules/users/service.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

/** Which database this Vitest project runs on: set per project in vitest.config.ts. */
export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    sessionSecret: 'test-secret-that-is-long-enough-for-hmac-0123456789',
    demoSeed: false,
    demoPassword: 'demo123456',
    demoMarks: 200_000,
    trademarkFreeSearches: 20,
    logLevel: 'silent',
    trustProxy: false,
    ...overrides,
  };
}

/** A fresh, migrated database of the project's dialect: a temp SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(dataDir: string): Promise<Database> {
  if (testDialect() === 'sqlite') {
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db, database.schema);
    database.prepareStatements();
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const schema = `t_${randomToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const database = openDatabase({ url, dataDir, pgSchema: schema });
  await migrateDespiteDroppedSchemas(database);
  database.prepareStatements();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists "${schema}" cascade`);
      await cleanup.end();
    },
  };
}

/** PostgreSQL's codes for a schema, table or column that is gone: another file's schema dropped meanwhile. */
const DROPPED_MEANWHILE = new Set(['3F000', '42P01', '42703']);

/**
 * Migrates a test schema, trying again when another test file dropped its own schema at the same moment: Kysely's
 * migrator asks whether its table exists by listing the tables of every schema (`has_schema_privilege` by name), which
 * fails for a schema dropped while the list is read (as does its `pg_get_serial_sequence` for the tables and columns in it). Only tests drop schemas while others migrate; migrations are
 * recorded one by one, so another try resumes where the first stopped.
 */
async function migrateDespiteDroppedSchemas(database: Database, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(database.db, database.schema);
      return;
    } catch (error) {
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      if (!DROPPED_MEANWHILE.has(String(cause?.code)) || attempt >= tries) throw error;
    }
  }
}

type Cookies = Map<string, string>;

/** A browser-like caller: keeps cookies and echoes the CSRF token on writes, as the web app does. */
export class TestClient {
  readonly cookies: Cookies = new Map();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && options.csrf !== false && !this.cookies.has(CSRF_COOKIE)) {
      await this.request({ method: 'GET', url: '/api/auth/csrf' });
    }
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (method !== 'GET' && options.csrf !== false && csrf) headers[CSRF_HEADER] ??= csrf;
    const { csrf: _ignored, ...rest } = options;
    const response = await this.app.inject({ ...rest, method: method as InjectOptions['method'], headers });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  post = (url: string, payload?: unknown) =>
    this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

  async login(username: string, password = TEST_PASSWORD): Promise<LightMyRequestResponse> {
    const response = await this.post('/api/auth/login', { username, password });
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
    // Tests of other features start past the second factor admin and finance owe (its own tests in
    // modules/two-factor post the login themselves and go through it).
    if (response.json().data.pendingSecondFactor) {
      await this.app.ctx.db
        .updateTable('sessions')
        .set({ second_factor_at: new Date().toISOString() })
        .where('user_id', '=', response.json().data.id)
        .where('second_factor_at', 'is', null)
        .execute();
    }
    return response;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  client(): TestClient;
  /** Creates a user with TEST_PASSWORD; customers get a company named after them unless one is given. */
  user(username: string, role: NewUserInput['role'], customerName?: string): Promise<number>;
  /** A logged-in client for a new user of that role. */
  loggedIn(username: string, role: NewUserInput['role'], customerName?: string): Promise<TestClient>;
  close(): Promise<void>;
}

/** A whole server on its own fresh database and data folder. Close it in afterEach/afterAll. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-test-'));
  const database = await createTestDatabase(dataDir);
  const ctx: AppContext = {
    config: testConfig(dataDir, overrides),
    db: database.db,
    databaseKind: database.kind,
    countCache: new CountCache(database.reader),
    trademarks: { index: new MarkIndexService(database.db), results: new SearchResultCache() },
    storage: localFileStorage(path.join(dataDir, 'files')),
    version: 'test',
  };
  const app = await buildApp(ctx);
  await app.ready();
  const user: TestApp['user'] = (username, role, customerName) =>
    createUser(ctx.db, {
      username,
      password: TEST_PASSWORD,
      role,
      customerName: role === 'customer' ? (customerName ?? `${username} Ltd`) : undefined,
    });
  return {
    app,
    ctx,
    client: () => new TestClient(app),
    user,
    async loggedIn(username, role, customerName) {
      await user(username, role, customerName);
      const client = new TestClient(app);
      await client.login(username);
      return client;
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
