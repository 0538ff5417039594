import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { remainingSearches } from '../trademarks/quota.ts';
import { addProduct, customerIdOf, orderRow, pay, uploadVoucher } from './test-helpers.ts';

let t: TestApp;
let customer: TestClient;
let finance: TestClient;
let pack: number;
let voucherUrl: string;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('buyer', 'customer', 'Buyer Co');
  finance = await t.loggedIn('money', 'finance');
  pack = await addProduct(t, { name: '商标查询包 100次', price: 39900, grants: 100 });
  voucherUrl = (await uploadVoucher(customer)).json().data[0].url;
});
afterEach(async () => {
  await t.close();
});

const transfer = (client: TestClient, fields: { paymentAccount?: string; receiptUrl?: string }) =>
  pay(client, { productId: pack, payType: 3, payAmount: 39900, ...fields });

describe('paying by bank transfer', () => {
  it('asks for the payer account name with the spec message, trimmed and at most 50 characters', async () => {
    const missing = await transfer(customer, { receiptUrl: voucherUrl });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      msg: '请填写转账凭证截图上显示的付款账户名称',
      fields: { paymentAccount: '请填写转账凭证截图上显示的付款账户名称' },
    });
    const blank = await transfer(customer, { paymentAccount: '   ', receiptUrl: voucherUrl });
    expect(blank.json().msg).toBe('请填写转账凭证截图上显示的付款账户名称');
    const long = await transfer(customer, { paymentAccount: '某'.repeat(51), receiptUrl: voucherUrl });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('paymentAccount');
    const english = await customer.request({
      method: 'POST',
      url: '/api/payments',
      headers: { 'accept-language': 'en-US' },
      payload: { productId: pack, payType: 3, payAmount: 39900, receiptUrl: voucherUrl },
    });
    expect(english.json().msg).toBe(
      'Please fill in the payer account name shown on the transfer voucher screenshot',
    );
    expect(await t.ctx.db.selectFrom('payment_orders').select('id').execute()).toHaveLength(0);
  });

  it('asks for the voucher first, and takes only a voucher this user uploaded', async () => {
    const none = await transfer(customer, { paymentAccount: '张伟' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('请先上传转账凭证');

    const other = await t.loggedIn('other', 'customer', 'Other Co');
    const theirs = (await uploadVoucher(other)).json().data[0].url;
    expect((await transfer(customer, { paymentAccount: '张伟', receiptUrl: theirs })).statusCode).toBe(400);

    const image = await customer.request({
      method: 'POST',
      url: '/api/files?purpose=image',
      ...multipart([{ name: 'file', filename: 'a.png', content: SAMPLE_FILES.png }]),
    });
    const wrongPurpose = await transfer(customer, {
      paymentAccount: '张伟',
      receiptUrl: image.json().data[0].url,
    });
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json().fields).toHaveProperty('receiptUrl');
    expect(
      (await transfer(customer, { paymentAccount: '张伟', receiptUrl: '/api/files/not-a-file' })).statusCode,
    ).toBe(400);
  });

  it('takes jpg, png or pdf vouchers up to 10 MB and refuses programs and pages renamed .png', async () => {
    expect((await uploadVoucher(customer, SAMPLE_FILES.pdf, 'voucher.pdf')).statusCode).toBe(200);
    const exe = await uploadVoucher(customer, SAMPLE_FILES.exe, 'voucher.png');
    expect(exe.statusCode).toBe(415);
    expect(exe.json().msg).toBe('文件类型不支持');
    const html = await uploadVoucher(
      customer,
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'voucher.png',
    );
    expect(html.statusCode).toBe(415);
    const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await uploadVoucher(customer, big, 'big.png')).statusCode).toBe(413);
  });

  it('waits for finance: approval fulfils once, and the finance list finds it by payer account', async () => {
    const customerId = await customerIdOf(t, 'buyer');
    const created = await transfer(customer, {
      paymentAccount: ' 深圳市星辰跨境电商有限公司 ',
      receiptUrl: voucherUrl,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().msg).toBe('转账凭证已提交，财务审核通过后将自动进入下一步，请耐心等待');
    const { orderNo } = created.json().data;
    expect(created.json().data).toMatchObject({ state: 'submitted', payType: 3 });
    expect(created.json().data.qrCode).toBeUndefined();
    const stored = await orderRow(t, orderNo);
    expect(stored).toMatchObject({ payer_account: '深圳市星辰跨境电商有限公司', provider: 'transfer' });
    expect((await customer.get(`/api/payments/orders/${orderNo}`)).json().data).toMatchObject({
      status: 1,
      voucherUrl,
    });

    const list = await finance.get('/api/admin/payments?status=submitted&keyword=星辰跨境');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().rows[0]).toMatchObject({
      orderNo,
      customerName: 'Buyer Co',
      userName: 'buyer',
      state: 'submitted',
    });
    const tabs = list.json().statusTabList as { status: string; count: number }[];
    expect(tabs[0]).toMatchObject({ status: 'all', count: 1 });
    expect(tabs.find((tab) => tab.status === 'submitted')?.count).toBe(1);
    expect((await finance.get('/api/admin/payments?keyword=nobody')).json().total).toBe(0);

    const approved = await finance.post(`/api/admin/payments/${orderNo}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(await remainingSearches(t.ctx.db, customerId, 20)).toBe(120);
    expect((await finance.post(`/api/admin/payments/${orderNo}/approve`, {})).statusCode).toBe(409);
    expect((await finance.post(`/api/admin/payments/${orderNo}/reject`, { reason: 'late' })).statusCode).toBe(
      409,
    );
    expect(await remainingSearches(t.ctx.db, customerId, 20)).toBe(120);
    expect((await orderRow(t, orderNo)).reviewed_by).not.toBeNull();
  });

  it('rejection stores the reason the customer then reads, and the customer may pay again', async () => {
    const { orderNo } = (await transfer(customer, { paymentAccount: '张伟', receiptUrl: voucherUrl })).json()
      .data;
    const empty = await finance.post(`/api/admin/payments/${orderNo}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    const rejected = await finance.post(`/api/admin/payments/${orderNo}/reject`, {
      reason: '凭证金额与订单不符',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await customer.get(`/api/payments/orders/${orderNo}`)).json().data).toMatchObject({
      state: 'rejected',
      status: -3,
      rejectReason: '凭证金额与订单不符',
    });
    expect((await finance.post(`/api/admin/payments/${orderNo}/approve`, {})).statusCode).toBe(409);
    expect((await transfer(customer, { paymentAccount: '张伟', receiptUrl: voucherUrl })).statusCode).toBe(
      200,
    );
  });

  it('keeps the review to finance and admins, and another company out of the order', async () => {
    const { orderNo } = (await transfer(customer, { paymentAccount: '张伟', receiptUrl: voucherUrl })).json()
      .data;
    const reviewer = await t.loggedIn('rev', 'reviewer');
    expect((await reviewer.get('/api/admin/payments')).statusCode).toBe(403);
    expect((await reviewer.post(`/api/admin/payments/${orderNo}/approve`, {})).statusCode).toBe(403);
    expect((await customer.get('/api/admin/payments')).statusCode).toBe(403);
    expect((await customer.post(`/api/admin/payments/${orderNo}/approve`, {})).statusCode).toBe(403);
    expect((await t.client().get('/api/admin/payments')).statusCode).toBe(401);
    const admin = await t.loggedIn('boss', 'admin');
    expect((await admin.get('/api/admin/payments')).json().total).toBe(1);
    expect((await finance.post('/api/admin/payments/P000/approve', {})).statusCode).toBe(404);

    const other = await t.loggedIn('other', 'customer', 'Other Co');
    expect((await other.get(`/api/payments/orders/${orderNo}`)).statusCode).toBe(404);
    expect((await other.get(voucherUrl)).statusCode).toBe(404);
    expect((await finance.get(voucherUrl)).statusCode).toBe(200);
  });
});
