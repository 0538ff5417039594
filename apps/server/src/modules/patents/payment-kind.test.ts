import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { decideOnSandboxPage, pay, uploadVoucher } from '../payments/test-helpers.ts';
import { companyOf, patentOrder, statusOf } from './test-fixtures.ts';

let t: TestApp;
let customer: TestClient;
let company: number;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('payer', 'customer', '宁波授权费有限公司');
  company = await companyOf(t, 'payer');
});
afterEach(async () => {
  await t.close();
});

const FEE = 180_000;
async function feeOrder(countryId: number, status = 12) {
  const id = await patentOrder(t, company, { status, country_id: countryId, authorization_amount: FEE });
  const { service_code } = await t.ctx.db
    .selectFrom('patent_orders')
    .select('service_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, serviceCode: service_code };
}

describe('paying a patent authorization fee', () => {
  it('moves the order from 12 to 10 once the sandbox reports the payment, and only once', async () => {
    const order = await feeOrder(1);
    const created = await pay(customer, { serviceCode: order.serviceCode, payType: 9, payAmount: FEE });
    expect(created.statusCode).toBe(200);
    expect(await statusOf(t, order.id)).toBe(12);
    await decideOnSandboxPage(t, created.json().data.qrCode, 'approve');
    expect(await statusOf(t, order.id)).toBe(10);
    expect((await customer.get(`/api/payments/status?serviceCode=${order.serviceCode}`)).json().data).toBe(2);
    const again = await pay(customer, { serviceCode: order.serviceCode, payType: 9, payAmount: FEE });
    expect(again.statusCode).toBe(409);
    expect(await statusOf(t, order.id)).toBe(10);
  });

  it('moves a Japanese order (country 42) to 19', async () => {
    const order = await feeOrder(42);
    const created = await pay(customer, { serviceCode: order.serviceCode, payType: 2, payAmount: FEE });
    await decideOnSandboxPage(t, created.json().data.qrCode, 'approve');
    expect(await statusOf(t, order.id)).toBe(19);
  });

  it('leaves the order at 12 when the payer declines', async () => {
    const order = await feeOrder(1);
    const created = await pay(customer, { serviceCode: order.serviceCode, payType: 1, payAmount: FEE });
    await decideOnSandboxPage(t, created.json().data.qrCode, 'decline');
    expect(await statusOf(t, order.id)).toBe(12);
    expect((await customer.get(`/api/payments/status?serviceCode=${order.serviceCode}`)).json().data).toBe(
      -1,
    );
  });

  it('moves the order on when finance approves a transfer, reporting 1 while it waits', async () => {
    const order = await feeOrder(1);
    const finance = await t.loggedIn('cashier', 'finance');
    const receiptUrl = (await uploadVoucher(customer)).json().data[0].url;
    const submitted = await pay(customer, {
      serviceCode: order.serviceCode,
      payType: 3,
      payAmount: FEE,
      paymentAccount: '宁波授权费有限公司',
      receiptUrl,
    });
    expect(submitted.statusCode).toBe(200);
    expect((await customer.get(`/api/payments/status?serviceCode=${order.serviceCode}`)).json().data).toBe(1);
    expect(await statusOf(t, order.id)).toBe(12);
    const approved = await finance.post(`/api/admin/payments/${submitted.json().data.orderNo}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(await statusOf(t, order.id)).toBe(10);
  });

  it('refuses a fee that is not due, a wrong amount, and another company’s order', async () => {
    const notDue = await feeOrder(1, 9);
    expect(
      (await pay(customer, { serviceCode: notDue.serviceCode, payType: 9, payAmount: FEE })).statusCode,
    ).toBe(409);
    const due = await feeOrder(1);
    expect((await pay(customer, { serviceCode: due.serviceCode, payType: 9, payAmount: 1 })).statusCode).toBe(
      409,
    );
    const other = await t.loggedIn('stranger', 'customer', '温州别家有限公司');
    expect((await pay(other, { serviceCode: due.serviceCode, payType: 9, payAmount: FEE })).statusCode).toBe(
      404,
    );
    expect(await t.ctx.db.selectFrom('payment_orders').select('id').execute()).toHaveLength(0);
    expect(await statusOf(t, due.id)).toBe(12);
  });
});
