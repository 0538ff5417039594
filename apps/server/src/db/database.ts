import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from '@kxt/contracts/health';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type { DatabaseKind };

export interface Database {
  db: Kysely<DB>;
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
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string, schema: string | undefined): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', schema: schema ?? 'public', close: () => db.destroy() };
}
