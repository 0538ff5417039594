import { randomUUID } from 'node:crypto';
import type { PatentTransition } from '@kxt/contracts/patents';
import type { PaymentState } from '@kxt/contracts/payments';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * The domain events that tell someone something. Each carries only ids and what the change itself decided (the
 * transition, a reason); who is told and what the text says is worked out later, by the worker, from the rows.
 */
export type DomainEvent =
  | {
      name: 'patent.moved';
      orderId: number;
      transition: PatentTransition;
      from: number;
      to: number;
      reason: string | null;
      /** A reviewer or admin moved it (the customer is told); else the customer or a payment did. */
      byStaff: boolean;
    }
  | { name: 'payment.moved'; orderNo: string; to: PaymentState }
  | { name: 'agreement.linkCreated'; agreementId: number }
  | { name: 'agreement.signed'; agreementId: number }
  /** A reminder `offset` days before (0: on) the deadline's date as it was when scheduled. */
  | { name: 'deadline.reminder'; deadlineId: number; dueOn: string; offset: number }
  /** The order has waited on its customer since `since` (its status change); sent every N days of waiting. */
  | { name: 'patent.nudge'; orderId: number; since: string }
  /** Overdue work of one staff member on `day`; orders count as overdue after `waitingDays` waiting on staff. */
  | { name: 'staff.digest'; userId: number; day: string; waitingDays: number }
  /** A record's dates changed without a move (a corrected OA deadline, a revoked link): its deadlines follow. */
  | { name: 'deadlines.changed'; orderId?: number; agreementId?: number }
  /** The daily run: refreshes every deadline, queues nudges and digests, schedules the next day's run. */
  | { name: 'deadline.sweep'; day: string }
  /** Marks a watch found at very high similarity: the company is told at once. */
  | { name: 'watch.hit'; watchId: number; markIds: number[] }
  /** The company's week of other hits (found since `since`), told once a week. */
  | { name: 'watch.digest'; customerId: number; since: string }
  /** The company asked its consultant about a hit: a task for the consultant. */
  | { name: 'watch.asked'; hitId: number };

/** Payment states someone is told about; the others (created, paying, failed, closed) are the payer's own doing. */
export const NOTIFIED_PAYMENT_STATES: readonly PaymentState[] = [
  'succeeded',
  'approved',
  'rejected',
  'refunded',
  'submitted',
];

/**
 * Records the event in the outbox, in the caller's transaction: it exists exactly when the change does, and a
 * worker fans it out to notifications and messages after the commit. Nothing is sent from inside the request.
 * `runAt` schedules it (a reminder is an event due later). `key` makes it idempotent: a second event with the same
 * key is not written (a reminder per deadline, date and offset; a digest per user and day).
 */
export async function publishEvent(
  trx: Kysely<DB>,
  event: DomainEvent,
  runAt?: string,
  key?: string,
): Promise<void> {
  if (event.name === 'payment.moved' && !NOTIFIED_PAYMENT_STATES.includes(event.to)) return;
  const at = nowIso();
  await trx
    .insertInto('outbox_jobs')
    .values({
      key: key ?? `event:${event.name}:${randomUUID()}`,
      kind: 'event',
      payload: JSON.stringify(event),
      user_id: null,
      recipient: null,
      notification_type: null,
      run_at: runAt ?? at,
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}
