import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { syncDeadlines } from '../deadlines/sync.ts';
import { companyOf, patentOrder } from '../patents/test-fixtures.ts';
import { decideOnSandboxPage, pay } from '../payments/test-helpers.ts';
import { publishEvent } from './events.ts';
import { enterOfficeAction, rejectMaterials, setContact, testWorker, userIdOf } from './test-helpers.ts';

let t: TestApp;
let reviewer: TestClient;
let customer: TestClient;
let company: number;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('rev', 'reviewer');
  customer = await t.loggedIn('alice', 'customer', 'Alice Ltd');
  company = await companyOf(t, 'alice');
});
afterEach(() => t.close());

interface Notice {
  type: string;
  title: string;
  body: string;
  link: string;
}

const noticesOf = async (client: TestClient, type: string) =>
  ((await client.get('/api/notifications?pageSize=50')).json().rows as Notice[]).filter(
    (row) => row.type === type,
  );

interface ListedRow {
  id: number;
  parentOrderNo: string;
  serviceCode: string;
}

/** The pages a patent notice may lead to, and the list endpoint each one shows. */
const LIST_API: Record<string, string> = {
  '/trademark/patent': '/api/patent/services',
  '/admin/patents': '/api/admin/patents',
};

/**
 * What the page a notification links to lists: its list endpoint asked as the page asks it, the link's `keyword`
 * in the search box (`searchValue`); the back office's `tab` picks the page's tab and is not a list filter.
 */
