import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DomainEvent } from '../notifications/events.ts';
import type { SourceScope } from './sources.ts';
import { type DeadlineSettings, runSweep } from './sweep.ts';
import { syncDeadlines } from './sync.ts';

/** The records whose deadlines an event may have changed. */
function scopeOf(event: DomainEvent): SourceScope | undefined {
  switch (event.name) {
    case 'patent.moved':
      return { patentOrderIds: [event.orderId] };
    case 'agreement.linkCreated':
    case 'agreement.signed':
      return { agreementIds: [event.agreementId] };
    case 'deadlines.changed':
      return {
        ...(event.orderId ? { patentOrderIds: [event.orderId] } : {}),
        ...(event.agreementId ? { agreementIds: [event.agreementId] } : {}),
      };
    default:
      return undefined;
  }
}

/**
 * Runs in the worker's transaction before an event is fanned out: the deadlines of the records it touched are
 * brought in step (so an OA entered at 4 → 5 has its deadline and reminders at once), and the daily run is run.
 * Answers whether the event was the daily run (it has no notices of its own).
 */
export async function deadlinesOnEvent(
  trx: Kysely<DB>,
  event: DomainEvent,
  now: Date,
  settings: DeadlineSettings,
): Promise<boolean> {
  if (event.name === 'deadline.sweep') {
    await runSweep(trx, now, settings);
    return true;
  }
  const scope = scopeOf(event);
  if (scope) await syncDeadlines(trx, scope, now, settings.reminderDays);
  return false;
}
