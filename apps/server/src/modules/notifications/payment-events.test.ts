import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-app.ts';
import { decideOnSandboxPage, pay, uploadVoucher, useShop } from '../payments/test-helpers.ts';
import { testWorker } from './test-helpers.ts';

const shop = useShop();

const notices = async (client: TestClient) => {
  await testWorker(shop.t.ctx.db).drain();
  return (await client.get('/api/notifications')).json().rows as {
    type: string;
    title: string;
    body: string;
    link: string;
  }[];
};

describe('payment events', () => {
  it('a search pack paid online tells the company it is bought; a refund tells the reason', async () => {
    const created = (await pay(shop.customer, { productId: shop.pack, payType: 9, payAmount: 9900 })).json()
      .data;
    expect(await notices(shop.customer)).toEqual([]);
    await decideOnSandboxPage(shop.t, created.qrCode, 'approve');
    const [bought] = await notices(shop.customer);
    expect(bought).toMatchObject({ type: 'searchPack.bought', link: '/trademark/search' });
    expect(bought?.body).toContain(created.orderNo);
    const refunded = await shop.finance.post(`/api/admin/payments/${created.orderNo}/refund`, {
      reason: '重复支付',
    });
    expect(refunded.statusCode).toBe(200);
    const [latest] = await notices(shop.customer);
    expect(latest?.type).toBe('payment.refunded');
    expect(latest?.body).toContain('重复支付');
  });

  it('a transfer waits on finance, and its rejection reaches the customer with the reason', async () => {
    const receiptUrl = (await uploadVoucher(shop.customer)).json().data[0].url;
    const created = await pay(shop.customer, {
      productId: shop.pack,
      payType: 3,
      payAmount: 9900,
      receiptUrl,
      paymentAccount: '张伟',
    });
    expect(created.statusCode).toBe(200);
    const orderNo = created.json().data.orderNo as string;
    const [waiting] = await notices(shop.finance);
    expect(waiting).toMatchObject({ type: 'payment.transferSubmitted', link: '/admin/payments' });
    const rejected = await shop.finance.post(`/api/admin/payments/${orderNo}/reject`, { reason: '金额不符' });
    expect(rejected.statusCode).toBe(200);
    const [told] = await notices(shop.customer);
    expect(told?.type).toBe('payment.rejected');
    expect(told?.body).toContain('金额不符');
  });
});
