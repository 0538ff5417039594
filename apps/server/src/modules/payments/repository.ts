import type { PaymentKind, PaymentListQuery, PaymentState } from '@kxt/contracts/payments';
import { PAYMENT_TAB_STATES } from '@kxt/contracts/payments';
import { type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB, PaymentNotificationsTable, PaymentOrderRow, PaymentOrdersTable } from '../../db/schema.ts';
import { containsText, countTabs, pageOffset } from '../../lib/list.ts';
import { TRANSFER_PROVIDER } from './providers/provider.ts';

export function insertOrder(db: Kysely<DB>, row: Insertable<PaymentOrdersTable>) {
  return db.insertInto('payment_orders').values(row).execute();
}

export function findOrder(db: Kysely<DB>, orderNo: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/**
 * Compare-and-set: moves the order only if it is still in `from`. Answers whether it moved; a duplicate or late
 * event finds the state already changed and moves nothing.
 */
export async function moveOrder(
  db: Kysely<DB>,
  orderNo: string,
  from: PaymentState,
  to: PaymentState,
  set: Updateable<PaymentOrdersTable>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_orders')
    .set({ ...set, state: to, updated_at: at })
    .where('order_no', '=', orderNo)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A company's orders for one subject, newest first. */
export function ordersOfSubject(db: Kysely<DB>, customerId: number, kind: PaymentKind, subjectRef: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('kind', '=', kind)
    .where('subject_ref', '=', subjectRef)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Locks every order of the order's company and subject until the transaction ends, in id order, so two
 * transactions locking the same subject queue instead of deadlocking.
 */
export async function lockOrdersOfSubject(trx: Kysely<DB>, order: PaymentOrderRow) {
  await selectForUpdate(
    trx,
    trx
      .selectFrom('payment_orders')
      .select('id')
      .where('customer_id', '=', order.customer_id)
      .where('kind', '=', order.kind)
      .where('subject_ref', '=', order.subject_ref)
      .orderBy('id'),
  ).execute();
}

/** Another paid order of the same company and subject, if any. */
export async function otherPaidOrder(db: Kysely<DB>, order: PaymentOrderRow) {
  const row = await db
    .selectFrom('payment_orders')
    .select('order_no')
    .where('customer_id', '=', order.customer_id)
    .where('kind', '=', order.kind)
    .where('subject_ref', '=', order.subject_ref)
    .where('state', 'in', ['succeeded', 'approved'])
    .where('order_no', '<>', order.order_no)
    .executeTakeFirst();
  return row?.order_no;
}

/** Whether another company has orders for the subject (then it is theirs, and this caller gets a 404). */
export async function subjectBelongsElsewhere(
  db: Kysely<DB>,
  customerId: number,
  kind: PaymentKind,
  subjectRef: string,
) {
  const row = await db
    .selectFrom('payment_orders')
    .select('id')
    .where('kind', '=', kind)
    .where('subject_ref', '=', subjectRef)
    .where('customer_id', '<>', customerId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Open orders last touched before `before`: the sweeper asks about them or closes them. A prepared bank transfer
 * (nobody to ask) only once it has expired, so the many that wait for days never crowd out orders to chase.
 */
export function staleOpenOrders(db: Kysely<DB>, before: string, limit: number, now: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('state', 'in', ['created', 'paying'])
    .where('updated_at', '<', before)
    .where((eb) => eb.or([eb('provider', '<>', TRANSFER_PROVIDER), eb('expires_at', '<=', now)]))
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Records a notification once; answers its id, or undefined when the provider already sent that id. */
export async function insertNotification(
  db: Kysely<DB>,
  row: Insertable<PaymentNotificationsTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('payment_notifications')
    .values(row)
    .onConflict((conflict) => conflict.columns(['provider', 'notification_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function findNotification(db: Kysely<DB>, provider: string, notificationId: string) {
  return db
    .selectFrom('payment_notifications')
    .selectAll()
    .where('provider', '=', provider)
    .where('notification_id', '=', notificationId)
    .executeTakeFirst();
}

export async function setNotificationOutcome(db: Kysely<DB>, id: number, outcome: string) {
  await db.updateTable('payment_notifications').set({ outcome }).where('id', '=', id).execute();
}

/** The audit action of an order that paid a subject already paid by another order. */
export const DUPLICATE_ACTION = 'payment.duplicate';

const SORT_COLUMNS = {
  createdAt: 'payment_orders.created_at',
  amount: 'payment_orders.amount',
  paidAt: 'payment_orders.paid_at',
} as const;

/** The list's filters, without paging, sort or state tab: what a page and the 工作台's counts share. */
type PaymentFilters = Partial<Pick<PaymentListQuery, 'payType' | 'kind' | 'customerId' | 'keyword'>>;

function listBase(db: Kysely<DB>, query: PaymentFilters) {
  let base = db
    .selectFrom('payment_orders')
    .innerJoin('customers', 'customers.id', 'payment_orders.customer_id')
    .leftJoin('users as payer', 'payer.id', 'payment_orders.user_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'payment_orders.reviewed_by')
    .leftJoin('users as refunder', 'refunder.id', 'payment_orders.refunded_by');
  if (query.payType !== undefined) base = base.where('payment_orders.pay_type', '=', query.payType);
  if (query.kind) base = base.where('payment_orders.kind', '=', query.kind);
  if (query.customerId) base = base.where('payment_orders.customer_id', '=', query.customerId);
  const { keyword } = query;
  if (keyword) {
    base = base.where((eb) =>
      eb.or([
        containsText('payment_orders.order_no', keyword),
        containsText('payment_orders.reference', keyword),
        containsText('customers.name', keyword),
        containsText('payment_orders.payer_account', keyword),
      ]),
    );
  }
  return base;
}

/**
 * The finance list: a page of orders under the filters, the total, and counts per state tab. Each row says whether
 * the order was flagged as paying a subject twice (audit `payment.duplicate`), the ones finance refunds.
 */
export async function listPayments(db: Kysely<DB>, query: PaymentListQuery) {
  const base = listBase(db, query);
  const counts = await paymentTabCounts(db, query);
  const filtered = query.status ? base.where('payment_orders.state', '=', query.status) : base;
  const rows = await filtered
    .selectAll('payment_orders')
    .select([
      'customers.name as customer_name',
      'payer.username as user_name',
      'reviewer.username as reviewer_name',
      'refunder.username as refunder_name',
    ])
    .select((eb) =>
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('audit_log')
              .select('audit_log.id')
              .where('audit_log.entity_type', '=', 'payment_order')
              .whereRef('audit_log.entity_id', '=', 'payment_orders.order_no')
              .where('audit_log.action', '=', DUPLICATE_ACTION),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('duplicate'),
    )
    .orderBy(SORT_COLUMNS[query.sort], query.order === 'ascend' ? 'asc' : 'desc')
    .orderBy('payment_orders.id', query.order === 'ascend' ? 'asc' : 'desc')
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  const total = query.status ? (counts.get(query.status) ?? 0) : (counts.get('all') ?? 0);
  return { rows, counts, total };
}

/**
 * How many orders each state tab of the finance list holds under its filters (and `all`): the tabs' badges, and the
 * 工作台's count of transfers to review, which links to the 待审核 tab.
 */
export function paymentTabCounts(db: Kysely<DB>, query: PaymentFilters) {
  return countTabs(
    listBase(db, query).select('payment_orders.id'),
    PAYMENT_TAB_STATES.map((state) => ({
      status: state,
      condition: sql<SqlBool>`${sql.ref('payment_orders.state')} = ${state}`,
    })),
  );
}

export function listProducts(
  db: Kysely<DB>,
  query: { categoryIdTopId?: number | undefined; country?: string | undefined },
) {
  // Watch time is bought from a watch, never from the purchase page.
  let select = db
    .selectFrom('services')
    .selectAll()
    .where('active', '=', 1)
    .where('watch_region_years', 'is', null);
  if (query.categoryIdTopId !== undefined) select = select.where('category_id', '=', query.categoryIdTopId);
  if (query.country) select = select.where('country', '=', query.country.toUpperCase());
  return select.orderBy('category_id').orderBy('country').orderBy('id').execute();
}
