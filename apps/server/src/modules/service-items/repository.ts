import { daysPastDue, overdueLevel } from '@kxt/contracts/business';
import {
  SERVICE_ITEM_STATUSES,
  type ServiceItemListQuery,
  type ServiceItemPatch,
  type ServiceItemRow,
} from '@kxt/contracts/service-items';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { type CountCache, countKey, countKeyFilters } from '../../lib/count-cache.ts';
import { customerIdsNamedLike } from '../../lib/customer-name-search.ts';
import { afterRow, type KeysetRow, keysetBatches, mapBatches } from '../../lib/export/keyset.ts';
import { containsPattern, countByColumn, pageOffset, utcDate } from '../../lib/list.ts';
import type { Locale } from '../../locales/translate.ts';

const SORT_COLUMNS = {
  createdAt: 'service_items.created_at',
  serviceCode: 'service_items.service_code',
  startDate: 'service_items.start_date',
  endDate: 'service_items.end_date',
} as const;

/**
 * The overdue level as a range of the oldest open due date, so the filter uses its index: level 1 is 1–15 days
 * past due, 2 is 16–30, 3 is more than 30.
 */
export function overdueDueDateRange(level: number, today: string): { after?: string; upTo: string } {
  const day = (offset: number) => utcDate(offset, new Date(`${today}T00:00:00Z`));
  if (level === 3) return { upTo: day(-31) };
  if (level === 2) return { after: day(-31), upTo: day(-16) };
  return { after: day(-16), upTo: day(-1) };
}

/** The list's filters and sort, without paging: what a page and an export share. */
export type ServiceItemFilters = Omit<ServiceItemListQuery, 'pageNum' | 'pageSize'>;

/** Rows an export reads at a time. */
const EXPORT_BATCH_SIZE = 1000;

function filtered(
  db: Kysely<DB>,
  query: Partial<ServiceItemFilters>,
  today: string,
  purpose: 'page' | 'count',
) {
  return db.selectFrom('service_items').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.keyword) {
      const pattern = containsPattern(query.keyword);
      conditions.push(
        eb.or([
          sql<SqlBool>`lower(service_items.service_code) like ${pattern} escape '\\'`,
          eb('service_items.customer_id', 'in', customerIdsNamedLike(query.keyword)),
        ]),
      );
    }
    if (query.typeIdTopCode) conditions.push(eb('service_items.type_code', '=', query.typeIdTopCode));
    if (query.categoryIdTopId) conditions.push(eb('service_items.category_id', '=', query.categoryIdTopId));
    if (query.country) conditions.push(eb('service_items.country', '=', query.country));
    if (query.customerId) conditions.push(eb('service_items.customer_id', '=', query.customerId));
    if (query.overdueStatus) {
      const range = overdueDueDateRange(query.overdueStatus, today);
      conditions.push(eb('service_items.oldest_open_due_date', '<=', range.upTo));
      if (range.after) conditions.push(eb('service_items.oldest_open_due_date', '>', range.after));
    }
    if (query.isArrears !== undefined || query.suspend !== undefined) {
      let flagged = eb.selectFrom('customers').select('customers.id');
      if (query.isArrears !== undefined)
        flagged = flagged.where('customers.is_arrears', '=', query.isArrears);
      if (query.suspend !== undefined) flagged = flagged.where('customers.suspend', '=', query.suspend);
      // A page walks the sort index and stops early with a correlated EXISTS; a count is faster with IN.
      conditions.push(
        purpose === 'page'
          ? eb.exists(flagged.whereRef('customers.id', '=', 'service_items.customer_id'))
          : eb('service_items.customer_id', 'in', flagged),
      );
    }
    return eb.and(conditions);
  });
}

export async function listServiceItems(
  db: Kysely<DB>,
  query: ServiceItemListQuery,
  cache: CountCache,
  locale: Locale = 'zh-CN',
  today = utcDate(),
) {
  const base = filtered(db, query, today, 'page');
  const counts = await cache.get(countKey('service-items', query, today), async (reader) => {
    const narrowed = Object.keys(countKeyFilters(query)).length > 0;
    const byStatus = await countByColumn(
      filtered(reader, query, today, 'count'),
      'service_items.status',
      narrowed,
    );
    for (const status of SERVICE_ITEM_STATUSES)
      if (!byStatus.has(String(status))) byStatus.set(String(status), 0);
    return byStatus;
  });
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const chosen = query.status ? base.where('service_items.status', '=', query.status) : base;
  const rows =
    query.overdueStatus && query.sort === 'createdAt'
      ? await overduePageByCreation(chosen, query, direction, overdueDueDateRange(query.overdueStatus, today))
      : await withRowColumns(chosen)
          .orderBy(SORT_COLUMNS[query.sort], direction)
          .orderBy('service_items.id', direction)
          .limit(query.pageSize)
          .offset(pageOffset(query.pageNum, query.pageSize))
          .execute();
  const page = await toRows(db, rows, locale, today);
  const total = counts.get(query.status === undefined ? 'all' : String(query.status)) ?? 0;
  return { rows: page, counts, total };
}

