import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { remainingSearches } from '../trademarks/quota.ts';
import { sweepPayments } from './service.ts';
import {
  addProduct,
  customerIdOf,
  orderRow,
  pay,
  postNotification,
  sandboxNotification,
  serviceDeps,
} from './test-helpers.ts';

let t: TestApp;
let customer: TestClient;
let customerId: number;
let orderNo: string;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('buyer', 'customer', 'Buyer Co');
  customerId = await customerIdOf(t, 'buyer');
  const pack = await addProduct(t, { name: '商标查询包 20次', price: 9900, grants: 20 });
  orderNo = (await pay(customer, { productId: pack, payType: 9, payAmount: 9900 })).json().data.orderNo;
});
afterEach(async () => {
  await t.close();
});

const searchesLeft = () => remainingSearches(t.ctx.db, customerId, 20);
const notificationCount = async () =>
  (await t.ctx.db.selectFrom('payment_notifications').select('id').execute()).length;

describe('provider notifications', () => {
  it('applies a signed notification once; the same bytes again are acknowledged and change nothing', async () => {
    const { rawBody, signature } = sandboxNotification(t, { orderNo, amount: 9900 });
    const first = await postNotification(t, rawBody, signature);
    expect(first.statusCode).toBe(200);
    expect((await orderRow(t, orderNo)).state).toBe('succeeded');
    expect(await searchesLeft()).toBe(40);

    const retry = await postNotification(t, rawBody, signature);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().msg).toBe('通知已收到，订单状态未变');
    expect(await searchesLeft()).toBe(40);
    expect(await notificationCount()).toBe(1);
  });

  it('changes nothing for a second, different notification of an order already paid (duplicate payment event)', async () => {
    const first = sandboxNotification(t, { orderNo, amount: 9900 });
    await postNotification(t, first.rawBody, first.signature);
    const second = sandboxNotification(t, { orderNo, amount: 9900 });
    const response = await postNotification(t, second.rawBody, second.signature);
    expect(response.statusCode).toBe(200);
    expect(await searchesLeft()).toBe(40);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', orderNo)
      .where('action', '=', 'payment.succeeded')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a forged signature with 400 and records nothing', async () => {
    const forged = sandboxNotification(t, { orderNo, amount: 9900 }, 'not-the-sandbox-secret');
    const response = await postNotification(t, forged.rawBody, forged.signature);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('通知签名无效');
    const tampered = sandboxNotification(t, { orderNo, amount: 1 });
    const swapped = await postNotification(
      t,
      tampered.rawBody.replace('"amount":1', '"amount":9900'),
      tampered.signature,
    );
    expect(swapped.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: tampered.rawBody,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(t, orderNo)).state).toBe('paying');
    expect(await notificationCount()).toBe(0);
    expect(await searchesLeft()).toBe(20);
  });

  it('refuses a replayed notification id carrying other content with 409', async () => {
    const failed = sandboxNotification(t, { orderNo, amount: 9900, outcome: 'failed', id: 'n-1' });
    const paid = sandboxNotification(t, { orderNo, amount: 9900, outcome: 'paid', id: 'n-1' });
    expect((await postNotification(t, failed.rawBody, failed.signature)).statusCode).toBe(200);
    expect((await orderRow(t, orderNo)).state).toBe('failed');
    const replay = await postNotification(t, paid.rawBody, paid.signature);
    expect(replay.statusCode).toBe(409);
    expect((await orderRow(t, orderNo)).state).toBe('failed');
    expect(await searchesLeft()).toBe(20);
  });

  it('refuses a stale notification (timestamp more than 5 minutes off)', async () => {
    const old = sandboxNotification(t, {
      orderNo,
      amount: 9900,
      timestamp: new Date(Date.now() - 6 * 60_000).toISOString(),
    });
    expect((await postNotification(t, old.rawBody, old.signature)).statusCode).toBe(400);
    expect((await orderRow(t, orderNo)).state).toBe('paying');
  });

  it('refuses a wrong amount or currency with 400, keeps the order paying and audits the refusal', async () => {
    const cheap = sandboxNotification(t, { orderNo, amount: 1 });
    const response = await postNotification(t, cheap.rawBody, cheap.signature);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('通知金额与订单金额不一致，已拒绝');
    const dollars = sandboxNotification(t, { orderNo, amount: 9900, currency: 'USD' });
    expect((await postNotification(t, dollars.rawBody, dollars.signature)).statusCode).toBe(400);
    expect((await orderRow(t, orderNo)).state).toBe('paying');
    expect(await searchesLeft()).toBe(20);
    const refused = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', orderNo)
      .where('action', '=', 'payment.notification-refused')
      .execute();
    expect(refused).toHaveLength(2);
  });

  it('answers 404 for an order it does not know and for an unknown provider', async () => {
    const unknown = sandboxNotification(t, { orderNo: 'P00000000000000000000000', amount: 9900 });
    expect((await postNotification(t, unknown.rawBody, unknown.signature)).statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/paypal',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps a closed order closed when a late paid notification arrives, and audits it for finance', async () => {
    await sweepPayments(serviceDeps(t), new Date(Date.now() + 16 * 60_000));
    expect((await orderRow(t, orderNo)).state).toBe('closed');
    const late = sandboxNotification(t, { orderNo, amount: 9900 });
    expect((await postNotification(t, late.rawBody, late.signature)).statusCode).toBe(200);
    expect((await orderRow(t, orderNo)).state).toBe('closed');
    expect(await searchesLeft()).toBe(20);
    const flagged = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', orderNo)
      .where('action', '=', 'payment.late-notification')
      .execute();
    expect(flagged).toHaveLength(1);
  });

  it('fulfils exactly once when the same payment is reported by many notifications at once, and flags none as late', async () => {
    const notes = Array.from({ length: 8 }, () => sandboxNotification(t, { orderNo, amount: 9900 }));
    const answers = await Promise.all(notes.map((note) => postNotification(t, note.rawBody, note.signature)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await searchesLeft()).toBe(40);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'from_state', 'to_state'])
      .where('entity_id', '=', orderNo)
      .where('action', 'in', ['payment.succeeded', 'payment.late-notification'])
      .execute();
    // The order was paid normally: one move paying → succeeded, and nothing for finance to look at.
    expect(audit).toEqual([{ action: 'payment.succeeded', from_state: 'paying', to_state: 'succeeded' }]);
    const outcomes = await t.ctx.db.selectFrom('payment_notifications').select('outcome').execute();
    expect(outcomes.map((row) => row.outcome).sort()).toEqual([
      'applied',
      ...Array(notes.length - 1).fill('no-change'),
    ]);
  });
});
