import { daysPastDue, overdueLevel } from '@kxt/contracts/business';
import type {
  TaxDeclarationListQuery,
  TaxDeclarationRow,
  TaxDeclarationStatus,
} from '@kxt/contracts/tax-declarations';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB, TaxDeclarationsTable } from '../../db/schema.ts';
import { type CountCache, countKey } from '../../lib/count-cache.ts';
import { customerIdsNamedLike } from '../../lib/customer-name-search.ts';
import { afterRow, type KeysetRow, keysetBatches, mapBatches } from '../../lib/export/keyset.ts';
import { containsPattern, countTabs, pageOffset, type TabSpec, utcDate } from '../../lib/list.ts';
import { overdueDueDateRange } from '../service-items/repository.ts';

const SORT_COLUMNS = {
  dueDate: 'tax_declarations.due_date',
  declaredDate: 'tax_declarations.declared_date',
  createdAt: 'tax_declarations.created_at',
  amount: 'tax_declarations.amount',
} as const;

/**
 * 逾期天数 as something to order by: the due date of an overdue declaration (the earlier, the more days), and a date
 * after every other for the rest. More days overdue is an earlier key, so the key runs the other way to the sort.
 */
function overdueKey(today: string) {
  return sql<string>`case when tax_declarations.status = 'pending' and tax_declarations.due_date < ${today} then tax_declarations.due_date else '9999-12-31' end`;
}

const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/** Overdue is derived from the date, so the tab conditions depend on today. */
export function taxDeclarationTabs(today: string): (TabSpec & { status: TaxDeclarationStatus })[] {
  return [
    {
      status: 'pending',
      condition: sql<SqlBool>`tax_declarations.status = 'pending' and tax_declarations.due_date >= ${today}`,
    },
    {
      status: 'overdue',
      condition: sql<SqlBool>`tax_declarations.status = 'pending' and tax_declarations.due_date < ${today}`,
    },
    { status: 'declared', condition: sql<SqlBool>`tax_declarations.status = 'declared'` },
  ];
}

/** The list's filters and sort, without paging: what a page and an export share. */
export type TaxDeclarationFilters = Omit<TaxDeclarationListQuery, 'pageNum' | 'pageSize'>;

function filtered(db: Kysely<DB>, query: Partial<TaxDeclarationFilters>, today: string) {
  return db.selectFrom('tax_declarations').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    const keyword = query.keyword;
    if (keyword) {
      const pattern = containsPattern(keyword);
      conditions.push(
        eb(
          'tax_declarations.service_item_id',
          'in',
          eb
            .selectFrom('service_items')
            .select('service_items.id')
            .where((inner) =>
              inner.or([
                sql<SqlBool>`lower(service_items.service_code) like ${pattern} escape '\\'`,
                inner('service_items.customer_id', 'in', customerIdsNamedLike(keyword)),
              ]),
            ),
        ),
      );
    }
    if (query.country) conditions.push(eb('tax_declarations.country', '=', query.country));
    if (query.declaredBy) conditions.push(eb('tax_declarations.declared_by', '=', query.declaredBy));
    if (query.taxPeriod) conditions.push(eb('tax_declarations.tax_period', '=', query.taxPeriod));
    if (query.serviceItemId)
      conditions.push(eb('tax_declarations.service_item_id', '=', query.serviceItemId));
    if (query.customerId) {
      conditions.push(
        eb(
          'tax_declarations.service_item_id',
          'in',
          eb
            .selectFrom('service_items')
            .select('service_items.id')
            .where('service_items.customer_id', '=', query.customerId),
        ),
      );
    }
    if (query.dueFrom) conditions.push(eb('tax_declarations.due_date', '>=', query.dueFrom));
    if (query.dueTo) conditions.push(eb('tax_declarations.due_date', '<=', query.dueTo));
    if (query.overdueStatus) {
      const range = overdueDueDateRange(query.overdueStatus, today);
      conditions.push(eb('tax_declarations.status', '=', 'pending'));
      conditions.push(eb('tax_declarations.due_date', '<=', range.upTo));
      if (range.after) conditions.push(eb('tax_declarations.due_date', '>', range.after));
    }
    return eb.and(conditions);
  });
}

