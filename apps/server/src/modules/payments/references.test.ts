import { PAYMENT_REFERENCE_PATTERN } from '@kxt/contracts/payments';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-app.ts';
import { companyOf, patentOrder } from '../patents/test-fixtures.ts';
import { newPaymentReference } from './reference.ts';
import { sweepPayments } from './service.ts';
import { addProduct, orderRow, pay, serviceDeps, uploadVoucher, useShop } from './test-helpers.ts';

const shop = useShop({ name: '商标查询包 100次', price: 39900, grants: 100 });

const prepare = (client: TestClient, body: Record<string, unknown> = {}) =>
  client.post('/api/payments/transfers', { productId: shop.pack, payAmount: 39900, ...body });
const submitVoucher = (client: TestClient, orderNo: string, body: Record<string, unknown>) =>
  client.post(`/api/payments/orders/${orderNo}/voucher`, body);
const orderCount = async () =>
  (await shop.t.ctx.db.selectFrom('payment_orders').select('id').execute()).length;

describe('the payment reference', () => {
  it('is short, readable and drawn from letters and digits that cannot be misread', () => {
    const drawn = Array.from({ length: 200 }, newPaymentReference);
    for (const reference of drawn) expect(reference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(drawn.join('')).not.toMatch(/[01OIL]/);
    expect(new Set(drawn).size).toBeGreaterThan(195);
  });

  it('is created with the transfer before any voucher, once: reopening answers the same order', async () => {
    const first = await prepare(shop.customer);
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json().data;
    expect(created).toMatchObject({ state: 'created', payType: 3, amount: 39900 });
    expect(created.reference).toMatch(PAYMENT_REFERENCE_PATTERN);

    // A QR tab opened in between does not close the transfer: its reference may already be on its way to the bank.
    expect(
      (await pay(shop.customer, { productId: shop.pack, payType: 9, payAmount: 39900 })).statusCode,
    ).toBe(200);
    const again = (await prepare(shop.customer)).json().data;
    expect(again).toMatchObject({ orderNo: created.orderNo, reference: created.reference });
    expect(await orderCount()).toBe(2);
    expect((await shop.customer.get(`/api/payments/orders/${created.orderNo}`)).json().data.reference).toBe(
      created.reference,
    );
  });

  it('makes one pending transfer when the tab opens twice at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const product = await addProduct(shop.t, { name: `查询包 ${round}`, price: 100, grants: 1 });
      const answers = await Promise.all(
        [1, 2, 3].map(() => prepare(shop.customer, { productId: product, payAmount: 100 })),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(new Set(answers.map((answer) => answer.json().data.reference)).size).toBe(1);
      const rows = await shop.t.ctx.db
        .selectFrom('payment_orders')
        .select('id')
        .where('subject_ref', '=', String(product))
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('starts a new transfer for another amount and closes the old one, and refuses a stale price', async () => {
    const one = (await prepare(shop.customer)).json().data;
    const two = (await prepare(shop.customer, { quantity: 2, payAmount: 79800 })).json().data;
    expect(two.reference).not.toBe(one.reference);
    expect((await orderRow(shop.t, one.orderNo)).state).toBe('closed');
    const stale = await prepare(shop.customer, { payAmount: 100 });
    expect(stale.statusCode).toBe(409);
    expect(await orderCount()).toBe(2);
  });

  it('takes the voucher on the prepared order, refusing bad input without changing it', async () => {
    const { orderNo, reference } = (await prepare(shop.customer)).json().data;
    const noVoucher = await submitVoucher(shop.customer, orderNo, { paymentAccount: '张伟' });
    expect(noVoucher.statusCode).toBe(400);
    expect(noVoucher.json().msg).toBe('请先上传转账凭证');
    expect((await orderRow(shop.t, orderNo)).state).toBe('created');

    const receiptUrl = (await uploadVoucher(shop.customer)).json().data[0].url;
    const submitted = await submitVoucher(shop.customer, orderNo, { paymentAccount: ' 张伟 ', receiptUrl });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ orderNo, reference, state: 'submitted' });
    expect(await orderRow(shop.t, orderNo)).toMatchObject({ state: 'submitted', payer_account: '张伟' });
    // Submitted once: a second voucher is refused.
    expect(
      (await submitVoucher(shop.customer, orderNo, { paymentAccount: '张伟', receiptUrl })).statusCode,
    ).toBe(409);
  });

  it("answers another customer's order with 404 and changes nothing", async () => {
    const { orderNo } = (await prepare(shop.customer)).json().data;
    const other = await shop.t.loggedIn('other', 'customer', 'Other Co');
    const receiptUrl = (await uploadVoucher(other)).json().data[0].url;
    expect((await submitVoucher(other, orderNo, { paymentAccount: '李四', receiptUrl })).statusCode).toBe(
      404,
    );
    expect((await other.get(`/api/payments/orders/${orderNo}`)).statusCode).toBe(404);
    expect((await orderRow(shop.t, orderNo)).state).toBe('created');
  });

  it('is shown to finance and found by its search, whole or in part, in any case', async () => {
    const { orderNo, reference } = (await prepare(shop.customer)).json().data;
    await prepare(shop.customer, { quantity: 3, payAmount: 119700 });
    const receiptUrl = (await uploadVoucher(shop.customer)).json().data[0].url;
    // The second prepare closed the first; a new one of that amount is the one submitted.
    const current = (await prepare(shop.customer)).json().data;
    expect(current.orderNo).not.toBe(orderNo);
    await submitVoucher(shop.customer, current.orderNo, { paymentAccount: '张伟', receiptUrl });

    const whole = (await shop.finance.get(`/api/admin/payments?keyword=${current.reference}`)).json();
    expect(whole.total).toBe(1);
    expect(whole.rows[0]).toMatchObject({ orderNo: current.orderNo, reference: current.reference });
    const part = (
      await shop.finance.get(`/api/admin/payments?keyword=${current.reference.slice(-6).toLowerCase()}`)
    ).json();
    expect(part.rows.map((row: { reference: string }) => row.reference)).toContain(current.reference);
    expect((await shop.finance.get(`/api/admin/payments?keyword=${reference}`)).json().rows[0].state).toBe(
      'closed',
    );
  });

  it('refuses to prepare a second transfer of a patent fee already waiting for finance', async () => {
    const company = await companyOf(shop.t, 'buyer');
    await patentOrder(shop.t, company, { status: 12, authorization_amount: 150_000, service_code: 'PT-REF' });
    const { orderNo } = (
      await prepare(shop.customer, { productId: undefined, serviceCode: 'PT-REF', payAmount: 150_000 })
    ).json().data;
    const receiptUrl = (await uploadVoucher(shop.customer)).json().data[0].url;
    await submitVoucher(shop.customer, orderNo, { paymentAccount: '张伟', receiptUrl });
    const again = await prepare(shop.customer, {
      productId: undefined,
      serviceCode: 'PT-REF',
      payAmount: 150_000,
    });
    expect(again.statusCode).toBe(409);
    expect(await orderCount()).toBe(1);
  });

  it('keeps a prepared transfer open past the QR expiry, and the sweeper closes it once it expires', async () => {
    const { orderNo } = (await prepare(shop.customer)).json().data;
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    await sweepPayments(serviceDeps(shop.t), inAnHour);
    expect((await orderRow(shop.t, orderNo)).state).toBe('created');
    await sweepPayments(serviceDeps(shop.t), new Date(Date.now() + 8 * 24 * 60 * 60_000));
    expect((await orderRow(shop.t, orderNo)).state).toBe('closed');
  });
});
