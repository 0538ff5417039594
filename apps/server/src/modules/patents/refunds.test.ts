import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { addProduct, decideOnSandboxPage, orderRow, pay, uploadVoucher } from '../payments/test-helpers.ts';
import { companyOf, patentOrder, statusOf } from './test-fixtures.ts';

let t: TestApp;
let customer: TestClient;
let finance: TestClient;
let admin: TestClient;
let reviewer: TestClient;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('buyer', 'customer', '宁波退款测试有限公司');
  finance = await t.loggedIn('money', 'finance');
  admin = await t.loggedIn('boss', 'admin');
  reviewer = await t.loggedIn('rev', 'reviewer');
});
afterEach(async () => {
  await t.close();
});

/** A patent service bought on the sandbox page: answers the payment and the patent order it opened. */
async function boughtPatentOrder(product: number) {
  const created = (await pay(customer, { productId: product, payType: 9, payAmount: 580_000 })).json().data;
  await decideOnSandboxPage(t, created.qrCode, 'approve');
  const order = await t.ctx.db
    .selectFrom('patent_orders')
    .select(['id', 'service_code'])
    .where('order_no', '=', created.orderNo)
    .executeTakeFirstOrThrow();
  return { orderNo: created.orderNo as string, id: order.id, serviceCode: order.service_code };
}

/** Everything a refund must stop, as the customer and the reviewer meet it. */
async function whatTheyMeet(id: number, serviceCode: string) {
  const check = (await customer.get(`/api/patent/services/${id}/refund-check`)).json().data;
  const row = (await customer.get('/api/patent/services'))
    .json()
    .rows.find((r: { id: number }) => r.id === id);
  const fee = await pay(customer, { serviceCode, payType: 9, payAmount: 150_000 });
  const move = await reviewer.post(`/api/admin/patents/${id}/authorization-fee`, { amount: 1 });
  return {
    refundCheck: check,
    listStatus: [row.status, row.statusName],
    feePayment: fee.statusCode,
    reviewerMove: move.statusCode,
    status: await statusOf(t, id),
  };
}

describe('one notion of refunded', () => {
  it('stops the service when finance refunds the purchase exactly as when the admin refunds the order', async () => {
    const product = await addProduct(t, { name: '美国外观专利注册', price: 580_000, categoryId: 4 });
    const byAdmin = await boughtPatentOrder(product);
    const byFinance = await boughtPatentOrder(product);
    // Both at 待缴授权费 with a fee set, so "the fee can't be paid" is tested where it could be.
    for (const { id } of [byAdmin, byFinance]) {
      await t.ctx.db
        .updateTable('patent_orders')
        .set({ status: 12, authorization_amount: 150_000 })
        .where('id', '=', id)
        .execute();
    }
    const before = await whatTheyMeet(byFinance.id, byFinance.serviceCode);
    expect(before.refundCheck.refunded).toBe(false);
    // The quote passed, so the check made an order: close it again so both orders start the same.
    await t.ctx.db
      .updateTable('payment_orders')
      .set({ state: 'closed' })
      .where('subject_ref', '=', byFinance.serviceCode)
      .execute();

    expect(
      (
        await admin.post(`/api/admin/patents/${byAdmin.id}/transition`, {
          transition: 'refund',
          reason: '退款',
        })
      ).statusCode,
    ).toBe(200);
    const refunded = await finance.post(`/api/admin/payments/${byFinance.orderNo}/refund`, {
      reason: '退款',
    });
    expect(refunded.statusCode).toBe(200);

    const afterAdmin = await whatTheyMeet(byAdmin.id, byAdmin.serviceCode);
    const afterFinance = await whatTheyMeet(byFinance.id, byFinance.serviceCode);
    expect(afterFinance).toEqual(afterAdmin);
    expect(afterFinance).toEqual({
      refundCheck: { refunded: true, status: -6 },
      listStatus: [-6, '已退款'],
      feePayment: 409,
      reviewerMove: 409,
      status: -6,
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'patent_order')
      .where('entity_id', '=', String(byFinance.id))
      .where('action', '=', 'patent.refund')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ from_state: '12', to_state: '-6' });
    expect(audit.reason).toContain(byFinance.orderNo);
  });

  it('stops the order whose authorization fee finance refunds, unless another payment still pays it', async () => {
    const company = await companyOf(t, 'buyer');
    const id = await patentOrder(t, company, {
      status: 12,
      authorization_amount: 150_000,
      service_code: 'PT-FEE',
    });
    const receiptUrl = (await uploadVoucher(customer)).json().data[0].url;
    const transfer = (
      await pay(customer, {
        serviceCode: 'PT-FEE',
        payType: 3,
        payAmount: 150_000,
        paymentAccount: '张伟',
        receiptUrl,
      })
    ).json().data;
    expect((await finance.post(`/api/admin/payments/${transfer.orderNo}/approve`, {})).statusCode).toBe(200);
    expect(await statusOf(t, id)).toBe(10);
    // A second, duplicate payment of the same fee: refunding it must stop nothing.
    const { id: _id, ...row } = await orderRow(t, transfer.orderNo);
    await t.ctx.db
      .insertInto('payment_orders')
      .values({ ...row, order_no: 'P-DUP', reference: 'KXT-PAY-DUPLIC' })
      .execute();
    expect((await finance.post('/api/admin/payments/P-DUP/refund', { reason: '重复支付' })).statusCode).toBe(
      200,
    );
    expect(await statusOf(t, id)).toBe(10);

    expect(
      (await finance.post(`/api/admin/payments/${transfer.orderNo}/refund`, { reason: '客户撤回' }))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(t, id)).toBe(-6);
    expect((await customer.get(`/api/patent/services/${id}/refund-check`)).json().data.refunded).toBe(true);
  });

  it('leaves an order past the refund point where it is, and says so in its history', async () => {
    const product = await addProduct(t, { name: '美国外观专利注册', price: 580_000, categoryId: 4 });
    const bought = await boughtPatentOrder(product);
    await t.ctx.db.updateTable('patent_orders').set({ status: 11 }).where('id', '=', bought.id).execute();
    expect(
      (await finance.post(`/api/admin/payments/${bought.orderNo}/refund`, { reason: '退款' })).statusCode,
    ).toBe(200);
    expect(await statusOf(t, bought.id)).toBe(11);
    const history = (await admin.get(`/api/admin/patents/${bought.id}/history`)).json();
    expect(JSON.stringify(history)).toContain('patent.refundNotApplied');
  });
});
