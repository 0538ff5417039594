import type { CustomerListQuery, CustomerPatch, CustomerRow } from '@kxt/contracts/customers';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { type CountCache, countKey } from '../../lib/count-cache.ts';
import { containsText, countTabs, pageOffset, type TabSpec, utcDate } from '../../lib/list.ts';

const SORT_COLUMNS = { createdAt: 'customers.created_at', name: 'customers.name' } as const;

export const CUSTOMER_TABS: TabSpec[] = [
  { status: 'normal', condition: sql<SqlBool>`customers.is_arrears = 0 and customers.suspend = 0` },
  { status: 'arrears', condition: sql<SqlBool>`customers.is_arrears = 1` },
  { status: 'suspended', condition: sql<SqlBool>`customers.suspend = 1` },
];

function filtered(db: Kysely<DB>, query: CustomerListQuery) {
  return db.selectFrom('customers').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.keyword) {
      conditions.push(
        eb.or([
          containsText('customers.name', query.keyword),
          containsText('customers.contact_name', query.keyword),
          containsText('customers.phone', query.keyword),
          containsText('customers.email', query.keyword),
        ]),
      );
    }
    if (query.country) conditions.push(eb('customers.country', '=', query.country));
    if (query.ownerUserId) conditions.push(eb('customers.owner_user_id', '=', query.ownerUserId));
    if (query.isArrears !== undefined) conditions.push(eb('customers.is_arrears', '=', query.isArrears));
    if (query.suspend !== undefined) conditions.push(eb('customers.suspend', '=', query.suspend));
    return eb.and(conditions);
  });
}

export async function listCustomers(db: Kysely<DB>, query: CustomerListQuery, cache: CountCache) {
  const base = filtered(db, query);
  const counts = await cache.get(countKey('customers', query, utcDate()), () =>
    countTabs(base, CUSTOMER_TABS),
  );
  const tab = CUSTOMER_TABS.find((candidate) => candidate.status === query.status);
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const rows = await (tab ? base.where(tab.condition) : base)
    .leftJoin('users as owner', 'owner.id', 'customers.owner_user_id')
    .select([
      'customers.id',
      'customers.name',
      'customers.contact_name',
      'customers.phone',
      'customers.email',
      'customers.country',
      'customers.owner_user_id',
      'owner.display_name as owner_name',
      'customers.is_arrears',
      'customers.suspend',
      'customers.created_at',
    ])
    .orderBy(SORT_COLUMNS[query.sort], direction)
    .orderBy('customers.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const itemCounts = await countServiceItems(
    db,
    rows.map((row) => row.id),
  );
  const page: CustomerRow[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    country: row.country,
    ownerUserId: row.owner_user_id,
    ownerName: row.owner_name,
    isArrears: row.is_arrears === 1,
    suspend: row.suspend === 1,
    serviceItemCount: itemCounts.get(row.id) ?? 0,
    createdAt: row.created_at,
  }));
  return { rows: page, counts, total: counts.get(query.status ?? 'all') ?? 0 };
}

async function countServiceItems(db: Kysely<DB>, customerIds: number[]) {
  if (customerIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('service_items')
    .select(['customer_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('customer_id', 'in', customerIds)
    .groupBy('customer_id')
    .execute();
  return new Map(rows.map((row) => [row.customer_id, Number(row.count)]));
}

/** A customer, locked for the rest of the transaction (see `selectForUpdate`). */
export function findCustomerForUpdate(trx: Kysely<DB>, id: number) {
  return selectForUpdate(
    trx,
    trx.selectFrom('customers').selectAll().where('id', '=', id),
  ).executeTakeFirst();
}

export async function updateCustomer(db: Kysely<DB>, id: number, patch: CustomerPatch, at: string) {
  await db
    .updateTable('customers')
    .set({
      ...(patch.contactName !== undefined ? { contact_name: patch.contactName } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.country !== undefined ? { country: patch.country } : {}),
      ...(patch.ownerUserId !== undefined ? { owner_user_id: patch.ownerUserId } : {}),
      ...(patch.isArrears !== undefined ? { is_arrears: patch.isArrears ? 1 : 0 } : {}),
      ...(patch.suspend !== undefined ? { suspend: patch.suspend ? 1 : 0 } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}
