import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../lib/time.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker, userIdOf } from '../notifications/test-helpers.ts';
import { companyOf, patentOrder } from '../patents/test-fixtures.ts';
import { scheduleSweep } from './sweep.ts';
import { dayFrom, noticesOfType, testClock } from './test-helpers.ts';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
  await t.loggedIn('rev', 'reviewer');
  await t.loggedIn('fin', 'finance');
  await t.loggedIn('alice', 'customer', 'Alice Ltd');
  await t.loggedIn('bob', 'customer', 'Bob Ltd');
});
afterEach(() => t.close());

/**
 * Noon (UTC) tomorrow: after the rows a test writes now, and past the hour the daily run is queued for, so a day
 * moved forward runs at once. A clock a minute from now failed from midnight to 01:00, when the next day's run was
 * queued but not yet due.
 */
const afterTheDailyRun = () => `${dayFrom(new Date(), 1)}T12:00:00.000Z`;

/** Runs the day's deadline run (queued as the server queues it at start) with the clock at `clock()`. */
async function runDay(clock: () => Date) {
  await scheduleSweep(t.ctx.db, clock());
  await testWorker(t.ctx.db).drain(clock);
}

describe('nudges', () => {
  it('an order waiting on its customer for 3 days gets a nudge to that company, again only after 3 more', async () => {
    const clock = testClock(afterTheDailyRun());
    const since = new Date(clock().getTime() - 3 * DAY - 60_000).toISOString();
    await patentOrder(t, await companyOf(t, 'alice'), { status: -1, status_changed_at: since });
    // Waiting on staff (2) or too recent: no nudge.
    await patentOrder(t, await companyOf(t, 'alice'), { status: 2, status_changed_at: since });
    await patentOrder(t, await companyOf(t, 'alice'), {
      status: 1,
      status_changed_at: clock().toISOString(),
    });
    await runDay(clock);
    await runDay(clock);
    const alice = await userIdOf(t, 'alice');
    let nudges = await noticesOfType(t.ctx.db, 'patent.nudge');
    expect(nudges.map((row) => row.user_id)).toEqual([alice]);
    expect(nudges[0]?.body).toContain('3 天');
    // One and two days later: no second nudge yet.
    for (let day = 1; day <= 2; day += 1) {
      clock.set(new Date(clock().getTime() + DAY).toISOString());
      await runDay(clock);
      expect(await noticesOfType(t.ctx.db, 'patent.nudge')).toHaveLength(1);
    }
    // Three days later: the first order's second nudge (6 days) and the recent order's first (3 days).
    clock.set(new Date(clock().getTime() + DAY).toISOString());
    await runDay(clock);
    nudges = await noticesOfType(t.ctx.db, 'patent.nudge');
    expect(
      nudges
        .slice(1)
        .map((row) => row.body.match(/已 (\d+) 天/)?.[1])
        .sort(),
    ).toEqual(['3', '6']);
  });

  it('an order the customer moved meanwhile is not nudged', async () => {
    const clock = testClock(afterTheDailyRun());
    const since = new Date(clock().getTime() - 4 * DAY).toISOString();
    const id = await patentOrder(t, await companyOf(t, 'alice'), { status: 1, status_changed_at: since });
    await scheduleSweep(t.ctx.db, clock());
    // The run queues the nudge; the customer submits before it goes out.
    const worker = testWorker(t.ctx.db, { config: { nudgeAfterDays: 3 } });
    await worker.runOnce(clock);
    await t.ctx.db.updateTable('patent_orders').set({ status: 2 }).where('id', '=', id).execute();
    await worker.drain(clock);
    expect(await noticesOfType(t.ctx.db, 'patent.nudge')).toEqual([]);
  });
});

describe('daily staff digest', () => {
  it('tells each staff member of their overdue work once a day', async () => {
    const clock = testClock(afterTheDailyRun());
    const alice = await companyOf(t, 'alice');
    // An OA deadline already past (reviewers) and an authorization fee set 70 days ago (finance).
    await patentOrder(t, alice, { status: 5, oa_abort_answer_time: dayFrom(clock(), -2) });
    await patentOrder(t, alice, {
      status: 12,
      authorization_amount: 100_000,
      status_changed_at: new Date(clock().getTime() - 70 * DAY).toISOString(),
    });
    await runDay(clock);
    await runDay(clock);
    const digests = await noticesOfType(t.ctx.db, 'staff.digest');
    const rev = await userIdOf(t, 'rev');
    const fin = await userIdOf(t, 'fin');
    expect(digests.map((row) => row.user_id).sort()).toEqual([rev, fin].sort());
    expect(digests.find((row) => row.user_id === rev)?.body).toContain('逾期期限 1 项');
    expect(digests.find((row) => row.user_id === fin)?.body).toContain('逾期期限 1 项');
    expect(digests[0]?.link).toBe('/admin/deadlines');
    clock.set(new Date(clock().getTime() + DAY).toISOString());
    await runDay(clock);
    expect(await noticesOfType(t.ctx.db, 'staff.digest')).toHaveLength(4);
  });

  it('no overdue work, no digest', async () => {
    const clock = testClock(afterTheDailyRun());
    await patentOrder(t, await companyOf(t, 'alice'), {
      status: 5,
      oa_abort_answer_time: dayFrom(clock(), 20),
    });
    await runDay(clock);
    expect(await noticesOfType(t.ctx.db, 'staff.digest')).toEqual([]);
  });

  it('queues tomorrow’s run once however many servers start', async () => {
    const clock = testClock(afterTheDailyRun());
    await Promise.all([scheduleSweep(t.ctx.db, clock()), scheduleSweep(t.ctx.db, clock())]);
    await Promise.all([testWorker(t.ctx.db).drain(clock), testWorker(t.ctx.db).drain(clock)]);
    const runs = await t.ctx.db
      .selectFrom('outbox_jobs')
      .select(['key', 'state', 'run_at'])
      .where('key', 'like', 'sweep:%')
      .orderBy('key')
      .execute();
    expect(runs).toEqual([
      { key: `sweep:${dayFrom(clock(), 0)}`, state: 'sent', run_at: expect.any(String) },
      {
        key: `sweep:${dayFrom(clock(), 1)}`,
        state: 'pending',
        run_at: `${dayFrom(clock(), 1)}T01:00:00.000Z`,
      },
    ]);
  });
});
