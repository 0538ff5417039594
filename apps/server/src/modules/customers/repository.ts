import type { CustomerListQuery, CustomerPatch, CustomerRow } from '@kxt/contracts/customers';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { type CountCache, countKey } from '../../lib/count-cache.ts';
import { afterRow, type KeysetRow, keysetBatches, mapBatches } from '../../lib/export/keyset.ts';
import { containsText, countTabs, pageOffset, type TabSpec, utcDate } from '../../lib/list.ts';

const SORT_COLUMNS = { createdAt: 'customers.created_at', name: 'customers.name' } as const;

export const CUSTOMER_TABS: TabSpec[] = [
  { status: 'normal', condition: sql<SqlBool>`customers.is_arrears = 0 and customers.suspend = 0` },
  { status: 'arrears', condition: sql<SqlBool>`customers.is_arrears = 1` },
  { status: 'suspended', condition: sql<SqlBool>`customers.suspend = 1` },
];

/** The list's filters and sort, without paging: what a page and an export share. */
export type CustomerFilters = Omit<CustomerListQuery, 'pageNum' | 'pageSize'>;

function filtered(db: Kysely<DB>, query: Partial<CustomerFilters>) {
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
  const counts = await cache.get(countKey('customers', query, utcDate()), (reader) =>
    countTabs(filtered(reader, query), CUSTOMER_TABS),
  );
  const tab = CUSTOMER_TABS.find((candidate) => candidate.status === query.status);
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const rows = await withRowColumns(tab ? base.where(tab.condition) : base)
    .orderBy(SORT_COLUMNS[query.sort], direction)
    .orderBy('customers.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const page = await toRows(db, rows);
  return { rows: page, counts, total: counts.get(query.status ?? 'all') ?? 0 };
}

/** The joins and columns of a list row (the page and the export read the same). */
function withRowColumns(base: ReturnType<typeof filtered>) {
  return base
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
      'customers.verification_state',
      'customers.licence_no',
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

async function toRows(db: Kysely<DB>, rows: RawRow[]): Promise<CustomerRow[]> {
  const itemCounts = await countServiceItems(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
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
    verification: row.verification_state,
    licenceNo: row.licence_no,
    serviceItemCount: itemCounts.get(row.id) ?? 0,
    createdAt: row.created_at,
  }));
}

/** The filtered set an export reads: the rows named by `ids`, else the filters and the chosen tab. */
function exportBase(db: Kysely<DB>, query: CustomerFilters, ids: number[] | undefined) {
  if (ids) return filtered(db, {}).where('customers.id', 'in', ids);
  const tab = CUSTOMER_TABS.find((candidate) => candidate.status === query.status);
  const base = filtered(db, query);
  return tab ? base.where(tab.condition) : base;
}

const EXPORT_BATCH_SIZE = 1000;

/** Every row of a filtered list (or the rows named by `ids`), in the list's order, batch by batch. */
export function customerExportBatches(
  db: Kysely<DB>,
  query: CustomerFilters,
  ids: number[] | undefined,
): AsyncGenerator<CustomerRow[]> {
  const sortKey = sql.ref(SORT_COLUMNS[query.sort]);
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const base = exportBase(db, query, ids);
  const batches = keysetBatches(async (last: (RawRow & KeysetRow) | undefined) => {
    const page = last ? base.where(afterRow(sortKey, 'customers.id', direction, last)) : base;
    return withRowColumns(page)
      .select(sortKey.as('sort_key'))
      .orderBy(SORT_COLUMNS[query.sort], direction)
      .orderBy('customers.id', direction)
      .limit(EXPORT_BATCH_SIZE)
      .execute() as Promise<(RawRow & KeysetRow)[]>;
  }, EXPORT_BATCH_SIZE);
  return mapBatches(batches, (rows) => toRows(db, rows));
}

/** How many rows an export of these filters (or ids) holds. */
export async function countCustomerExport(
  db: Kysely<DB>,
  query: CustomerFilters,
  ids: number[] | undefined,
): Promise<number> {
  const row = await exportBase(db, query, ids)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