/**
 * A page of overdue items in creation order. Walking the creation index from the newest item passes every item not
 * yet overdue before the first match (some 28,000 at a million items, 30 ms); reading the overdue range and sorting
 * it costs as much. An item overdue by `upTo` was either created by then — nearly all: an item's due dates follow its
 * creation — and the walk down the creation index from that day finds them at once; or it was created after its own
 * oldest due date ("born overdue"), which a partial index lists (migration 0028). The page is the merge of the two
 * walks, each read as far as the page's end.
 */
async function overduePageByCreation(
  chosen: ReturnType<typeof filtered>,
  query: ServiceItemListQuery,
  direction: 'asc' | 'desc',
  range: { upTo: string },
) {
  const end = pageOffset(query.pageNum, query.pageSize) + query.pageSize;
  const walk = (bounded: ReturnType<typeof filtered>) =>
    withRowColumns(bounded)
      .orderBy('service_items.created_at', direction)
      .orderBy('service_items.id', direction)
      .limit(end)
      .execute();
  const dayAfter = utcDate(1, new Date(`${range.upTo}T00:00:00Z`));
  const [createdByThen, bornOverdue] = await Promise.all([
    walk(chosen.where('service_items.created_at', '<', dayAfter)),
    walk(
      chosen.where(
        sql<SqlBool>`service_items.oldest_open_due_date < substr(service_items.created_at, 1, 10)`,
      ),
    ),
  ]);
  const byId = new Map([...createdByThen, ...bornOverdue].map((row) => [row.id, row]));
  const sign = direction === 'asc' ? 1 : -1;
  return [...byId.values()]
    .sort((a, b) => sign * (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id))
    .slice(end - query.pageSize, end);
}

