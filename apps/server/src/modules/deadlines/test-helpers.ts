import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY } from '../../lib/time.ts';

/** A clock a test moves by hand: `clock()` reads it, `clock.set()` and `clock.advance()` move it. */
export function testClock(start: string) {
  let now = new Date(start);
  const clock = () => now;
  clock.set = (iso: string) => {
    now = new Date(iso);
  };
  clock.advance = (days: number) => {
    now = new Date(now.getTime() + days * DAY);
  };
  return clock;
}

/** `days` after (or before) the clock's day, as YYYY-MM-DD. */
export const dayFrom = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/** The queued reminder events (key, state, due time), oldest first. */
export const reminderJobs = (db: Kysely<DB>) =>
  db
    .selectFrom('outbox_jobs')
    .select(['key', 'state', 'run_at'])
    .where('key', 'like', 'reminder:%')
    .orderBy('run_at')
    .orderBy('id')
    .execute();

/** The notifications of one type a user has. */
export const noticesOfType = (db: Kysely<DB>, type: string) =>
  db.selectFrom('notifications').selectAll().where('type', '=', type).orderBy('id').execute();
