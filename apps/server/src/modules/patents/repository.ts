import {
  type AdminPatentListQuery,
  FINAL_PATENT_STATUSES,
  PATENT_STATUS_LABELS,
  PATENT_STATUSES,
} from '@kxt/contracts/patents';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DB, PatentOrderRow } from '../../db/schema.ts';
import { customerIdsNamedLike } from '../../lib/customer-name-search.ts';
import { containsText, countByColumn, pageOffset } from '../../lib/list.ts';

/** An order with the columns its row shows from other tables. */
export type PatentOrderJoined = PatentOrderRow & {
  country_code: string;
  country_name_zh: string;
  country_name_en: string;
  customer_name: string;
};

export type PatentListFilters = Omit<AdminPatentListQuery, 'pageNum' | 'pageSize' | 'status' | 'statusList'>;

/** The order's own columns a list row shows as text (the unshown `order_no` is left out on purpose). */
const SHOWN_TEXT_COLUMNS = [
  'patent_orders.parent_order_no',
  'patent_orders.service_code',
  'patent_orders.service_name',
  'patent_orders.service_name_en',
  'patent_orders.apply_title',
  'patent_orders.inventor_name',
  'patent_orders.product_name',
  'patent_orders.reference_number',
  'patent_orders.registration_number',
] as const;

/**
 * The keyword matches what the lists show: the order's text columns, the country's name and the status's label in
 * either language, and (when the list is not one customer's) the customer's name.
 */
function keywordMatch(eb: ExpressionBuilder<DB, 'patent_orders'>, keyword: string, oneCustomer: boolean) {
  const contains = (column: string) => containsText(column, keyword);
  const lowered = keyword.toLowerCase();
  const statuses = PATENT_STATUSES.filter((status) =>
    Object.values(PATENT_STATUS_LABELS[status]).some((label) => label.toLowerCase().includes(lowered)),
  );
  const alternatives: Expression<SqlBool>[] = [
    ...SHOWN_TEXT_COLUMNS.map(contains),
    eb(
      'patent_orders.country_id',
      'in',
      eb
        .selectFrom('patent_countries')
        .select('patent_countries.id')
        .where((inner) =>
          inner.or([contains('patent_countries.name_zh'), contains('patent_countries.name_en')]),
        ),
    ),
  ];
  if (statuses.length > 0) alternatives.push(eb('patent_orders.status', 'in', statuses));
  if (!oneCustomer) {
    alternatives.push(eb('patent_orders.customer_id', 'in', customerIdsNamedLike(keyword)));
  }
  return eb.or(alternatives);
}

function filtered(db: Kysely<DB>, filters: PatentListFilters) {
  return db.selectFrom('patent_orders').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.customerId) conditions.push(eb('patent_orders.customer_id', '=', filters.customerId));
    if (filters.countryId) conditions.push(eb('patent_orders.country_id', '=', filters.countryId));
    if (filters.applyName) conditions.push(eb('patent_orders.apply_name', '=', filters.applyName));
    if (filters.serviceCode) conditions.push(eb('patent_orders.service_code', '=', filters.serviceCode));
    if (filters.searchValue) {
      conditions.push(keywordMatch(eb, filters.searchValue, filters.customerId !== undefined));
    }
    return eb.and(conditions);
  });
}

const JOINED_COLUMNS = [
  'patent_countries.code as country_code',
  'patent_countries.name_zh as country_name_zh',
  'patent_countries.name_en as country_name_en',
  'customers.name as customer_name',
] as const;

/** Orders still under way list before finished ones (certified, cancelled, refunded, closed), then newest first. */
const FINISHED_LAST = sql`case when patent_orders.status in (${sql.join(
  FINAL_PATENT_STATUSES.map((status) => sql.lit(status)),
)}) then 1 else 0 end`;

const joined = (db: Kysely<DB>) =>
  db
    .selectFrom('patent_orders')
    .innerJoin('patent_countries', 'patent_countries.id', 'patent_orders.country_id')
    .innerJoin('customers', 'customers.id', 'patent_orders.customer_id')
    .selectAll('patent_orders')
    .select(JOINED_COLUMNS);

