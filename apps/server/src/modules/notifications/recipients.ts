import type { NotificationType } from '@kxt/contracts/notifications';
import { PATENT_TRANSITIONS, type PatentStatus, patentStatusLabel } from '@kxt/contracts/patents';
import type { Role } from '@kxt/contracts/roles';
import { signUrl } from '@kxt/contracts/signing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MessageParams } from '../../locales/translate.ts';
import { deadlineNotices } from '../deadlines/notices.ts';
import { type Audience, patentListLink } from '../deadlines/service.ts';
import { formatMoney } from '../payments/service.ts';
import { watchNotices } from '../watches/notices.ts';
import type { DomainEvent } from './events.ts';

/** Who is told what about one event: the users, the type, the values of its text, and where it leads. */
export interface Notice {
  userIds: number[];
  type: NotificationType;
  params: MessageParams;
  link: string;
}

const CUSTOMER_PURCHASE = '/purchase';
const STAFF_PAYMENTS = '/admin/payments';
const STAFF_AGREEMENTS = '/admin/agreements';
const TRADEMARK_SEARCH = '/trademark/search';

/** The numbers a patent list shows of an order: its order no (several may share one) and its service no. */
type PatentOrderNumbers = { parent_order_no: string; service_code: string };

/**
 * How a notice names a patent order, and where its link leads: by the numbers the reader's list shows, so the reader
 * can find it there. The customer's list leads with the order no (订单号) and shows the service no (服务编号); the
 * back office's leads with the service no and shows no order no. The link opens that list searched for the service
 * no, the order's own number (the internal `order_no` is shown nowhere, so a search for it finds nothing).
 */
export function patentOrderRef(order: PatentOrderNumbers, audience: Audience) {
  const both =
    audience === 'customer' && order.parent_order_no && order.parent_order_no !== order.service_code;
  return {
    orderNo: both ? `${order.parent_order_no} / ${order.service_code}` : order.service_code,
    link: patentListLink(order.service_code, audience),
  };
}

/** Statuses at which a reviewer has the next move: the order waits on staff. */
export const WAITING_ON_STAFF = new Set<number>(
  Object.values(PATENT_TRANSITIONS)
    .filter((rule) => (rule.by as readonly string[]).includes('reviewer'))
    .flatMap((rule) => rule.from as readonly number[]),
);

