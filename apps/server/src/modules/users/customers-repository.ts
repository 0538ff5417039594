import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * The id of the customer company with this name, created when it does not exist yet. Insert first: of two users of
 * one new company created at once, one inserts and the other finds that row.
 */
export async function ensureCustomer(db: Kysely<DB>, name: string): Promise<number> {
  const at = nowIso();
  await db
    .insertInto('customers')
    .values({ name, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}
