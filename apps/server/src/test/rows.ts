import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/** One column of one row by id, read straight from the database: what a change left behind. */
export async function columnOf<T extends keyof DB & string, C extends keyof Selectable<DB[T]> & string>(
  db: Kysely<DB>,
  table: T,
  column: C,
  id: number | undefined,
): Promise<Selectable<DB[T]>[C]> {
  const { rows } = await sql<Record<C, Selectable<DB[T]>[C]>>`select ${sql.ref(column)} from ${sql.table(
    table,
  )} where id = ${id ?? -1}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`${table} ${id} does not exist`);
  return row[column];
}