/**
 * A page of orders under the filters and the chosen statuses, with the count of every status under the filters
 * alone (so each tab shows what choosing it would list).
 */
export async function listPatentOrders(
  db: Kysely<DB>,
  filters: PatentListFilters,
  statuses: number[] | undefined,
  page: { pageNum: number; pageSize: number },
) {
  const narrowed = Object.values(filters).some((value) => value !== undefined);
  const counts = await countByColumn(filtered(db, filters), 'patent_orders.status', narrowed);
  const total = statuses
    ? statuses.reduce((sum, status) => sum + (counts.get(String(status)) ?? 0), 0)
    : (counts.get('all') ?? 0);
  const rows =
    statuses?.length === 0
      ? []
      : await filtered(db, filters)
          .innerJoin('patent_countries', 'patent_countries.id', 'patent_orders.country_id')
          .innerJoin('customers', 'customers.id', 'patent_orders.customer_id')
          .selectAll('patent_orders')
          .select(JOINED_COLUMNS)
          .$if(statuses !== undefined, (query) => query.where('patent_orders.status', 'in', statuses ?? []))
          .orderBy(FINISHED_LAST)
          .orderBy('patent_orders.created_at', 'desc')
          .orderBy('patent_orders.id', 'desc')
          .limit(page.pageSize)
          .offset(pageOffset(page.pageNum, page.pageSize))
          .execute();
  return { rows: rows as PatentOrderJoined[], counts, total };
}

export async function findPatentOrder(db: Kysely<DB>, id: number): Promise<PatentOrderJoined | undefined> {
  return (await joined(db).where('patent_orders.id', '=', id).executeTakeFirst()) as
    | PatentOrderJoined
    | undefined;
}

/** The newest office action of each order. */
export async function latestOfficeActions(db: Kysely<DB>, orderIds: number[]) {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('patent_office_actions')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

export function findOfficeAction(db: Kysely<DB>, id: number) {
  return db.selectFrom('patent_office_actions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function materialsOf(db: Kysely<DB>, orderIds: number[]) {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('patent_materials')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

export function additionalRules(db: Kysely<DB>) {
  return db.selectFrom('patent_additional_rules').selectAll().orderBy('version').orderBy('id').execute();
}

export function listCountries(db: Kysely<DB>) {
  return db.selectFrom('patent_countries').selectAll().orderBy('id').execute();
}

/** Rejection reasons of an order, newest first, with the reviewer's account. */
export function rejectReasonsOf(db: Kysely<DB>, orderId: number, status?: number) {
  return db
    .selectFrom('patent_reject_reasons')
    .leftJoin('users', 'users.id', 'patent_reject_reasons.operator_user_id')
    .select([
      'patent_reject_reasons.id',
      'patent_reject_reasons.status',
      'patent_reject_reasons.content',
      'patent_reject_reasons.created_at',
      'users.username as operator',
    ])
    .where('patent_reject_reasons.order_id', '=', orderId)
    .$if(status !== undefined, (query) => query.where('patent_reject_reasons.status', '=', status ?? 0))
    .orderBy('patent_reject_reasons.id', 'desc')
    .execute();
}

export async function insertRejectReason(
  db: Kysely<DB>,
  row: {
    order_id: number;
    status: number;
    operator_user_id: number | null;
    content: string;
    created_at: string;
  },
) {
  await db.insertInto('patent_reject_reasons').values(row).execute();
}

/** Keeps a draft or a submission of the materials; a submission drops the draft it replaces. */
export async function saveMaterialsRow(
  db: Kysely<DB>,
  orderId: number,
  materials: unknown,
  kind: 'draft' | 'submitted',
  at: string,
) {
  const values =
    kind === 'draft'
      ? { draft: JSON.stringify(materials), draft_saved_at: at }
      : { submitted: JSON.stringify(materials), submitted_at: at, draft: null, draft_saved_at: null };
  await db
    .insertInto('patent_materials')
    .values({ order_id: orderId, ...values })
    .onConflict((conflict) => conflict.column('order_id').doUpdateSet(values))
    .execute();
}
