import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from '@kxt/contracts/health';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { openSqliteReader } from './sqlite-reader.ts';

export type { DatabaseKind };

export interface Database {
  db: Kysely<DB>;
  /**
   * Where long reads go (list counts) so they do not hold up other requests: on a SQLite file a read-only connection
   * on a worker thread (the event loop stays free); on PostgreSQL a small pool of its own whose queries run without
   * parallel workers (the other requests keep a core); on an in-memory SQLite database `db` itself.
   */
  reader: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * From now on PostgreSQL connections keep the app's queries prepared (`preparingStatements`). Called once the schema
   * is migrated: a statement prepared before a migration changes its table's columns would fail when run again.
   */
  prepareStatements(): void;
  /** The PostgreSQL schema the tables live in; undefined on SQLite. */
  schema?: string;
  /** The postgres:// URL the database was opened with; undefined on SQLite. */
  url?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded SQLite file in `dataDir` is used. */
  url?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
}

const PG_INT8 = 20;
// COUNT(*) and SUM over integers come back as int8; our values fit a double, so read them as numbers.
pg.types.setTypeParser(PG_INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) return openPostgres(options.url, options.pgSchema);
  return openSqlite(options.dataDir, options.sqliteFile ?? 'app.db');
}

function openSqlite(dataDir: string, fileName: string): Database {
  let location = fileName;
  if (fileName !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    location = path.join(dataDir, fileName);
  }
  const sqlite = new SqliteDatabase(location);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A 64 MiB page cache and memory-mapped reads keep a 100,000-row working set out of read() calls.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  // Gives the query planner fresh statistics when they are missing or stale (cheap: bounded by analysis_limit).
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const prepareStatements = () => {};
  if (fileName === ':memory:')
    return { db, reader: db, kind: 'sqlite', prepareStatements, close: () => db.destroy() };
  const reader = openSqliteReader(location);
  return {
    db,
    reader,
    kind: 'sqlite',
    prepareStatements,
    close: async () => {
      await reader.destroy();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling a list query costs SQLite more than running it. Prepared statements
 * are reusable, and Kysely runs one query at a time per connection, so the most recent ones are kept.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** Connections of the reader pool: the counts it runs wait their turn rather than take every core. */
const POSTGRES_READER_CONNECTIONS = 2;

function openPostgres(url: string, schema: string | undefined): Database {
  const searchPath = schema ? `-c search_path=${schema}` : '';
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema ? { options: searchPath } : {}) });
  const preparing = { on: false };
  pool.on('connect', (client) => preparingStatements(client, preparing));
  // An idle connection the server ends (a restart, an administrator, a dropped test database) is an error on the
  // pool; without a listener it is an uncaught exception that stops the process. The pool has already let that
  // connection go and the next query opens a new one; a query in flight gets its own error.
  pool.on('error', ignoreIdleConnectionError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // Counts over a million rows ran as parallel queries that took both cores of a small machine for a second, and
  // every request waited: the reader's connections count without parallel workers, two at a time at most.
  const readerPool = new pg.Pool({
    connectionString: url,
    max: POSTGRES_READER_CONNECTIONS,
    options: `${searchPath} -c max_parallel_workers_per_gather=0`.trim(),
  });
  readerPool.on('connect', (client) => preparingStatements(client, preparing));
  readerPool.on('error', ignoreIdleConnectionError);
  const reader = new Kysely<DB>({ dialect: new PostgresDialect({ pool: readerPool }) });
  return {
    db,
    reader,
    kind: 'postgres',
    prepareStatements: () => {
      preparing.on = true;
    },
    schema: schema ?? 'public',
    url,
    close: async () => {
      await reader.destroy();
      await db.destroy();
    },
  };
}

function ignoreIdleConnectionError() {}

/** Statements a PostgreSQL connection keeps prepared: the app's queries, not every IN list of every length. */
const PREPARED_PER_CONNECTION = 300;

/**
 * Sends each parameterised query as a named statement, prepared once per connection. Kysely sends every query
 * unnamed, so PostgreSQL parsed and planned a list query on each request: at a million service items planning took
 * longer than running (0.65 ms against 0.15 ms for a page). With a name PostgreSQL keeps the statement and, once a
 * generic plan proves as good as the custom ones (its `plan_cache_mode` auto), skips planning too. Past
 * `PREPARED_PER_CONNECTION` statements on a connection new texts go unnamed, so one-off queries do not pile up.
 */
function preparingStatements(client: pg.PoolClient, preparing: { on: boolean }) {
  const prepared = new Set<string>();
  const plainQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
  const namedQuery = (...args: unknown[]) => {
    const [text, values, ...rest] = args;
    if (!preparing.on || typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
      return plainQuery(...args);
    const name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return plainQuery(...args);
      prepared.add(name);
    }
    return plainQuery({ name, text, values }, ...rest);
  };
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this wrapper forwards them all.
  client.query = namedQuery as any;
}
