import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { patentOrder } from '../patents/test-fixtures.ts';
import {
  enterOfficeAction,
  jobs,
  rejectMaterials,
  setContact,
  testWorker,
  userIdOf,
} from './test-helpers.ts';

let t: TestApp;
let reviewer: TestClient;
let customer: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('rev', 'reviewer');
  customer = await t.loggedIn('alice', 'customer', 'Alice Ltd');
});
afterEach(() => t.close());

const list = async (client: TestClient, query = '') =>
  (await client.get(`/api/notifications${query}`)).json();

describe('events become notifications', () => {
  it('writes the event with the change and tells no one until a worker runs', async () => {
    await enterOfficeAction(t, reviewer, 'alice');
    expect(await jobs(t.ctx.db, 'event')).toHaveLength(1);
    expect((await list(customer)).total).toBe(0);
    await testWorker(t.ctx.db).drain();
    const answer = await list(customer);
    expect(answer.total).toBe(1);
    expect(answer.unread).toBe(1);
    expect(answer.rows[0]).toMatchObject({
      type: 'patent.officeAction',
      link: `/trademark/patent?keyword=PT-TEST-${await lastOrderNo()}`,
      readAt: null,
    });
    expect(answer.rows[0].title).toContain('2026-06-10');
    expect(answer.rows[0].body).toContain('审查意见');
  });

  it('writes no event when the change is refused', async () => {
    const id = await patentOrder(t, 1, { status: 1 });
    const refused = await reviewer.post(`/api/admin/patents/${id}/materials-review`, {
      decision: 'reject',
      reason: 'x',
    });
    expect(refused.statusCode).toBe(409);
    expect(await jobs(t.ctx.db, 'event')).toHaveLength(0);
  });

  it('tells the reason of a rejection in the recipient’s language, and only the company’s users', async () => {
    const bob = await t.loggedIn('bob', 'customer', 'Bob Ltd');
    await setContact(t, 'alice', { locale: 'en-US' });
    await rejectMaterials(t, reviewer, 'alice', 'signature page missing');
    await testWorker(t.ctx.db).drain();
    const [row] = (await list(customer)).rows;
    expect(row.type).toBe('patent.materialsRejected');
    expect(row.title).toMatch(/^Materials of patent order/);
    expect(row.body).toContain('signature page missing');
    expect((await list(bob)).total).toBe(0);
    // The reviewer made the move: no "waiting on you" for staff.
    expect((await list(reviewer)).total).toBe(0);
  });

  it('tells staff by role when a customer’s move makes an order wait on them', async () => {
    const company = (
      await t.ctx.db
        .selectFrom('users')
        .select('customer_id')
        .where('username', '=', 'alice')
        .executeTakeFirstOrThrow()
    ).customer_id as number;
    const id = await patentOrder(t, company, { status: 5 });
    const { db } = t.ctx;
    const aliceId = await userIdOf(t, 'alice');
    await db.transaction().execute(async (trx) => {
      const { applyTransition } = await import('../patents/transitions.ts');
      await applyTransition(trx, { id, status: 5, country_id: 44 }, 'uploadReply', {
        role: 'customer',
        audit: { actorUserId: aliceId },
      });
    });
    await testWorker(db).drain();
    const staff = await list(reviewer);
    expect(staff.rows.map((row: { type: string }) => row.type)).toEqual(['patent.waitingOnStaff']);
    expect(staff.rows[0].link).toBe(`/admin/patents?tab=all&keyword=PT-TEST-${await lastOrderNo()}`);
    expect((await list(customer)).total).toBe(0);
  });
});

describe('the in-app list', () => {
  it('lists newest first, marks one read and all read; another user’s notification is a 404', async () => {
    await enterOfficeAction(t, reviewer, 'alice', '2026-07-01');
    await rejectMaterials(t, reviewer, 'alice', 'blurry scan');
    await testWorker(t.ctx.db).drain();
    const answer = await list(customer);
    expect(answer.rows.map((row: { type: string }) => row.type)).toEqual([
      'patent.materialsRejected',
      'patent.officeAction',
    ]);
    const [newest, older] = answer.rows;

    const other = await t.loggedIn('mallory', 'customer', 'Mallory Ltd');
    expect((await other.post(`/api/notifications/${newest.id}/read`)).statusCode).toBe(404);
    expect((await list(customer)).unread).toBe(2);

    expect((await customer.post(`/api/notifications/${older.id}/read`)).statusCode).toBe(200);
    const afterOne = await list(customer);
    expect(afterOne.unread).toBe(1);
    expect(afterOne.rows[1].readAt).not.toBeNull();
    expect((await list(customer, '?unreadOnly=1')).rows.map((row: { id: number }) => row.id)).toEqual([
      newest.id,
    ]);

    const all = await customer.post('/api/notifications/read-all');
    expect(all.json().data.updated).toBe(1);
    expect((await list(customer)).unread).toBe(0);
    expect((await customer.post('/api/notifications/999999/read')).statusCode).toBe(404);
  });

  it('needs a login', async () => {
    expect((await t.client().get('/api/notifications')).statusCode).toBe(401);
  });
});

