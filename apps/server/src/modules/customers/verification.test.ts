import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../accounts/test-helpers.ts';
import { TEST_SIGNER } from '../agreements/test-fixtures.ts';

const VALID_LICENCE = '91350100M000100Y43';
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const companyId = async (name: string) =>
  (await t.ctx.db.selectFrom('customers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('company verification', () => {
  it('shows a signed-up company as pending in the customer list until a reviewer verifies it', async () => {
    const { client } = await signUp(t, { companyName: '厦门新芽贸易' });
    const reviewer = await t.loggedIn('rita', 'reviewer');
    const list = await reviewer.get('/api/admin/customers?keyword=新芽');
    expect(list.json().rows[0]).toMatchObject({ verification: 'pending', licenceNo: null });

    const id = await companyId('厦门新芽贸易');
    const verified = await reviewer.post(`/api/admin/customers/${id}/verify`, {
      licenceNo: VALID_LICENCE.toLowerCase(),
      name: '厦门新芽贸易有限公司',
    });
    expect(verified.statusCode).toBe(200);
    expect((await reviewer.get('/api/admin/customers?keyword=新芽')).json().rows[0]).toMatchObject({
      name: '厦门新芽贸易有限公司',
      verification: 'verified',
      licenceNo: VALID_LICENCE,
    });
    expect((await client.get('/api/auth/me')).json().data).toMatchObject({
      companyPending: false,
      customerName: '厦门新芽贸易有限公司',
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.verify')
      .execute();
    expect(audit).toHaveLength(1);
    const again = await reviewer.post(`/api/admin/customers/${id}/verify`, {
      licenceNo: VALID_LICENCE,
      name: 'x 公司',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a licence number with a wrong check character or format with 400', async () => {
    await signUp(t);
    const admin = await t.loggedIn('adam', 'admin');
    const id = await companyId('厦门新芽贸易有限公司');
    for (const licenceNo of ['91350100M000100Y44', '91350100M000100Y4', '91350100M0001O0Y43', '']) {
      const response = await admin.post(`/api/admin/customers/${id}/verify`, {
        licenceNo,
        name: '厦门新芽贸易有限公司',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty('licenceNo');
    }
    const row = await t.ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.verification_state).toBe('pending');
  });

  it('lets only admins and reviewers verify; an unknown company is 404; one licence is one company', async () => {
    await signUp(t);
    const id = await companyId('厦门新芽贸易有限公司');
    const body = { licenceNo: VALID_LICENCE, name: '厦门新芽贸易有限公司' };
    for (const role of ['finance', 'consultant', 'customer'] as const) {
      const client = await t.loggedIn(`u-${role}`, role);
      expect((await client.post(`/api/admin/customers/${id}/verify`, body)).statusCode).toBe(403);
    }
    const admin = await t.loggedIn('adam', 'admin');
    expect((await admin.post('/api/admin/customers/99999/verify', body)).statusCode).toBe(404);
    await t.ctx.db
      .updateTable('customers')
      .set({ licence_no: VALID_LICENCE })
      .where('name', '=', 'u-customer Ltd')
      .execute();
    const taken = await admin.post(`/api/admin/customers/${id}/verify`, body);
    expect(taken.statusCode).toBe(409);
  });
});

describe('what a pending company may do', () => {
  it('may search trademarks but not buy, submit patent materials or be sent an agreement', async () => {
    const { client } = await signUp(t);
    const search = await client.request({
      method: 'POST',
      url: '/api/trademark/search',
      payload: { text: 'ZEPHYRIX', datasets: 'US' },
    });
    expect(search.statusCode).toBe(200);
    for (const url of ['/api/payments', '/api/payments/transfers', '/api/patent/services/1/materials']) {
      const response = await client.post(url, {});
      expect(response.statusCode).toBe(403);
      expect(response.json().msg).toBe('您的公司正在等待认证，认证通过后才能购买、下单或签署协议');
    }
    const reviewer = await t.loggedIn('rita', 'reviewer');
    const agreement = await reviewer.post('/api/admin/agreements', {
      customerId: await companyId('厦门新芽贸易有限公司'),
      agreementName: '知识产权服务协议',
      ...TEST_SIGNER,
    });
    expect(agreement.statusCode).toBe(409);
    expect(agreement.json().msg).toBe('您的公司正在等待认证，认证通过后才能购买、下单或签署协议');

    await reviewer.post(`/api/admin/customers/${await companyId('厦门新芽贸易有限公司')}/verify`, {
      licenceNo: VALID_LICENCE,
      name: '厦门新芽贸易有限公司',
    });
    expect((await client.post('/api/payments', {})).statusCode).toBe(400);
  });
});
