import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { addProduct, decideOnSandboxPage, pay, uploadVoucher } from '../payments/test-helpers.ts';
import { testWorker } from './test-helpers.ts';

let t: TestApp;
let customer: TestClient;
let finance: TestClient;
let pack: number;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('buyer', 'customer', 'Buyer Co');
  finance = await t.loggedIn('money', 'finance');
  pack = await addProduct(t, { name: '商标查询包 20次', price: 9900, grants: 20 });
});
afterEach(() => t.close());

const notices = async (client: TestClient) => {
  await testWorker(t.ctx.db).drain();
  return (await client.get('/api/notifications')).json().rows as {
    type: string;
    title: string;
    body: string;
    link: string;
  }[];
};

describe('payment events', () => {
  it('a search pack paid online tells the company it is bought; a refund tells the reason', async () => {
    const created = (await pay(customer, { productId: pack, payType: 9, payAmount: 9900 })).json().data;
    expect(await notices(customer)).toEqual([]);
    await decideOnSandboxPage(t, created.qrCode, 'approve');
    const [bought] = await notices(customer);
    expect(bought).toMatchObject({ type: 'searchPack.bought', link: '/trademark/search' });
    expect(bought?.body).toContain(created.orderNo);
    const refunded = await finance.post(`/api/admin/payments/${created.orderNo}/refund`, {
      reason: '重复支付',
    });
    expect(refunded.statusCode).toBe(200);
    const [latest] = await notices(customer);
    expect(latest?.type).toBe('payment.refunded');
    expect(latest?.body).toContain('重复支付');
  });

  it('a transfer waits on finance, and its rejection reaches the customer with the reason', async () => {
    const receiptUrl = (await uploadVoucher(customer)).json().data[0].url;
    const created = await pay(customer, {
      productId: pack,
      payType: 3,
      payAmount: 9900,
      receiptUrl,
      paymentAccount: '张伟',
    });
    expect(created.statusCode).toBe(200);
    const orderNo = created.json().data.orderNo as string;
    const [waiting] = await notices(finance);
    expect(waiting).toMatchObject({ type: 'payment.transferSubmitted', link: '/admin/payments' });
    const rejected = await finance.post(`/api/admin/payments/${orderNo}/reject`, { reason: '金额不符' });
    expect(rejected.statusCode).toBe(200);
    const [told] = await notices(customer);
    expect(told?.type).toBe('payment.rejected');
    expect(told?.body).toContain('金额不符');
  });
});