describe('channel preferences', () => {
  it('are the user’s own: another user’s are a 404, an unknown type a 400, nothing changed', async () => {
    const alice = await userIdOf(t, 'alice');
    const rev = await userIdOf(t, 'rev');
    const own = (await customer.get(`/api/notification-preferences/${alice}`)).json().data;
    expect(own.find((row: { type: string }) => row.type === 'patent.officeAction')).toEqual({
      type: 'patent.officeAction',
      channels: { inApp: true, email: true, sms: true },
      deadline: true,
      inAppLocked: false,
    });
    expect((await customer.get(`/api/notification-preferences/${rev}`)).statusCode).toBe(404);
    const off = { inApp: false, email: false, sms: false };
    expect(
      (
        await customer.request({
          method: 'PUT',
          url: `/api/notification-preferences/${rev}/patent.moved`,
          payload: off,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await customer.request({
          method: 'PUT',
          url: `/api/notification-preferences/${alice}/no.such`,
          payload: off,
        })
      ).statusCode,
    ).toBe(400);
    expect(await t.ctx.db.selectFrom('notification_preferences').selectAll().execute()).toEqual([]);
  });

  it('keep at least one channel of a deadline type', async () => {
    const alice = await userIdOf(t, 'alice');
    const put = (type: string, channels: object) =>
      customer.request({
        method: 'PUT',
        url: `/api/notification-preferences/${alice}/${type}`,
        payload: channels,
      });
    const refused = await put('patent.officeAction', { inApp: false, email: false, sms: false });
    expect(refused.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('notification_preferences').selectAll().execute()).toEqual([]);
    expect((await put('patent.officeAction', { inApp: false, email: false, sms: true })).statusCode).toBe(
      200,
    );
    expect(
      (await put('patent.materialsRejected', { inApp: false, email: false, sms: false })).statusCode,
    ).toBe(200);
  });

  it('decide the channels: in-app off means no in-app notification, SMS on queues a text', async () => {
    const alice = await userIdOf(t, 'alice');
    await setContact(t, 'alice', { phone: '13800000000' });
    await customer.request({
      method: 'PUT',
      url: `/api/notification-preferences/${alice}/patent.materialsRejected`,
      payload: { inApp: false, email: true, sms: true },
    });
    await rejectMaterials(t, reviewer, 'alice', 'wrong applicant');
    const worker = testWorker(t.ctx.db);
    await worker.drain();
    expect((await list(customer)).total).toBe(0);
    const texts = await jobs(t.ctx.db, 'sms');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ recipient: '13800000000', state: 'sent' });
    // No SMTP configured: email is off and nothing is queued for it.
    expect(await jobs(t.ctx.db, 'email')).toHaveLength(0);
  });

  it('the user’s language follows their choice', async () => {
    expect(
      (
        await customer.request({
          method: 'PUT',
          url: '/api/notifications/locale',
          payload: { locale: 'en-US' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await customer.request({ method: 'PUT', url: '/api/notifications/locale', payload: { locale: 'fr' } }))
        .statusCode,
    ).toBe(400);
    await enterOfficeAction(t, reviewer, 'alice');
    await testWorker(t.ctx.db).drain();
    expect((await list(customer)).rows[0].title).toBe(
      `Office action on patent order P-TEST-${await lastOrderNo()} / PT-TEST-${await lastOrderNo()}: reply by 2026-06-10`,
    );
  });
});

/** The number of the newest test order (its order no is `P-TEST-n`, its service no `PT-TEST-n`). */
async function lastOrderNo() {
  const row = await t.ctx.db
    .selectFrom('patent_orders')
    .select('service_code')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.service_code.replace('PT-TEST-', '');
}
