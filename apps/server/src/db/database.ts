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
   * Where long reads go so they do not hold up the event loop (list counts): on a SQLite file a read-only
   * connection on a worker thread, otherwise `db` itself (PostgreSQL answers asynchronously already).
   */
  reader: Kysely<DB>;
  kind: DatabaseKind;
  /** The PostgreSQL schema the tables live in; undefined on SQLite. */
  schema?: string;
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
  if (fileName === ':memory:') return { db, reader: db, kind: 'sqlite', close: () => db.destroy() };
  const reader = openSqliteReader(location);
  return {
    db,
    reader,
    kind: 'sqlite',
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

function openPostgres(url: string, schema: string | undefined): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, reader: db, kind: 'postgres', schema: schema ?? 'public', close: () => db.destroy() };
}