async function listedAt(client: TestClient, link: string): Promise<ListedRow[]> {
  const url = new URL(link, 'https://kxt.example');
  const api = LIST_API[url.pathname];
  if (!api) throw new Error(`not a patent list: ${link}`);
  const query = new URLSearchParams({ searchValue: url.searchParams.get('keyword') ?? '' });
  const response = await client.get(`${api}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rows as ListedRow[];
}

/** Three orders under one order no, as the demo has them; the middle one is the one a test is about. */
async function siblings(values: { status: number } & Record<string, unknown>) {
  const [first, order, last] = [1, 2, 3].map((n) => ({
    parent_order_no: 'KXT-P-C1-0003',
    order_no: `KXT-PO-C1-000${6 + n}`,
    service_code: `PT-C1-00${6 + n}`,
  }));
  await patentOrder(t, company, { ...first, status: values.status });
  const id = await patentOrder(t, company, { ...order, ...values });
  await patentOrder(t, company, { ...last, status: values.status });
  return id;
}

/** The notice names the order by the numbers its row in the linked list shows, not by the hidden order no. */
function expectNamedAsListed(notice: Notice, row: ListedRow, numbers: ('parentOrderNo' | 'serviceCode')[]) {
  for (const number of numbers) {
    expect(notice.title).toContain(row[number]);
    expect(notice.body).toContain(row[number]);
  }
  expect(`${notice.title} ${notice.body}`).not.toMatch(/KXT-PO-|ORD-TEST-/);
}

/** An order among siblings at `status`, nudged (waiting for the customer) since it was created. */
async function nudged(status: number): Promise<number> {
  const id = await siblings({ status });
  const { created_at } = await t.ctx.db
    .selectFrom('patent_orders')
    .select('created_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await publishEvent(t.ctx.db, { name: 'patent.nudge', orderId: id, since: created_at });
  await testWorker(t.ctx.db).drain();
  return id;
}

describe('a notice about a patent order leads to that order in the reader’s list', () => {
  it('a nudge (waiting for you) names the numbers the customer’s list shows; its link finds it', async () => {
    const id = await nudged(1);

    const [nudge] = await noticesOf(customer, 'patent.nudge');
    expect(nudge?.link).toBe('/trademark/patent?keyword=PT-C1-008');
    const rows = await listedAt(customer, nudge?.link ?? '');
    expect(rows.map((row) => row.id)).toEqual([id]);
    expectNamedAsListed(nudge as Notice, rows[0] as ListedRow, ['parentOrderNo', 'serviceCode']);
    expect(nudge?.title).toBe('专利订单 KXT-P-C1-0003 / PT-C1-008 等待您处理');
  });

  it('says the same in English', async () => {
    await setContact(t, 'alice', { locale: 'en-US' });
    const id = await nudged(-1);

    const [nudge] = await noticesOf(customer, 'patent.nudge');
    expect(nudge?.title).toBe('Patent order KXT-P-C1-0003 / PT-C1-008 is waiting for you');
    expect(nudge?.body).toMatch(/^Your patent order KXT-P-C1-0003 \/ PT-C1-008 \(/);
    expect((await listedAt(customer, nudge?.link ?? '')).map((row) => row.id)).toEqual([id]);
  });

  it('what a reviewer does (an office action, a rejection) tells the customer the same way', async () => {
    const officeAction = await enterOfficeAction(t, reviewer, 'alice');
    const rejected = await rejectMaterials(t, reviewer, 'alice', 'blurry scan');
    await testWorker(t.ctx.db).drain();
    for (const [type, id] of [
      ['patent.officeAction', officeAction],
      ['patent.materialsRejected', rejected],
    ] as const) {
      const [notice] = await noticesOf(customer, type);
      const rows = await listedAt(customer, notice?.link ?? '');
      expect(rows.map((row) => row.id)).toEqual([id]);
      expectNamedAsListed(notice as Notice, rows[0] as ListedRow, ['parentOrderNo', 'serviceCode']);
    }
  });

  it('an order waiting on staff is named by the back office’s service no; its link finds it', async () => {
    const id = await siblings({ status: 5 });
    await setContact(t, 'rev', { locale: 'en-US' });
    const aliceId = await userIdOf(t, 'alice');
    await t.ctx.db.transaction().execute(async (trx) => {
      const { applyTransition } = await import('../patents/transitions.ts');
      await applyTransition(trx, { id, status: 5, country_id: 44 }, 'uploadReply', {
        role: 'customer',
        audit: { actorUserId: aliceId },
      });
    });
    await testWorker(t.ctx.db).drain();

    const [waiting] = await noticesOf(reviewer, 'patent.waitingOnStaff');
    // The reviewer's page opens on their queue: the link asks for the list of every order.
    expect(waiting?.link).toBe('/admin/patents?tab=all&keyword=PT-C1-008');
    const rows = await listedAt(reviewer, waiting?.link ?? '');
    expect(rows.map((row) => row.id)).toEqual([id]);
    expectNamedAsListed(waiting as Notice, rows[0] as ListedRow, ['serviceCode']);
    expect(waiting?.title).toBe('Patent order PT-C1-008 waits on you');
  });

  it('a reminder of an order’s deadline leads to that order', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const id = await siblings({ status: 5, oa_abort_answer_time: '2026-03-11' });
    await syncDeadlines(t.ctx.db, { patentOrderIds: [id] }, now, [30, 14, 7, 3, 1, 0]);
    await testWorker(t.ctx.db).drain(() => now);

    const [reminder] = await noticesOf(customer, 'deadline.reminder');
    const rows = await listedAt(customer, reminder?.link ?? '');
    expect(rows.map((row) => row.id)).toEqual([id]);
    expect(reminder?.title).toContain(rows[0]?.serviceCode);
  });

  it('a paid authorization fee leads to the order it was paid for', async () => {
    const id = await siblings({ status: 12, authorization_amount: 180_000 });
    const created = await pay(customer, { serviceCode: 'PT-C1-008', payType: 9, payAmount: 180_000 });
    expect(created.statusCode, created.body).toBe(200);
    await decideOnSandboxPage(t, created.json().data.qrCode, 'approve');
    await testWorker(t.ctx.db).drain();

    for (const type of ['payment.succeeded', 'patent.moved']) {
      const [notice] = await noticesOf(customer, type);
      expect(notice, type).toBeDefined();
      expect((await listedAt(customer, notice?.link ?? '')).map((row) => row.id)).toEqual([id]);
    }
  });
});
