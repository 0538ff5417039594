import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { enterOfficeAction, testWorker, userIdOf } from '../notifications/test-helpers.ts';
import { companyOf, patentOrder } from '../patents/test-fixtures.ts';
import { reminderPlan, syncDeadlines } from './sync.ts';
import { dayFrom, noticesOfType, reminderJobs, testClock } from './test-helpers.ts';

const DAYS = [30, 14, 7, 3, 1, 0];

describe('reminder plan', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('plans one reminder per offset at 01:00 UTC of its day', () => {
    expect(reminderPlan('2026-05-01', now, DAYS)).toEqual([
      { offset: 30, runAt: '2026-04-01T01:00:00.000Z' },
      { offset: 14, runAt: '2026-04-17T01:00:00.000Z' },
      { offset: 7, runAt: '2026-04-24T01:00:00.000Z' },
      { offset: 3, runAt: '2026-04-28T01:00:00.000Z' },
      { offset: 1, runAt: '2026-04-30T01:00:00.000Z' },
      { offset: 0, runAt: '2026-05-01T01:00:00.000Z' },
    ]);
  });

  it('turns the offsets already past into one reminder, now', () => {
    const plan = reminderPlan('2026-03-10', now, DAYS);
    expect(plan).toEqual([
      { offset: 7, runAt: '2026-03-03T01:00:00.000Z' },
      { offset: 3, runAt: '2026-03-07T01:00:00.000Z' },
      { offset: 1, runAt: '2026-03-09T01:00:00.000Z' },
      { offset: 0, runAt: '2026-03-10T01:00:00.000Z' },
      { offset: 14, runAt: now.toISOString() },
    ]);
  });

  it('a deadline due today gets one reminder now; one already past gets none', () => {
    expect(reminderPlan('2026-03-01', now, DAYS)).toEqual([{ offset: 0, runAt: now.toISOString() }]);
    expect(reminderPlan('2026-02-28', now, DAYS)).toEqual([]);
  });
});

let t: TestApp;
let reviewer: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('rev', 'reviewer');
  await t.loggedIn('alice', 'customer', 'Alice Ltd');
});
afterEach(() => t.close());

const now = new Date('2026-03-01T10:00:00Z');
/** An order waiting on the customer's OA answer, due `days` after `now`. */
const oaOrder = async (days: number) =>
  patentOrder(t, await companyOf(t, 'alice'), { status: 5, oa_abort_answer_time: dayFrom(now, days) });
const sync = (id: number, at = now) => syncDeadlines(t.ctx.db, { patentOrderIds: [id] }, at, DAYS);
const stored = () => t.ctx.db.selectFrom('deadlines').selectAll().execute();

describe('deadlines follow their source', () => {
  it('stores an OA deadline with its reminders, and a second run changes nothing', async () => {
    const id = await oaOrder(10);
    await sync(id);
    expect(await stored()).toMatchObject([{ kind: 'oaReply', record_id: id, due_on: '2026-03-11' }]);
    const first = await reminderJobs(t.ctx.db);
    expect(first.map((job) => job.key.split(':').at(-1))).toEqual(['14', '7', '3', '1', '0']);
    expect(first[0]?.run_at).toBe(now.toISOString());
    await sync(id);
    await sync(id, new Date(now.getTime() + 3_600_000));
    expect(await reminderJobs(t.ctx.db)).toEqual(first);
  });

  it('a moved deadline drops its pending reminders and schedules the new date’s', async () => {
    const id = await oaOrder(40);
    await sync(id);
    expect(await reminderJobs(t.ctx.db)).toHaveLength(6);
    await t.ctx.db
      .updateTable('patent_orders')
      .set({ oa_abort_answer_time: dayFrom(now, 5) })
      .where('id', '=', id)
      .execute();
    await sync(id);
    const jobs = await reminderJobs(t.ctx.db);
    expect(jobs.every((job) => job.key.includes(':2026-03-06:'))).toBe(true);
    expect(jobs.map((job) => job.key.split(':').at(-1))).toEqual(['7', '3', '1', '0']);
    expect((await stored())[0]?.due_on).toBe('2026-03-06');
  });

  it('a cleared deadline (reply filed) is removed with its pending reminders; sent ones stay', async () => {
    const id = await oaOrder(10);
    await sync(id);
    await t.ctx.db
      .updateTable('outbox_jobs')
      .set({ state: 'sent' })
      .where('run_at', '=', now.toISOString())
      .execute();
    await t.ctx.db.updateTable('patent_orders').set({ status: 7 }).where('id', '=', id).execute();
    await sync(id);
    expect(await stored()).toEqual([]);
    expect(await reminderJobs(t.ctx.db)).toMatchObject([{ state: 'sent' }]);
  });

  it('an order that is not waiting on an OA answer has no OA deadline', async () => {
    const id = await patentOrder(t, await companyOf(t, 'alice'), {
      status: 8,
      oa_abort_answer_time: dayFrom(now, 10),
    });
    await sync(id);
    expect((await stored()).filter((row) => row.kind === 'oaReply')).toEqual([]);
  });
});

