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
import { containsPattern, countTabs, pageOffset, type TabSpec, utcDate } from '../../lib/list.ts';
import { overdueDueDateRange } from '../service-items/repository.ts';

const SORT_COLUMNS = {
  dueDate: 'tax_declarations.due_date',
  declaredDate: 'tax_declarations.declared_date',
  createdAt: 'tax_declarations.created_at',
  amount: 'tax_declarations.amount',
} as const;

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

function filtered(db: Kysely<DB>, query: TaxDeclarationListQuery, today: string) {
  return db.selectFrom('tax_declarations').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.keyword) {
      const pattern = containsPattern(query.keyword);
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
                inner(
                  'service_items.customer_id',
                  'in',
                  inner
                    .selectFrom('customers')
                    .select('customers.id')
                    .where(sql<SqlBool>`lower(customers.name) like ${pattern} escape '\\'`),
                ),
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

export async function listTaxDeclarations(
  db: Kysely<DB>,
  query: TaxDeclarationListQuery,
  cache: CountCache,
  today = utcDate(),
) {
  const tabs = taxDeclarationTabs(today);
  const base = filtered(db, query, today);
  const counts = await cache.get(countKey('tax-declarations', query, today), () => countTabs(base, tabs));
  const tab = tabs.find((candidate) => candidate.status === query.status);
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const rows = await (tab ? base.where(tab.condition) : base)
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
    ])
    .orderBy(SORT_COLUMNS[query.sort], direction)
    .orderBy('tax_declarations.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const page: TaxDeclarationRow[] = rows.map((row) => {
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
  });
  return { rows: page, counts, total: counts.get(query.status ?? 'all') ?? 0 };
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
