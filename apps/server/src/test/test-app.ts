import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { openMarkSearch } from '../modules/trademarks/mark-search.ts';
import { SearchResultCache } from '../modules/trademarks/search-cache.ts';
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

/**
 * A fresh, migrated database of the project's dialect: a temp SQLite file, or on PostgreSQL a new database copied from
 * a migrated template. Migrating a new schema per test took about half a second (more with the cores busy), most of
 * the PostgreSQL suite's time; copying the template takes a tenth of that.
 */
export async function createTestDatabase(dataDir: string): Promise<Database> {
  if (testDialect() === 'sqlite') {
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db, database.schema);
    database.prepareStatements();
    return database;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const template = await migratedTemplate(url);
  const name = `kxt_test_${randomToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')}`;
  await withAdmin(url, (admin) => admin.query(`create database "${name}" template "${template}"`));
  const database = openDatabase({ url: postgresUrlOf(url, name), dataDir });
  database.prepareStatements();
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(url, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** `url` pointing at another database of the same server. */
export function postgresUrlOf(url: string, databaseName: string): string {
  const address = new URL(url);
  address.pathname = `/${databaseName}`;
  return address.toString();
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const TEMPLATE_PREFIX = 'kxt_test_template_';
let template: Promise<string> | undefined;

/**
 * The migrated template database, named by a digest of the migration code so a changed migration gets a new one: built
 * once by whichever test process gets there first (an advisory lock makes the others wait), under a temporary name
 * renamed when complete, so a build that died half-way is never copied. Later runs reuse it; templates of other
 * migration versions are dropped when a new one is built.
 */
function migratedTemplate(url: string): Promise<string> {
  template ??= withAdmin(url, async (admin) => {
    const name = `${TEMPLATE_PREFIX}${await migrationsDigest()}`;
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists "${building}" with (force)`);
        await admin.query(`create database "${building}"`);
        const database = openDatabase({ url: postgresUrlOf(url, building), dataDir: tmpdir() });
        try {
          await migrateToLatest(database.db, database.schema);
        } finally {
          await database.close();
        }
        await admin.query(`alter database "${building}" rename to "${name}"`);
        const older = await admin.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1) and datname <> $2',
          [TEMPLATE_PREFIX, name],
        );
        // Best effort: another run may still be copying one of them.
        for (const row of older.rows)
          await admin.query(`drop database if exists "${row.datname}"`).catch(() => {});
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
    return name;
  });
  return template;
}

/** A digest of the files that decide the schema: the migrations, their runner and their column helpers. */
async function migrationsDigest(): Promise<string> {
  const dbDir = fileURLToPath(new URL('../db/', import.meta.url));
  const migrationFiles = (await readdir(path.join(dbDir, 'migrations')))
    .sort()
    .map((file) => `migrations/${file}`);
  const hash = createHash('sha256');
  for (const file of ['migrate.ts', 'columns.ts', ...migrationFiles]) {
    hash.update(file);
    hash.update(await readFile(path.join(dbDir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

type Cookies = Map<string, string>;

/** A browser-like caller: keeps cookies and echoes the CSRF token on writes, as the web app does. */
export class TestClient {
  readonly cookies: Cookies = new Map();
  /** `remoteAddress`: the client's address, for tests that would otherwise meet the per-address rate limits. */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

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
    const response = await this.app.inject({
      ...rest,
      method: method as InjectOptions['method'],
      headers,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
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
  const index = openMarkSearch(database, overrides.trademarkIndex);
  const ctx: AppContext = {
    config: testConfig(dataDir, overrides),
    db: database.db,
    databaseKind: database.kind,
    countCache: new CountCache(database.reader),
    trademarks: { index, results: new SearchResultCache() },
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
      await index.stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
