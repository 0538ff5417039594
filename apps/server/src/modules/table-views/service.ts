import {
  MAX_TABLE_VIEWS,
  type NewTableView,
  type TableView,
  type TableViewPatch,
} from '@kxt/contracts/table-views';
import type { Kysely, Selectable } from 'kysely';
import type { DB, TableViewsTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-retry.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';

const toView = (row: Selectable<TableViewsTable>): TableView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  isDefault: row.is_default === 1,
});

/** A user's views of one list, by name. */
export async function listViews(db: Kysely<DB>, userId: number, moduleKey: string): Promise<TableView[]> {
  const rows = await db
    .selectFrom('table_views')
    .selectAll()
    .where('user_id', '=', userId)
    .where('module_key', '=', moduleKey)
    .orderBy('name')
    .execute();
  return rows.map(toView);
}

/** One default per user and list: marking a view default unmarks the others, in the same transaction. */
async function clearDefault(trx: Kysely<DB>, userId: number, moduleKey: string) {
  await trx
    .updateTable('table_views')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('module_key', '=', moduleKey)
    .where('is_default', '=', 1)
    .execute();
}

/** A taken name is a 409 that names it (the unique index decides, so two saves at once cannot both take it). */
function nameTaken(error: unknown, name: string | undefined): never {
  if (isUniqueViolation(error)) throw conflict('tableView.nameTaken', { name: name ?? '' });
  throw error;
}

export async function createView(db: Kysely<DB>, userId: number, moduleKey: string, input: NewTableView) {
  return db
    .transaction()
    .execute(async (trx) => {
      const count = await trx
        .selectFrom('table_views')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('module_key', '=', moduleKey)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_TABLE_VIEWS) throw badRequest('tableView.tooMany', { max: MAX_TABLE_VIEWS });
      if (input.isDefault) await clearDefault(trx, userId, moduleKey);
      const at = nowIso();
      const row = await trx
        .insertInto('table_views')
        .values({
          user_id: userId,
          module_key: moduleKey,
          name: input.name,
          query: input.query,
          is_default: input.isDefault ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toView(row);
    })
    .catch((error: unknown) => nameTaken(error, input.name));
}

/** Renames a view, replaces what it shows, or marks it default (or not); another user's view is a 404. */
export async function updateView(
  db: Kysely<DB>,
  userId: number,
  moduleKey: string,
  id: number,
  patch: TableViewPatch,
) {
  return db
    .transaction()
    .execute(async (trx) => {
      const owned = await trx
        .selectFrom('table_views')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('module_key', '=', moduleKey)
        .executeTakeFirst();
      if (!owned) throw notFound();
      if (patch.isDefault) await clearDefault(trx, userId, moduleKey);
      const row = await trx
        .updateTable('table_views')
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.query !== undefined ? { query: patch.query } : {}),
          ...(patch.isDefault !== undefined ? { is_default: patch.isDefault ? 1 : 0 } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toView(row);
    })
    .catch((error: unknown) => nameTaken(error, patch.name));
}

export async function deleteView(db: Kysely<DB>, userId: number, moduleKey: string, id: number) {
  const result = await db
    .deleteFrom('table_views')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('module_key', '=', moduleKey)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
}