describe('reminders are delivered', () => {
  it('entering an OA sends the passed reminder once at once, then each offset once, to each company user', async () => {
    await t.loggedIn('alice2', 'customer', 'Alice Ltd');
    // The OA is entered through the API; its event reaches the worker, which finds the deadline.
    const start = new Date();
    await enterOfficeAction(t, reviewer, 'alice', dayFrom(start, 10));
    // The event is written at the real time: the clock starts just after it.
    const clock = testClock(new Date().toISOString());
    // Two workers at once: each reminder is one notification per user all the same.
    await Promise.all([
      testWorker(t.ctx.db, { owner: 'a' }).drain(clock),
      testWorker(t.ctx.db, { owner: 'b' }).drain(clock),
    ]);
    const alice = await userIdOf(t, 'alice');
    let reminders = await noticesOfType(t.ctx.db, 'deadline.reminder');
    expect(reminders.map((row) => row.user_id).sort()).toEqual([alice, await userIdOf(t, 'alice2')].sort());
    expect(reminders[0]?.title).toContain('10 天后');
    expect(reminders[0]?.title).toContain('OA 答复期限');
    // The days pass: the 7, 3, 1 and 0 day reminders, each once, however often the worker runs.
    for (const days of [3, 7, 9, 10, 11]) {
      clock.set(`${dayFrom(start, days)}T02:00:00Z`);
      await testWorker(t.ctx.db).drain(clock);
      await testWorker(t.ctx.db).drain(clock);
    }
    reminders = (await noticesOfType(t.ctx.db, 'deadline.reminder')).filter((row) => row.user_id === alice);
    expect(reminders.map((row) => row.title)).toEqual([
      expect.stringContaining('10 天后'),
      expect.stringContaining('7 天后'),
      expect.stringContaining('3 天后'),
      expect.stringContaining('明天'),
      expect.stringContaining('今天'),
    ]);
  });

  it('a corrected OA deadline reschedules its reminders through the outbox', async () => {
    const start = new Date();
    const id = await enterOfficeAction(t, reviewer, 'alice', dayFrom(start, 40));
    await testWorker(t.ctx.db).drain(testClock(new Date().toISOString()));
    expect((await reminderJobs(t.ctx.db)).filter((job) => job.state === 'pending')).toHaveLength(6);
    const corrected = await reviewer.post(`/api/admin/patents/${id}/office-action/deadline`, {
      oaAbortAnswerTime: dayFrom(start, 20),
      reason: 'typo in the date',
    });
    expect(corrected.statusCode).toBe(200);
    await testWorker(t.ctx.db).drain(testClock(new Date().toISOString()));
    const pending = (await reminderJobs(t.ctx.db)).filter((job) => job.state === 'pending');
    expect(pending.map((job) => job.key.split(':').slice(2).join(':'))).toEqual(
      [14, 7, 3, 1, 0].map((offset) => `${dayFrom(start, 20)}:${offset}`),
    );
  });

  it('a reminder queued for a date since moved tells no one', async () => {
    const clock = testClock(now.toISOString());
    const id = await oaOrder(10);
    await sync(id);
    // The date moves without its reminders being rescheduled yet: the queued one must not go out.
    await t.ctx.db.updateTable('deadlines').set({ due_on: '2026-04-30' }).execute();
    await testWorker(t.ctx.db).drain(clock);
    expect(await noticesOfType(t.ctx.db, 'deadline.reminder')).toEqual([]);
  });
});