/** The joins and columns of a list row (the page and the export read the same). */
function withRowColumns(base: ReturnType<typeof filtered>) {
  return base
    .innerJoin('customers', 'customers.id', 'service_items.customer_id')
    .innerJoin('services', 'services.id', 'service_items.service_id')
    .select([
      'service_items.id',
      'service_items.service_code',
      'service_items.customer_id',
      'customers.name as customer_name',
      'service_items.service_id',
      'services.name as service_name',
      'services.name_en as service_name_en',
      'service_items.type_code',
      'service_items.category_id',
      'service_items.country',
      'service_items.status',
      'service_items.start_date',
      'service_items.end_date',
      'service_items.remark',
      'service_items.created_at',
      'service_items.oldest_open_due_date',
      'service_items.latest_declared_by_us',
      'customers.is_arrears',
      'customers.suspend',
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

async function toRows(
  db: Kysely<DB>,
  rows: RawRow[],
  locale: Locale,
  today: string,
  withRepeats = true,
): Promise<ServiceItemRow[]> {
  // The repeat badge's codes are not an export column, and reading them was most of an export batch's cost.
  const repeats = withRepeats ? await repeatCodes(db, rows) : new Map<number, string[]>();
  return rows.map((row) => ({
    id: row.id,
    serviceCode: row.service_code,
    customerId: row.customer_id,
    customerName: row.customer_name,
    serviceId: row.service_id,
    serviceName: locale === 'en-US' ? row.service_name_en : row.service_name,
    country: row.country,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    remark: row.remark,
    createdAt: row.created_at,
    isArrears: row.is_arrears === 1,
    suspend: row.suspend === 1,
    repeatServiceCodes: repeats.get(row.id) ?? [],
    specificLabel: row.latest_declared_by_us === 1,
    overdueStatus: row.oldest_open_due_date ? overdueLevel(daysPastDue(row.oldest_open_due_date, today)) : 0,
    servicePerform: {
      serviceCode: row.service_code,
      typeIdTopCode: row.type_code,
      categoryIdTopId: row.category_id,
    },
  }));
}

/** Nullable sort columns are keyed by `coalesce(…, '')` in exports, so keyset paging never compares a null. */
const EXPORT_SORT_KEYS = {
  createdAt: sql`service_items.created_at`,
  serviceCode: sql`service_items.service_code`,
  startDate: sql`coalesce(service_items.start_date, '')`,
  endDate: sql`coalesce(service_items.end_date, '')`,
} as const;

/**
 * Every row of a filtered list (or the rows named by `ids`), in the list's order, batch by batch, as the list
 * shows them.
 */
export function serviceItemExportBatches(
  db: Kysely<DB>,
  query: ServiceItemFilters,
  selection: { ids?: number[] },
  locale: Locale,
  today = utcDate(),
): AsyncGenerator<ServiceItemRow[]> {
  const sortKey = EXPORT_SORT_KEYS[query.sort];
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  let base = filtered(db, selection.ids ? {} : query, today, 'page');
  if (selection.ids) base = base.where('service_items.id', 'in', selection.ids);
  else if (query.status) base = base.where('service_items.status', '=', query.status);
  const batches = keysetBatches(async (last: (RawRow & KeysetRow) | undefined) => {
    const page = last ? base.where(afterRow(sortKey, 'service_items.id', direction, last)) : base;
    return withRowColumns(page)
      .select(sortKey.as('sort_key'))
      .orderBy(sortKey, direction)
      .orderBy('service_items.id', direction)
      .limit(EXPORT_BATCH_SIZE)
      .execute() as Promise<(RawRow & KeysetRow)[]>;
  }, EXPORT_BATCH_SIZE);
  return mapBatches(batches, (rows) => toRows(db, rows, locale, today, false));
}

/** How many rows an export of these filters (or ids) holds. */
export async function countServiceItemExport(
  db: Kysely<DB>,
  query: ServiceItemFilters,
  selection: { ids?: number[] },
  today = utcDate(),
): Promise<number> {
  let base = filtered(db, selection.ids ? {} : query, today, 'count');
  if (selection.ids) base = base.where('service_items.id', 'in', selection.ids);
  else if (query.status) base = base.where('service_items.status', '=', query.status);
  const row = await base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** For each row, the customer's other service codes for the same service and country. */
async function repeatCodes(
  db: Kysely<DB>,
  rows: { id: number; customer_id: number; service_id: number; country: string }[],
): Promise<Map<number, string[]>> {
  if (rows.length === 0) return new Map();
  const groups = new Map(rows.map((row) => [`${row.customer_id}|${row.service_id}|${row.country}`, row]));
  const siblings = await db
    .selectFrom('service_items')
    .select(['id', 'service_code', 'customer_id', 'service_id', 'country'])
    .where((eb) =>
      eb.or(
        [...groups.values()].map((row) =>
          eb.and([
            eb('customer_id', '=', row.customer_id),
            eb('service_id', '=', row.service_id),
            eb('country', '=', row.country),
          ]),
        ),
      ),
    )
    .execute();
  // Sorted here: ordering in SQL would tempt SQLite to walk the whole service_code index.
  siblings.sort((a, b) => (a.service_code < b.service_code ? -1 : a.service_code > b.service_code ? 1 : 0));
  const byKey = new Map<string, typeof siblings>();
  for (const sibling of siblings) {
    const key = `${sibling.customer_id}|${sibling.service_id}|${sibling.country}`;
    byKey.set(key, [...(byKey.get(key) ?? []), sibling]);
  }
  return new Map(
    rows.map((row) => {
      const group = byKey.get(`${row.customer_id}|${row.service_id}|${row.country}`) ?? [];
      return [
        row.id,
        group.filter((sibling) => sibling.id !== row.id).map((sibling) => sibling.service_code),
      ];
    }),
  );
}

/** A service item, locked for the rest of the transaction (see `selectForUpdate`). */
export function findServiceItemForUpdate(trx: Kysely<DB>, id: number) {
  return selectForUpdate(
    trx,
    trx.selectFrom('service_items').selectAll().where('id', '=', id),
  ).executeTakeFirst();
}

export async function updateServiceItem(db: Kysely<DB>, id: number, patch: ServiceItemPatch, at: string) {
  await db
    .updateTable('service_items')
    .set({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.startDate !== undefined ? { start_date: patch.startDate } : {}),
      ...(patch.endDate !== undefined ? { end_date: patch.endDate } : {}),
      ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Recomputes the columns a service item keeps from its declarations: the oldest open due date (overdue level) and
 * whether its latest declared return was ours (the K badge). Without ids, for every item.
 */
export async function refreshDeclarationSummary(db: Kysely<DB>, serviceItemIds?: number[]) {
  if (serviceItemIds && serviceItemIds.length === 0) return;
  let update = db.updateTable('service_items').set({
    oldest_open_due_date: sql`(select min(t.due_date) from tax_declarations t where t.service_item_id = service_items.id and t.status = 'pending')`,
    latest_declared_by_us: sql`coalesce((select case when t.declared_by = 'us' then 1 else 0 end from tax_declarations t where t.service_item_id = service_items.id and t.status = 'declared' order by t.due_date desc, t.id desc limit 1), 0)`,
  });
  if (serviceItemIds) update = update.where('id', 'in', serviceItemIds);
  await update.execute();
}