/** The active users of a customer company. */
export async function companyUsers(db: Kysely<DB>, customerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('role', '=', 'customer')
    .where('disabled', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Staff of the first role that has anyone (a business without reviewers has its admins do the work). */
export async function staffOf(db: Kysely<DB>, roles: readonly Role[]): Promise<number[]> {
  for (const role of roles) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', role)
      .where('disabled', '=', 0)
      .orderBy('id')
      .execute();
    if (rows.length > 0) return rows.map((row) => row.id);
  }
  return [];
}

export const statusParam = (status: number) => ({
  'zh-CN': patentStatusLabel(status as PatentStatus, 'zh-CN'),
  'en-US': patentStatusLabel(status as PatentStatus, 'en-US'),
});

/** The one place where a domain event becomes notices for the right people. Unknown records tell no one. */
export async function noticesOf(db: Kysely<DB>, event: DomainEvent, now = new Date()): Promise<Notice[]> {
  switch (event.name) {
    case 'deadline.reminder':
    case 'patent.nudge':
    case 'staff.digest':
      return deadlineNotices(db, event, now);
    case 'deadline.sweep':
    case 'deadlines.changed':
      return [];
    case 'patent.moved':
      return patentNotices(db, event);
    case 'payment.moved':
      return paymentNotices(db, event);
    case 'agreement.linkCreated':
    case 'agreement.signed':
      return agreementNotices(db, event);
    case 'watch.hit':
    case 'watch.digest':
    case 'watch.asked':
      return watchNotices(db, event);
  }
}

async function patentNotices(db: Kysely<DB>, event: Extract<DomainEvent, { name: 'patent.moved' }>) {
  const order = await db
    .selectFrom('patent_orders')
    .select(['customer_id', 'parent_order_no', 'service_code', 'apply_title', 'oa_abort_answer_time'])
    .where('id', '=', event.orderId)
    .executeTakeFirst();
  if (!order) return [];
  const customer = patentOrderRef(order, 'customer');
  const staff = patentOrderRef(order, 'staff');
  const params: MessageParams = {
    title: order.apply_title,
    from: statusParam(event.from),
    to: statusParam(event.to),
    reason: event.reason ?? '',
    deadline: order.oa_abort_answer_time?.slice(0, 10) ?? '',
  };
  const notices: Notice[] = [];
  // The customer is told of what staff or a payment did; their own moves they know about.
  if (event.byStaff || event.transition === 'payAuthorizationFee') {
    const type: NotificationType =
      event.transition === 'enterOfficeAction'
        ? 'patent.officeAction'
        : event.transition === 'rejectMaterials'
          ? 'patent.materialsRejected'
          : event.transition === 'rejectReply'
            ? 'patent.replyRejected'
            : 'patent.moved';
    notices.push({
      userIds: await companyUsers(db, order.customer_id),
      type,
      params: { ...params, orderNo: customer.orderNo },
      link: customer.link,
    });
  }
  if (!event.byStaff && WAITING_ON_STAFF.has(event.to)) {
    notices.push({
      userIds: await staffOf(db, ['reviewer', 'admin']),
      type: 'patent.waitingOnStaff',
      params: { ...params, orderNo: staff.orderNo },
      link: staff.link,
    });
  }
  return notices;
}

const PAYMENT_TYPES: Partial<Record<string, NotificationType>> = {
  succeeded: 'payment.succeeded',
  approved: 'payment.approved',
  rejected: 'payment.rejected',
  refunded: 'payment.refunded',
};

async function paymentNotices(db: Kysely<DB>, event: Extract<DomainEvent, { name: 'payment.moved' }>) {
  const order = await db
    .selectFrom('payment_orders')
    .selectAll()
    .where('order_no', '=', event.orderNo)
    .executeTakeFirst();
  if (!order) return [];
  const params: MessageParams = {
    orderNo: order.order_no,
    description: order.description,
    amount: formatMoney(Number(order.amount), order.currency),
    reason: order.refund_reason ?? order.reject_reason ?? '',
  };
  if (event.to === 'submitted') {
    const userIds = await staffOf(db, ['finance', 'admin']);
    return [{ userIds, type: 'payment.transferSubmitted', params, link: STAFF_PAYMENTS } satisfies Notice];
  }
  const paid = event.to === 'succeeded' || event.to === 'approved';
  const bought = paid && order.kind === 'search-pack';
  const type = bought ? 'searchPack.bought' : PAYMENT_TYPES[event.to];
  if (!type) return [];
  // A patent order's fee leads to that order (its `subject_ref` is the order's service no).
  const link = bought
    ? TRADEMARK_SEARCH
    : order.kind === 'patent-fee'
      ? patentListLink(order.subject_ref, 'customer')
      : CUSTOMER_PURCHASE;
  return [{ userIds: await companyUsers(db, order.customer_id), type, params, link } satisfies Notice];
}

async function agreementNotices(
  db: Kysely<DB>,
  event: Extract<DomainEvent, { name: 'agreement.linkCreated' | 'agreement.signed' }>,
) {
  const agreement = await db
    .selectFrom('agreements')
    .innerJoin('customers', 'customers.id', 'agreements.customer_id')
    .select([
      'agreements.customer_id',
      'agreements.agreement_name',
      'agreements.code',
      'agreements.expires_at',
      'agreements.created_by',
      'customers.name as customer_name',
    ])
    .where('agreements.id', '=', event.agreementId)
    .executeTakeFirst();
  if (!agreement) return [];
  const params: MessageParams = {
    name: agreement.agreement_name,
    company: agreement.customer_name,
    expiresAt: agreement.expires_at.slice(0, 10),
  };
  if (event.name === 'agreement.linkCreated') {
    // The link is the signer's credential; only the company's own users receive it.
    const userIds = await companyUsers(db, agreement.customer_id);
    return [
      { userIds, type: 'agreement.linkCreated', params, link: signUrl(agreement.code) } satisfies Notice,
    ];
  }
  const userIds = agreement.created_by ? [agreement.created_by] : await staffOf(db, ['admin']);
  return [{ userIds, type: 'agreement.signed', params, link: STAFF_AGREEMENTS } satisfies Notice];
}
