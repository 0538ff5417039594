import type { PaymentState } from '@kxt/contracts/payments';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/test-app.ts';
import { remainingSearches } from '../trademarks/quota.ts';
import { registerPaymentKind } from './kinds.ts';
import { customerIdOf, decideOnSandboxPage, orderRow, pay, uploadVoucher, useShop } from './test-helpers.ts';

const shop = useShop();

const refund = (client: TestClient, orderNo: string, body: unknown = { reason: '重复支付，已原路退回' }) =>
  client.post(`/api/admin/payments/${orderNo}/refund`, body);

/** A search pack paid on the sandbox page: state 'succeeded', its searches added. */
async function paidOnline(): Promise<string> {
  const created = (await pay(shop.customer, { productId: shop.pack, payType: 9, payAmount: 9900 })).json()
    .data;
  await decideOnSandboxPage(shop.t, created.qrCode, 'approve');
  expect((await orderRow(shop.t, created.orderNo)).state).toBe('succeeded');
  return created.orderNo;
}

/** A search pack paid by bank transfer and approved by finance: state 'approved'. */
async function approvedTransfer(): Promise<string> {
  const receiptUrl = (await uploadVoucher(shop.customer)).json().data[0].url;
  const { orderNo } = (
    await pay(shop.customer, {
      productId: shop.pack,
      payType: 3,
      payAmount: 9900,
      paymentAccount: '张伟',
      receiptUrl,
    })
  ).json().data;
  expect((await shop.finance.post(`/api/admin/payments/${orderNo}/approve`, {})).statusCode).toBe(200);
  return orderNo;
}

/** A stored copy of an order in another state, as finance might find one in the list. */
async function copyIn(orderNo: string, state: PaymentState): Promise<string> {
  const { id: _id, ...row } = await orderRow(shop.t, orderNo);
  const copy = `P-${state.toUpperCase()}`;
  await shop.t.ctx.db
    .insertInto('payment_orders')
    .values({ ...row, order_no: copy, reference: `R-${state}`, state })
    .execute();
  return copy;
}

const auditOf = (orderNo: string, action: string) =>
  shop.t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', orderNo)
    .where('action', '=', action)
    .execute();

