import type { Role } from '@kxt/contracts/roles';
import { signUrl } from '@kxt/contracts/signing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY } from '../../lib/time.ts';
import { type LocalizedParam, type MessageParams, translate } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import type { DomainEvent } from '../notifications/events.ts';
import { companyUsers, type Notice, patentOrderRef, statusParam } from '../notifications/recipients.ts';
import { patentListLink } from './service.ts';
import { digestCounts, digestTotal, WAITING_ON_CUSTOMER } from './sweep.ts';
import { dayOf } from './sync.ts';

export const STAFF_DEADLINES = '/admin/deadlines';

/** One message in both languages, for a value inside another message. */
const inBoth = (key: MessageKey, params: MessageParams = {}): LocalizedParam => ({
  'zh-CN': translate('zh-CN', key, params),
  'en-US': translate('en-US', key, params),
});

const daysBetween = (fromDay: string, toDay: string) =>
  Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY);

/** "in 3 days", "tomorrow", "today", "2 days overdue". */
export function whenParam(dueOn: string, now: Date): LocalizedParam {
  const days = daysBetween(dayOf(now), dueOn);
  if (days === 0) return inBoth('deadline.when.today');
  if (days === 1) return inBoth('deadline.when.tomorrow');
  if (days === -1) return inBoth('deadline.when.oneDayOverdue');
  return days > 0 ? inBoth('deadline.when.days', { days }) : inBoth('deadline.when.overdue', { days: -days });
}

type DeadlineEvent = Extract<DomainEvent, { name: 'deadline.reminder' | 'patent.nudge' | 'staff.digest' }>;

/** Who is told what about a reminder, a nudge or a digest, as the records are when it runs (stale ones: no one). */
export async function deadlineNotices(db: Kysely<DB>, event: DeadlineEvent, now: Date): Promise<Notice[]> {
  switch (event.name) {
    case 'deadline.reminder':
      return reminderNotices(db, event, now);
    case 'patent.nudge':
      return nudgeNotices(db, event, now);
    case 'staff.digest':
      return digestNotices(db, event, now);
  }
}

async function reminderNotices(
  db: Kysely<DB>,
  event: Extract<DomainEvent, { name: 'deadline.reminder' }>,
  now: Date,
): Promise<Notice[]> {
  const deadline = await db
    .selectFrom('deadlines')
    .selectAll()
    .where('id', '=', event.deadlineId)
    .executeTakeFirst();
  // Moved or gone since the reminder was queued: its replacement (if any) tells.
  if (deadline?.due_on !== event.dueOn) return [];
  // A patent's deadline names it by its service no (`reference`), and leads to that order in the customer's list.
  let link = patentListLink(deadline.reference, 'customer');
  if (deadline.kind === 'signingLink') {
    const agreement = await db
      .selectFrom('agreements')
      .select('code')
      .where('id', '=', deadline.record_id)
      .executeTakeFirst();
    if (!agreement) return [];
    link = signUrl(agreement.code);
  }
  const subject =
    deadline.reference === deadline.title ? deadline.reference : `${deadline.reference} ${deadline.title}`;
  return [
    {
      userIds: await companyUsers(db, deadline.customer_id),
      type: 'deadline.reminder',
      params: {
        kind: inBoth(`deadline.kind.${deadline.kind}`),
        when: whenParam(deadline.due_on, now),
        due: deadline.due_on,
        ref: deadline.reference,
        subject,
      },
      link,
    },
  ];
}

async function nudgeNotices(
  db: Kysely<DB>,
  event: Extract<DomainEvent, { name: 'patent.nudge' }>,
  now: Date,
): Promise<Notice[]> {
  const order = await db
    .selectFrom('patent_orders')
    .select([
      'customer_id',
      'parent_order_no',
      'service_code',
      'apply_title',
      'status',
      'status_changed_at',
      'created_at',
    ])
    .where('id', '=', event.orderId)
    .executeTakeFirst();
  // The customer moved it meanwhile: nothing to nudge about.
  if (!order || !WAITING_ON_CUSTOMER.includes(order.status)) return [];
  if ((order.status_changed_at ?? order.created_at) !== event.since) return [];
  const { orderNo, link } = patentOrderRef(order, 'customer');
  return [
    {
      userIds: await companyUsers(db, order.customer_id),
      type: 'patent.nudge',
      params: {
        orderNo,
        title: order.apply_title,
        status: statusParam(order.status),
        days: Math.floor((now.getTime() - Date.parse(event.since)) / DAY),
      },
      link,
    },
  ];
}

async function digestNotices(
  db: Kysely<DB>,
  event: Extract<DomainEvent, { name: 'staff.digest' }>,
  now: Date,
): Promise<Notice[]> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', event.userId)
    .where('disabled', '=', 0)
    .executeTakeFirst();
  if (!user || user.role === 'customer') return [];
  const { waitingDays } = event;
  const counts = await digestCounts(db, user.role as Role, now, waitingDays);
  if (digestTotal(counts) === 0) return [];
  const lines = (locale: 'zh-CN' | 'en-US') =>
    [
      counts.overdueDeadlines
        ? translate(locale, 'deadline.digest.overdueDeadlines', { count: counts.overdueDeadlines })
        : '',
      counts.waitingOrders
        ? translate(locale, 'deadline.digest.waitingOrders', {
            count: counts.waitingOrders,
            days: waitingDays,
          })
        : '',
      counts.waitingTransfers
        ? translate(locale, 'deadline.digest.waitingTransfers', { count: counts.waitingTransfers })
        : '',
    ]
      .filter(Boolean)
      .join(locale === 'zh-CN' ? '；' : '; ');
  return [
    {
      userIds: [user.id],
      type: 'staff.digest',
      params: { total: digestTotal(counts), lines: { 'zh-CN': lines('zh-CN'), 'en-US': lines('en-US') } },
      link: STAFF_DEADLINES,
    },
  ];
}
