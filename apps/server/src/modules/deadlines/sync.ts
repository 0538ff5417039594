import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY, HOUR } from '../../lib/time.ts';
import { publishEvent } from '../notifications/events.ts';
import { KINDS_OF, type SourceDeadline, type SourceScope, sourceDeadlines } from './sources.ts';

/** Reminders go out at 01:00 UTC, 09:00 in China, on their day. */
const REMIND_AT_MS = 1 * HOUR;

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The reminders of a deadline due on `dueOn`, `days` before it, as seen at `now`. */
export function reminderPlan(
  dueOn: string,
  now: Date,
  days: readonly number[],
): { offset: number; runAt: string }[] {
  if (dueOn < dayOf(now)) return [];
  const due = Date.parse(`${dueOn}T00:00:00.000Z`) + REMIND_AT_MS;
  const planned = days.map((offset) => ({ offset, runAt: new Date(due - offset * DAY).toISOString() }));
  const future = planned.filter((reminder) => Date.parse(reminder.runAt) > now.getTime());
  const passed = planned.filter((reminder) => Date.parse(reminder.runAt) <= now.getTime());
  // Those whose time has passed are one reminder, now: the nearest to the deadline says the most.
  const nearest = passed.sort((a, b) => a.offset - b.offset)[0];
  return nearest ? [...future, { offset: nearest.offset, runAt: now.toISOString() }] : future;
}

const reminderKeyPrefix = (deadlineId: number) => `reminder:${deadlineId}:`;

/** Removes a deadline's reminders not yet sent (it moved or went away); sent ones stay as the record of what was. */
async function cancelReminders(trx: Kysely<DB>, deadlineId: number) {
  await trx
    .deleteFrom('outbox_jobs')
    .where('kind', '=', 'event')
    .where('state', '=', 'pending')
    .where('key', 'like', `${reminderKeyPrefix(deadlineId)}%`)
    .execute();
}

/** Queues a deadline's reminders; keyed per (deadline, date, offset), so scheduling twice queues each once. */
async function scheduleReminders(
  trx: Kysely<DB>,
  deadlineId: number,
  dueOn: string,
  now: Date,
  days: readonly number[],
) {
  for (const { offset, runAt } of reminderPlan(dueOn, now, days)) {
    await publishEvent(
      trx,
      { name: 'deadline.reminder', deadlineId, dueOn, offset },
      runAt,
      `${reminderKeyPrefix(deadlineId)}${dueOn}:${offset}`,
    );
  }
}

/** The stored deadlines of the records in scope. */
function storedInScope(trx: Kysely<DB>, scope: SourceScope) {
  let query = trx.selectFrom('deadlines').select(['id', 'kind', 'record_id', 'due_on', 'reference', 'title']);
  if (scope.patentOrderIds || scope.agreementIds) {
    query = query.where((eb) =>
      eb.or([
        ...(scope.patentOrderIds?.length
          ? [eb.and([eb('kind', 'in', KINDS_OF.patent), eb('record_id', 'in', scope.patentOrderIds)])]
          : []),
        ...(scope.agreementIds?.length
          ? [eb.and([eb('kind', 'in', KINDS_OF.agreement), eb('record_id', 'in', scope.agreementIds)])]
          : []),
        eb.lit(false),
      ]),
    );
  }
  return query.execute();
}

const keyOf = (deadline: { kind: string; recordId: number }) => `${deadline.kind}:${deadline.recordId}`;

/**
 * Brings the stored deadlines of the records in scope in step with their sources: a new one is stored with its
 * reminders; a moved one drops its pending reminders and gets new ones for the new date; one whose source no
 * longer has it (reply filed, fee paid, link signed) is removed with its pending reminders. An unchanged one is
 * left alone, so running this again (a replayed event, a second worker) schedules nothing twice.
 */
export async function syncDeadlines(
  trx: Kysely<DB>,
  scope: SourceScope,
  now: Date,
  reminderDays: readonly number[],
): Promise<void> {
  const [found, stored] = await Promise.all([sourceDeadlines(trx, scope, now), storedInScope(trx, scope)]);
  const storedByKey = new Map(stored.map((row) => [keyOf({ kind: row.kind, recordId: row.record_id }), row]));
  const at = now.toISOString();
  for (const deadline of found) {
    const existing = storedByKey.get(keyOf(deadline));
    storedByKey.delete(keyOf(deadline));
    if (existing?.due_on === deadline.dueOn) {
      if (existing.reference !== deadline.reference || existing.title !== deadline.title) {
        await trx
          .updateTable('deadlines')
          .set({ reference: deadline.reference, title: deadline.title, updated_at: at })
          .where('id', '=', existing.id)
          .execute();
      }
      continue;
    }
    const id = existing ? await move(trx, existing.id, deadline, at) : await insert(trx, deadline, at);
    await scheduleReminders(trx, id, deadline.dueOn, now, reminderDays);
  }
  for (const gone of storedByKey.values()) {
    await cancelReminders(trx, gone.id);
    await trx.deleteFrom('deadlines').where('id', '=', gone.id).execute();
  }
}

async function move(trx: Kysely<DB>, id: number, deadline: SourceDeadline, at: string) {
  await cancelReminders(trx, id);
  await trx
    .updateTable('deadlines')
    .set({ due_on: deadline.dueOn, reference: deadline.reference, title: deadline.title, updated_at: at })
    .where('id', '=', id)
    .execute();
  return id;
}

/** Stores a new deadline; one stored meanwhile by another worker is updated instead (same key). */
async function insert(trx: Kysely<DB>, deadline: SourceDeadline, at: string) {
  const values = {
    due_on: deadline.dueOn,
    reference: deadline.reference,
    title: deadline.title,
    customer_id: deadline.customerId,
    updated_at: at,
  };
  const row = await trx
    .insertInto('deadlines')
    .values({ ...values, kind: deadline.kind, record_id: deadline.recordId, created_at: at })
    .onConflict((conflict) => conflict.columns(['kind', 'record_id']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
