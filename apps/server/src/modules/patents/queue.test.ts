import type { PatentQueueRow } from '@kxt/contracts/patent-queue';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY, isoAfter, isoBefore } from '../../lib/time.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { companyOf, patentOrder, statusOf } from './test-fixtures.ts';

let t: TestApp;
let reviewer: TestClient;
let customer: TestClient;
let company: number;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('reviewer1', 'reviewer');
  customer = await t.loggedIn('cust1', 'customer', '宁波队列测试有限公司');
  company = await companyOf(t, 'cust1');
});
afterEach(async () => {
  await t.close();
});

/** A UTC calendar day `days` from today, the form OA reply deadlines are kept in. */
const day = (days: number) => isoAfter(days * DAY).slice(0, 10);
/** An order that entered `status` `daysAgo` days ago. */
const waiting = (status: number, daysAgo: number, more: Record<string, unknown> = {}) =>
  patentOrder(t, company, { status, status_changed_at: isoBefore(daysAgo * DAY), ...more });

async function queue(view?: string) {
  const response = await reviewer.get(`/api/admin/patents/queue${view ? `?view=${view}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: PatentQueueRow[]; total: number };
}

describe('reviewer queue', () => {
  it('lists orders waiting on staff, nearest outstanding reply deadline first, then longest waiting', async () => {
    const newer = await waiting(3, 1);
    const older = await waiting(2, 9);
    const dueLater = await waiting(6, 0, { oa_abort_answer_time: day(10) });
    const dueSoon = await waiting(6, 0, { oa_abort_answer_time: day(3) });
    // A filed reply's deadline is history: it does not make the order urgent.
    const filed = await waiting(7, 2, { oa_abort_answer_time: day(-30) });
    for (const status of [-7, -6, -3, 11, 1, 5, -2, 12]) await waiting(status, 30);

    const answer = await queue();
    expect(answer.rows.map((row) => row.id)).toEqual([dueSoon, dueLater, older, filed, newer]);
    expect(answer.total).toBe(5);
    expect(answer.rows[0]?.replyDeadline).toBe(day(3));
    expect(answer.rows.find((row) => row.id === filed)?.replyDeadline).toBeNull();
    expect(answer.rows.find((row) => row.id === older)?.waitingSince).toBe(
      (
        await t.ctx.db
          .selectFrom('patent_orders')
          .select('status_changed_at')
          .where('id', '=', older)
          .executeTakeFirstOrThrow()
      ).status_changed_at,
    );
  });

  it('never lists closed, refunded, cancelled or certified orders in any view', async () => {
    for (const status of [-7, -6, -3, 11]) await waiting(status, 5, { oa_abort_answer_time: day(-1) });
    for (const view of ['staff', 'customer', 'dueSoon', 'overdue']) expect((await queue(view)).total).toBe(0);
  });

  it('a status move restarts the wait: an approved order goes behind those waiting longer', async () => {
    const moved = await waiting(2, 20);
    const other = await waiting(3, 5);
    expect((await queue()).rows.map((row) => row.id)).toEqual([moved, other]);
    const review = await reviewer.post(`/api/admin/patents/${moved}/materials-review`, {
      decision: 'approve',
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await statusOf(t, moved)).toBe(3);
    expect((await queue()).rows.map((row) => row.id)).toEqual([other, moved]);
  });

  it('counts each view for the 工作台 and lists the same orders behind each count', async () => {
    await waiting(2, 1);
    await waiting(6, 1, { oa_abort_answer_time: day(5) });
    const soon = await waiting(5, 1, { oa_abort_answer_time: day(2) });
    const today = await waiting(-2, 1, { oa_abort_answer_time: day(0) });
    const overdue = await waiting(5, 1, { oa_abort_answer_time: day(-1) });
    await waiting(5, 1, { oa_abort_answer_time: day(8) });
    await waiting(7, 1, { oa_abort_answer_time: day(-3) });
    await waiting(1, 1);
    await waiting(12, 1);
    await waiting(-7, 1);

    const summary = await reviewer.get('/api/admin/patents/queue/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data).toEqual({ staff: 3, dueSoon: 3, overdue: 1, customer: 6 });

    const dueSoon = await queue('dueSoon');
    expect(dueSoon.rows.map((row) => row.id).slice(0, 2)).toEqual([today, soon]);
    expect(dueSoon.total).toBe(3);
    expect((await queue('overdue')).rows.map((row) => row.id)).toEqual([overdue]);
    expect((await queue('customer')).total).toBe(6);
  });

  it('pages the queue', async () => {
    for (let index = 0; index < 3; index += 1) await waiting(2, 10 - index);
    const page = await reviewer.get('/api/admin/patents/queue?pageSize=2&pageNum=2');
    expect(page.json().rows).toHaveLength(1);
    expect(page.json().total).toBe(3);
  });

  it('is for reviewers and admins only; a bad view is a 400', async () => {
    expect((await customer.get('/api/admin/patents/queue')).statusCode).toBe(403);
    expect((await customer.get('/api/admin/patents/queue/summary')).statusCode).toBe(403);
    const finance = await t.loggedIn('finance1', 'finance');
    expect((await finance.get('/api/admin/patents/queue')).statusCode).toBe(403);
    expect((await t.client().get('/api/admin/patents/queue/summary')).statusCode).toBe(401);
    const admin = await t.loggedIn('admin1', 'admin');
    expect((await admin.get('/api/admin/patents/queue')).statusCode).toBe(200);
    expect((await reviewer.get('/api/admin/patents/queue?view=mine')).statusCode).toBe(400);
  });
});

describe('admin list order', () => {
  it('lists orders under way before closed, refunded and other finished ones', async () => {
    const active = await patentOrder(t, company, { status: 2, created_at: '2026-01-01T00:00:00.000Z' });
    const closed = await patentOrder(t, company, { status: -7, created_at: '2026-03-01T00:00:00.000Z' });
    const refunded = await patentOrder(t, company, { status: -6, created_at: '2026-03-02T00:00:00.000Z' });
    const pending = await patentOrder(t, company, { status: 1, created_at: '2026-02-01T00:00:00.000Z' });
    const rows = (await reviewer.get('/api/admin/patents?pageSize=10')).json().rows as { id: number }[];
    expect(rows.map((row) => row.id)).toEqual([pending, active, refunded, closed]);
  });
});