describe('recording a refund', () => {
  it('moves a succeeded order to refunded with the reason, audited, and leaves the searches it added', async () => {
    const customerId = await customerIdOf(shop.t, 'buyer');
    const orderNo = await paidOnline();
    expect(await remainingSearches(shop.t.ctx.db, customerId, 20)).toBe(40);

    const response = await refund(shop.finance, orderNo, {
      reason: '  客户申请退款，已在商户后台原路退回  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().msg).toBe('已登记退款');
    const stored = await orderRow(shop.t, orderNo);
    expect(stored).toMatchObject({ state: 'refunded', refund_reason: '客户申请退款，已在商户后台原路退回' });
    expect(stored.refunded_at).not.toBeNull();
    // A record of money returned elsewhere: what the payment delivered stays delivered.
    expect(await remainingSearches(shop.t.ctx.db, customerId, 20)).toBe(40);

    const audit = await auditOf(orderNo, 'payment.refunded');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      from_state: 'succeeded',
      to_state: 'refunded',
      reason: '客户申请退款，已在商户后台原路退回',
    });
    const financeId = (
      await shop.t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'money')
        .executeTakeFirstOrThrow()
    ).id;
    expect(audit[0]?.actor_user_id).toBe(financeId);

    const view = (await shop.customer.get(`/api/payments/orders/${orderNo}`)).json().data;
    expect(view).toMatchObject({
      state: 'refunded',
      status: 4,
      refundReason: '客户申请退款，已在商户后台原路退回',
    });
    expect(view.refundedAt).toBe(stored.refunded_at);

    const list = (await shop.finance.get('/api/admin/payments?status=refunded')).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ orderNo, refundedByName: 'money', duplicate: false });
    const tabs = list.statusTabList as { status: string; count: number }[];
    expect(tabs.find((tab) => tab.status === 'refunded')?.count).toBe(1);
  });

  it('refunds an approved transfer, keeps its review, and refuses a second refund with 409', async () => {
    const orderNo = await approvedTransfer();
    const admin = await shop.t.loggedIn('boss', 'admin');
    expect((await refund(admin, orderNo, { reason: '客户取消' })).statusCode).toBe(200);
    const stored = await orderRow(shop.t, orderNo);
    expect(stored).toMatchObject({ state: 'refunded', refund_reason: '客户取消', reject_reason: null });
    expect(stored.reviewed_by).not.toBeNull();

    const again = await refund(shop.finance, orderNo, { reason: '再退一次' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(
      '只有支付成功或审核通过的订单可以登记退款，该订单可能已被处理，请刷新后查看',
    );
    expect((await orderRow(shop.t, orderNo)).refund_reason).toBe('客户取消');
    expect(await auditOf(orderNo, 'payment.refunded')).toHaveLength(1);
  });

  it('refuses every state but succeeded and approved with 409, changing nothing and auditing nothing', async () => {
    const paid = await paidOnline();
    const refused: PaymentState[] = [
      'created',
      'paying',
      'failed',
      'closed',
      'submitted',
      'rejected',
      'refunded',
    ];
    for (const state of refused) {
      const orderNo = await copyIn(paid, state);
      const before = await orderRow(shop.t, orderNo);
      const response = await refund(shop.finance, orderNo);
      expect(response.statusCode, state).toBe(409);
      expect(await orderRow(shop.t, orderNo), state).toEqual(before);
      expect(await auditOf(orderNo, 'payment.refunded'), state).toHaveLength(0);
    }
    const english = await shop.finance.request({
      method: 'POST',
      url: '/api/admin/payments/P-CLOSED/refund',
      headers: { 'accept-language': 'en-US' },
      payload: { reason: 'refund' },
    });
    expect(english.statusCode).toBe(409);
    expect(english.json().msg).toBe(
      'Only a paid or approved order can be recorded as refunded; it may have been handled already',
    );
  });

  it('needs a reason of 1 to 500 characters', async () => {
    const orderNo = await paidOnline();
    expect((await refund(shop.finance, orderNo, {})).statusCode).toBe(400);
    const blank = await refund(shop.finance, orderNo, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('reason');
    expect((await refund(shop.finance, orderNo, { reason: '退'.repeat(501) })).statusCode).toBe(400);
    expect((await refund(shop.finance, orderNo, { reason: '退', extra: 1 })).statusCode).toBe(400);
    expect((await orderRow(shop.t, orderNo)).state).toBe('succeeded');
    expect((await refund(shop.finance, orderNo, { reason: '退'.repeat(500) })).statusCode).toBe(200);
  });

  it('is for finance and admins only, and 404 for an unknown order', async () => {
    const orderNo = await paidOnline();
    expect((await refund(shop.customer, orderNo)).statusCode).toBe(403);
    expect((await refund(await shop.t.loggedIn('rev', 'reviewer'), orderNo)).statusCode).toBe(403);
    expect((await refund(shop.t.client(), orderNo)).statusCode).toBe(401);
    expect((await refund(shop.finance, 'P000')).statusCode).toBe(404);
    expect((await orderRow(shop.t, orderNo)).state).toBe('succeeded');
    expect(await auditOf(orderNo, 'payment.refunded')).toHaveLength(0);
  });
});

describe('refunds of a subject paid once', () => {
  let delivered: number;
  let unregister: () => void;
  beforeEach(() => {
    delivered = 0;
    unregister = registerPaymentKind('patent-fee', {
      oncePerSubject: true,
      async quote(_deps, user, body) {
        return {
          amount: 100,
          currency: 'CNY',
          description: '授权费',
          subjectRef: body.serviceCode ?? '',
          customerId: user.customerId ?? 0,
        };
      },
      async fulfil() {
        delivered += 1;
      },
    });
  });
  afterEach(() => unregister());

  it('flags the order that paid twice in the finance list; refunding it leaves the subject paid', async () => {
    const created = (await pay(shop.customer, { serviceCode: 'PT-9', payType: 9, payAmount: 100 })).json()
      .data;
    // Another order of the same fee was paid meanwhile (two QR codes paid at the same moment).
    const earlier = await copyIn(created.orderNo, 'succeeded');
    await decideOnSandboxPage(shop.t, created.qrCode, 'approve');
    expect(delivered).toBe(0);

    const rows = (await shop.finance.get('/api/admin/payments')).json().rows as {
      orderNo: string;
      duplicate: boolean;
    }[];
    const flag = new Map(rows.map((row) => [row.orderNo, row.duplicate]));
    expect(flag.get(created.orderNo)).toBe(true);
    expect(flag.get(earlier)).toBe(false);

    expect((await refund(shop.finance, created.orderNo)).statusCode).toBe(200);
    const [row] = (await shop.finance.get('/api/admin/payments?status=refunded')).json().rows;
    expect(row).toMatchObject({ orderNo: created.orderNo, state: 'refunded', duplicate: true });
    expect((await shop.customer.get('/api/payments/status?serviceCode=PT-9')).json().data).toBe(2);
  });

  it('reads status 4 once the only paid order is refunded, and latest shows the reason', async () => {
    const created = (await pay(shop.customer, { serviceCode: 'PT-7', payType: 9, payAmount: 100 })).json()
      .data;
    await decideOnSandboxPage(shop.t, created.qrCode, 'approve');
    expect(delivered).toBe(1);
    expect((await shop.customer.get('/api/payments/status?serviceCode=PT-7')).json().data).toBe(2);

    expect((await refund(shop.finance, created.orderNo, { reason: '费用减免，已退回' })).statusCode).toBe(
      200,
    );
    expect((await shop.customer.get('/api/payments/status?serviceCode=PT-7')).json().data).toBe(4);
    expect((await shop.customer.get('/api/payments/latest?serviceCode=PT-7')).json().data).toMatchObject({
      orderNo: created.orderNo,
      state: 'refunded',
      status: 4,
      refundReason: '费用减免，已退回',
    });
    expect(delivered).toBe(1);
  });
});
