import { PATENT_STATUS } from '@kxt/contracts/patents';
import type { Role } from '@kxt/contracts/roles';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY, HOUR } from '../../lib/time.ts';
import { publishEvent } from '../notifications/events.ts';
import { WAITING_ON_STAFF } from '../notifications/recipients.ts';
import { dayOf, syncDeadlines } from './sync.ts';

export interface DeadlineSettings {
  reminderDays: readonly number[];
  nudgeAfterDays: number;
}

/** Statuses at which the customer has the next move (spec: 1 upload, -1 fix materials, 5 answer OA, -2 fix answer). */
export const WAITING_ON_CUSTOMER: readonly number[] = [
  PATENT_STATUS.pendingMaterials,
  PATENT_STATUS.materialsRejected,
  PATENT_STATUS.officeAction,
  PATENT_STATUS.replyRejected,
];

/** The daily run starts at 01:00 UTC (09:00 in China), before the working day. */
const SWEEP_AT_MS = 1 * HOUR;

const sweepKey = (day: string) => `sweep:${day}`;

/**
 * Queues the daily run for `now`'s day (at once) unless it already exists: a server starting after days off runs it
 * today; several servers starting together queue it once (the key is unique).
 */
export async function scheduleSweep(db: Kysely<DB>, now: Date): Promise<void> {
  const day = dayOf(now);
  await publishEvent(db, { name: 'deadline.sweep', day }, now.toISOString(), sweepKey(day));
}

/** The daily run, in the outbox worker's transaction: deadlines refreshed, nudges, digests, tomorrow's run queued. */
export async function runSweep(trx: Kysely<DB>, now: Date, settings: DeadlineSettings): Promise<void> {
  await syncDeadlines(trx, {}, now, settings.reminderDays);
  await queueNudges(trx, now, settings.nudgeAfterDays);
  await queueDigests(trx, now, settings.nudgeAfterDays);
  const tomorrow = dayOf(new Date(Date.parse(`${dayOf(now)}T00:00:00.000Z`) + DAY));
  const runAt = new Date(Date.parse(`${tomorrow}T00:00:00.000Z`) + SWEEP_AT_MS).toISOString();
  await publishEvent(trx, { name: 'deadline.sweep', day: tomorrow }, runAt, sweepKey(tomorrow));
}

const waitingSince = (order: { status_changed_at: string | null; created_at: string }) =>
  order.status_changed_at ?? order.created_at;

/**
 * A nudge for each order that has waited on its customer `afterDays` or more: one per `afterDays` of waiting (the
 * key counts the periods since the order entered its status), so never more often than every `afterDays` days.
 */
export async function queueNudges(trx: Kysely<DB>, now: Date, afterDays: number): Promise<void> {
  const orders = await trx
    .selectFrom('patent_orders')
    .select(['id', 'status_changed_at', 'created_at'])
    .where('status', 'in', WAITING_ON_CUSTOMER as number[])
    .execute();
  for (const order of orders) {
    const since = waitingSince(order);
    const periods = Math.floor((now.getTime() - Date.parse(since)) / (afterDays * DAY));
    if (periods < 1) continue;
    await publishEvent(
      trx,
      { name: 'patent.nudge', orderId: order.id, since },
      now.toISOString(),
      `nudge:${order.id}:${since}:${periods}`,
    );
  }
}

/** What a staff member's digest counts; zero everywhere means no digest. */
export interface DigestCounts {
  overdueDeadlines: number;
  waitingOrders: number;
  waitingTransfers: number;
}

/** The deadline kinds each staff role answers for (admins for all). */
const DEADLINE_KINDS_OF: Partial<Record<Role, readonly DB['deadlines']['kind'][]>> = {
  reviewer: ['oaReply', 'renewal'],
  finance: ['authorizationFee'],
  admin: ['oaReply', 'renewal', 'authorizationFee', 'signingLink'],
  consultant: ['signingLink'],
};

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** Overdue work waiting on one staff role today: deadlines past, orders waiting on staff, transfers to review. */
export async function digestCounts(
  db: Kysely<DB>,
  role: Role,
  now: Date,
  waitingDays: number,
): Promise<DigestCounts> {
  const kinds = DEADLINE_KINDS_OF[role] ?? [];
  const reviews = role === 'reviewer' || role === 'admin';
  const transfers = role === 'finance' || role === 'admin';
  const [deadlines, orders, payments] = await Promise.all([
    kinds.length === 0
      ? undefined
      : db
          .selectFrom('deadlines')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', 'in', kinds)
          .where('due_on', '<', dayOf(now))
          .executeTakeFirst(),
    reviews
      ? db
          .selectFrom('patent_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', [...WAITING_ON_STAFF])
          .where((eb) =>
            eb(
              eb.fn.coalesce('status_changed_at', 'created_at'),
              '<',
              new Date(now.getTime() - waitingDays * DAY).toISOString(),
            ),
          )
          .executeTakeFirst()
      : undefined,
    transfers
      ? db
          .selectFrom('payment_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', '=', 'submitted')
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    overdueDeadlines: count(deadlines),
    waitingOrders: count(orders),
    waitingTransfers: count(payments),
  };
}

export const digestTotal = (counts: DigestCounts) =>
  counts.overdueDeadlines + counts.waitingOrders + counts.waitingTransfers;

/** One digest per staff member with overdue work, per day (keyed by day and user). */
export async function queueDigests(trx: Kysely<DB>, now: Date, waitingDays: number): Promise<void> {
  const staff = await trx
    .selectFrom('users')
    .select(['id', 'role'])
    .where('role', '!=', 'customer')
    .where('disabled', '=', 0)
    .orderBy('id')
    .execute();
  const day = dayOf(now);
  const byRole = new Map<Role, DigestCounts>();
  for (const user of staff) {
    const role = user.role as Role;
    if (!byRole.has(role)) byRole.set(role, await digestCounts(trx, role, now, waitingDays));
    if (digestTotal(byRole.get(role) as DigestCounts) === 0) continue;
    await publishEvent(
      trx,
      { name: 'staff.digest', userId: user.id, day, waitingDays },
      now.toISOString(),
      `digest:${day}:${user.id}`,
    );
  }
}
