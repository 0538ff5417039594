import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/** The id of the customer company with this name, created when it does not exist yet. */
export async function ensureCustomer(db: Kysely<DB>, name: string): Promise<number> {
  const existing = await db.selectFrom('customers').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const at = nowIso();
  const row = await db
    .insertInto('customers')
    .values({ name, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
