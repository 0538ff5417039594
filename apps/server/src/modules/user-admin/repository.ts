import type { UserAdminRow, UserListQuery, UserPatch } from '@kxt/contracts/accounts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { containsText, countTabs, pageOffset, type TabSpec } from '../../lib/list.ts';

const SORT_COLUMNS = { createdAt: 'users.created_at', username: 'users.username' } as const;

const USER_TABS: TabSpec[] = [
  { status: 'active', condition: sql<SqlBool>`users.disabled = 0` },
  { status: 'disabled', condition: sql<SqlBool>`users.disabled = 1` },
];

function filtered(db: Kysely<DB>, query: UserListQuery) {
  return db
    .selectFrom('users')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (query.keyword) {
        conditions.push(
          eb.or([
            containsText('users.username', query.keyword),
            containsText('users.display_name', query.keyword),
            containsText('users.phone', query.keyword),
            containsText('users.email', query.keyword),
            containsText('customers.name', query.keyword),
          ]),
        );
      }
      if (query.role) conditions.push(eb('users.role', '=', query.role));
      if (query.customerId) conditions.push(eb('users.customer_id', '=', query.customerId));
      return eb.and(conditions);
    });
}

/** Users, paged, with counts of active and disabled under the same filters. */
export async function listUsers(db: Kysely<DB>, query: UserListQuery) {
  const base = filtered(db, query);
  const counts = await countTabs(base, USER_TABS);
  const tab = USER_TABS.find((candidate) => candidate.status === query.status);
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const rows = await (tab ? base.where(tab.condition) : base)
    .select([
      'users.id',
      'users.username',
      'users.display_name',
      'users.role',
      'users.phone',
      'users.email',
      'users.customer_id',
      'customers.name as customer_name',
      'users.online_type',
      'users.disabled',
      'users.totp_confirmed_at',
      'users.created_at',
    ])
    .orderBy(SORT_COLUMNS[query.sort], direction)
    .orderBy('users.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const page: UserAdminRow[] = rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    phone: row.phone,
    email: row.email,
    customerId: row.customer_id,
    customerName: row.customer_name,
    onlineType: row.online_type,
    disabled: row.disabled === 1,
    twoFactor: Boolean(row.totp_confirmed_at),
    createdAt: row.created_at,
  }));
  return { rows: page, counts, total: counts.get(query.status ?? 'all') ?? 0 };
}

/**
 * Locks the active admins (by id, always first) and answers their ids: a change that could leave no active admin
 * holds these locks, so of two such changes at once the second sees the first's result (PostgreSQL re-checks a
 * locked row's conditions after the first commits; SQLite runs one writer at a time).
 */
export async function lockActiveAdmins(trx: Kysely<DB>): Promise<number[]> {
  const rows = await selectForUpdate(
    trx,
    trx.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0).orderBy('id'),
  ).execute();
  return rows.map((row) => row.id);
}

/** A user, locked for the rest of the transaction. */
export function findUserForUpdate(trx: Kysely<DB>, id: number) {
  return selectForUpdate(trx, trx.selectFrom('users').selectAll().where('id', '=', id)).executeTakeFirst();
}

export async function updateUserFields(db: Kysely<DB>, id: number, patch: UserPatch, at: string) {
  await db
    .updateTable('users')
    .set({
      ...(patch.displayName !== undefined ? { display_name: patch.displayName } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.onlineType !== undefined ? { online_type: patch.onlineType } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** Flips `disabled` by compare-and-set; false when it already had the wanted value. */
export async function setDisabled(
  db: Kysely<DB>,
  id: number,
  disabled: boolean,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0, updated_at: at })
    .where('id', '=', id)
    .where('disabled', '=', disabled ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
