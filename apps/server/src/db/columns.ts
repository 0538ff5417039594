import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';
import type { DatabaseKind } from './database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any past shape of the schema.
export type AnyDb = Kysely<any>;

export function databaseKindOf(db: AnyDb): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-numbered integer primary key in either dialect. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T, never>, db: AnyDb) {
  return databaseKindOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
