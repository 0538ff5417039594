import {
  OA_DUE_SOON_DAYS,
  OA_REPLY_PENDING_STATUSES,
  type PatentQueueQuery,
  type PatentQueueRow,
  type PatentQueueSummary,
  type PatentQueueView,
  WAITING_ON_CUSTOMER_STATUSES,
  WAITING_ON_STAFF_STATUSES,
} from '@kxt/contracts/patent-queue';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { pageOffset } from '../../lib/list.ts';
import { DAY, isoAfter } from '../../lib/time.ts';
import { extrasOf } from './orders.ts';
import type { PatentOrderJoined } from './repository.ts';
import { toAdminPatentRow } from './row.ts';

type OrdersBuilder = ExpressionBuilder<DB, 'patent_orders'>;

/** Days are compared as UTC calendar days ('yyyy-MM-dd'), the form the OA reply deadline is stored in. */
function dayWindow(now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  return { today, soonEnd: isoAfter(OA_DUE_SOON_DAYS * DAY, now).slice(0, 10) };
}

/** The orders a view lists. */
function inView(eb: OrdersBuilder, view: PatentQueueView) {
  const status = 'patent_orders.status';
  const deadline = 'patent_orders.oa_abort_answer_time';
  const { today, soonEnd } = dayWindow();
  switch (view) {
    case 'staff':
      return eb(status, 'in', [...WAITING_ON_STAFF_STATUSES]);
    case 'customer':
      return eb(status, 'in', [...WAITING_ON_CUSTOMER_STATUSES]);
    case 'dueSoon':
      return eb.and([
        eb(status, 'in', [...OA_REPLY_PENDING_STATUSES]),
        eb(deadline, '>=', today),
        eb(deadline, '<=', soonEnd),
      ]);
    case 'overdue':
      return eb.and([eb(status, 'in', [...OA_REPLY_PENDING_STATUSES]), eb(deadline, '<', today)]);
  }
}

const PENDING_LIST = sql.join(OA_REPLY_PENDING_STATUSES.map((status) => sql.lit(status)));
/** The reply deadline while the reply is outstanding, else null (a filed reply's date no longer presses). */
const replyDeadline = sql<
  string | null
>`case when patent_orders.status in (${PENDING_LIST}) then patent_orders.oa_abort_answer_time end`;
const waitingSince = sql<string>`coalesce(patent_orders.status_changed_at, patent_orders.created_at)`;

/**
 * A page of a queue view, most urgent first: the nearest outstanding OA reply deadline, then the longest wait in the
 * current status, then the oldest order.
 */
export async function patentQueue(db: Kysely<DB>, query: PatentQueueQuery, language: string) {
  const base = db.selectFrom('patent_orders').where((eb) => inView(eb, query.view));
  const counted = await base.select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow();
  const orders = (await base
    .innerJoin('patent_countries', 'patent_countries.id', 'patent_orders.country_id')
    .innerJoin('customers', 'customers.id', 'patent_orders.customer_id')
    .selectAll('patent_orders')
    .select([
      'patent_countries.code as country_code',
      'patent_countries.name_zh as country_name_zh',
      'patent_countries.name_en as country_name_en',
      'customers.name as customer_name',
      replyDeadline.as('reply_deadline'),
      waitingSince.as('waiting_since'),
    ])
    .orderBy(sql`case when ${replyDeadline} is null then 1 else 0 end`)
    .orderBy(replyDeadline)
    .orderBy(waitingSince)
    .orderBy('patent_orders.id')
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute()) as (PatentOrderJoined & { reply_deadline: string | null; waiting_since: string })[];
  const extras = await extrasOf(db, orders);
  const rows: PatentQueueRow[] = orders.map((order) => ({
    ...toAdminPatentRow(order, extras(order), language),
    waitingSince: order.waiting_since,
    replyDeadline: order.reply_deadline,
  }));
  return { rows, total: Number(counted.count) };
}

/** The 工作台's counts: how many orders each queue view lists. */
export async function patentQueueSummary(db: Kysely<DB>): Promise<PatentQueueSummary> {
  const count = async (view: PatentQueueView) => {
    const row = await db
      .selectFrom('patent_orders')
      .where((eb) => inView(eb, view))
      .select(sql<number | string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const [staff, dueSoon, overdue, customer] = await Promise.all([
    count('staff'),
    count('dueSoon'),
    count('overdue'),
    count('customer'),
  ]);
  return { staff, dueSoon, overdue, customer };
}