export function toStatus(
  row: Pick<TaxDeclarationsTable, 'status' | 'due_date'>,
  today: string,
): TaxDeclarationStatus {
  if (row.status === 'declared') return 'declared';
  return row.due_date < today ? 'overdue' : 'pending';
}

/**
 * How many declarations each status tab holds under the list's filters (and `all`), through the list's count cache:
 * the tabs' badges, and the 工作台's overdue and due-soon counts, which link to the list with the same filters.
 */
export function taxDeclarationTabCounts(
  query: Partial<TaxDeclarationFilters>,
  cache: CountCache,
  today = utcDate(),
) {
  return cache.get(countKey('tax-declarations', query, today), (reader) =>
    countTabs(filtered(reader, query, today), taxDeclarationTabs(today)),
  );
}

export async function listTaxDeclarations(
  db: Kysely<DB>,
  query: TaxDeclarationListQuery,
  cache: CountCache,
  today = utcDate(),
) {
  const tabs = taxDeclarationTabs(today);
  const base = filtered(db, query, today);
  const counts = await taxDeclarationTabCounts(query, cache, today);
  const tab = tabs.find((candidate) => candidate.status === query.status);
  const asked = query.order === 'ascend' ? 'asc' : 'desc';
  const direction = query.sort === 'daysOverdue' ? flip(asked) : asked;
  const sortKey = query.sort === 'daysOverdue' ? overdueKey(today) : sql.ref(SORT_COLUMNS[query.sort]);
  const rows = await withRowColumns(tab ? base.where(tab.condition) : base)
    .orderBy(sortKey, direction)
    .orderBy('tax_declarations.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const page = rows.map((row) => toRow(row, today));
  const totals = await cache.get(
    countKey('tax-declaration-totals', { ...query, tab: query.status }, today),
    (reader) => {
      const set = filtered(reader, query, today);
      return amountTotals(tab ? set.where(tab.condition) : set);
    },
  );
  return {
    rows: page,
    counts,
    total: counts.get(query.status ?? 'all') ?? 0,
    amountTotals: [...totals].map(([currency, amount]) => ({ currency, amount })),
  };
}

/** 税额 summed per currency over a filtered set, in currency order (kept in the count cache beside the counts). */
async function amountTotals(set: ReturnType<typeof filtered>): Promise<Map<string, number>> {
  const rows = await set
    .select([
      'tax_declarations.currency as currency',
      sql<number>`coalesce(sum(tax_declarations.amount), 0)`.as('amount'),
    ])
    .groupBy('tax_declarations.currency')
    .orderBy('tax_declarations.currency')
    .execute();
  return new Map(rows.map((row) => [row.currency, Number(row.amount)]));
}

/** The joins and columns of a list row (the page and the export read the same). */
function withRowColumns(base: ReturnType<typeof filtered>) {
  return base
    .innerJoin('service_items', 'service_items.id', 'tax_declarations.service_item_id')
    .innerJoin('customers', 'customers.id', 'service_items.customer_id')
    .select([
      'tax_declarations.id',
      'tax_declarations.service_item_id',
      'service_items.service_code',
      'service_items.customer_id',
      'customers.name as customer_name',
      'tax_declarations.country',
      'tax_declarations.tax_period',
      'tax_declarations.due_date',
      'tax_declarations.declared_date',
      'tax_declarations.declared_by',
      'tax_declarations.amount',
      'tax_declarations.currency',
      'tax_declarations.status',
      'tax_declarations.created_at',
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

function toRow(row: RawRow, today: string): TaxDeclarationRow {
  const status = toStatus(row, today);
  const daysOverdue = status === 'overdue' ? daysPastDue(row.due_date, today) : 0;
  return {
    id: row.id,
    serviceItemId: row.service_item_id,
    serviceCode: row.service_code,
    customerId: row.customer_id,
    customerName: row.customer_name,
    country: row.country,
    taxPeriod: row.tax_period,
    dueDate: row.due_date,
    declaredDate: row.declared_date,
    declaredBy: row.declared_by,
    amount: Number(row.amount),
    currency: row.currency,
    status,
    daysOverdue,
    overdueStatus: overdueLevel(daysOverdue),
    createdAt: row.created_at,
  };
}

/** The filtered set an export reads: the rows named by `ids`, else the filters and the chosen tab. */
function exportBase(db: Kysely<DB>, query: TaxDeclarationFilters, ids: number[] | undefined, today: string) {
  if (ids) return filtered(db, {}, today).where('tax_declarations.id', 'in', ids);
  const tab = taxDeclarationTabs(today).find((candidate) => candidate.status === query.status);
  const base = filtered(db, query, today);
  return tab ? base.where(tab.condition) : base;
}

/** Nullable sort columns are keyed by `coalesce(…, '')` in exports, so keyset paging never compares a null. */
const exportSortKeys = (today: string) => ({
  dueDate: sql`tax_declarations.due_date`,
  declaredDate: sql`coalesce(tax_declarations.declared_date, '')`,
  createdAt: sql`tax_declarations.created_at`,
  amount: sql`tax_declarations.amount`,
  daysOverdue: sql`${overdueKey(today)}`,
});

const EXPORT_BATCH_SIZE = 1000;

/** Every row of a filtered list (or the rows named by `ids`), in the list's order, batch by batch. */
export function taxDeclarationExportBatches(
  db: Kysely<DB>,
  query: TaxDeclarationFilters,
  ids: number[] | undefined,
  today = utcDate(),
): AsyncGenerator<TaxDeclarationRow[]> {
  const sortKey = exportSortKeys(today)[query.sort];
  const asked = query.order === 'ascend' ? 'asc' : 'desc';
  const direction = query.sort === 'daysOverdue' ? flip(asked) : asked;
  const base = exportBase(db, query, ids, today);
  const batches = keysetBatches(async (last: (RawRow & KeysetRow) | undefined) => {
    const page = last ? base.where(afterRow(sortKey, 'tax_declarations.id', direction, last)) : base;
    return withRowColumns(page)
      .select(sortKey.as('sort_key'))
      .orderBy(sortKey, direction)
      .orderBy('tax_declarations.id', direction)
      .limit(EXPORT_BATCH_SIZE)
      .execute() as Promise<(RawRow & KeysetRow)[]>;
  }, EXPORT_BATCH_SIZE);
  return mapBatches(batches, (rows) => rows.map((row) => toRow(row, today)));
}

/** How many rows an export of these filters (or ids) holds. */
export async function countTaxDeclarationExport(
  db: Kysely<DB>,
  query: TaxDeclarationFilters,
  ids: number[] | undefined,
  today = utcDate(),
): Promise<number> {
  const row = await exportBase(db, query, ids, today)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A declaration, locked for the rest of the transaction together with its service item, whose summary columns are
 * recomputed from all of the item's declarations: edits of two declarations of one item then queue, and the second
 * recomputes from the first one's committed change (see `selectForUpdate`).
 */
export async function findTaxDeclarationForUpdate(trx: Kysely<DB>, id: number) {
  const declaration = await selectForUpdate(
    trx,
    trx.selectFrom('tax_declarations').selectAll().where('id', '=', id),
  ).executeTakeFirst();
  if (declaration) {
    await selectForUpdate(
      trx,
      trx.selectFrom('service_items').select('id').where('id', '=', declaration.service_item_id),
    ).execute();
  }
  return declaration;
}
