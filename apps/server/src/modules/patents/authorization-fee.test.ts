import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { markAuthorizationFeePaid, quoteAuthorizationFee } from './authorization-fee.ts';
import { auditCount, companyOf, patentOrder, statusOf } from './test-fixtures.ts';

let t: TestApp;
let company: number;

beforeEach(async () => {
  t = await createTestApp();
  await t.user('cust1', 'customer', '宁波缴费测试有限公司');
  await t.user('cust2', 'customer', '温州别家有限公司');
  company = await companyOf(t, 'cust1');
});
afterEach(async () => {
  await t.close();
});

const code = async (id: number) =>
  (
    await t.ctx.db
      .selectFrom('patent_orders')
      .select('service_code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).service_code;

describe('quoteAuthorizationFee', () => {
  it('quotes the fee of the customer’s own order at 12', async () => {
    const id = await patentOrder(t, company, {
      status: 12,
      authorization_amount: 150_000,
      service_name: '外观专利注册',
    });
    const serviceCode = await code(id);
    expect(await quoteAuthorizationFee(t.ctx.db, { customerId: company }, serviceCode)).toEqual({
      orderId: id,
      customerId: company,
      amount: 150_000,
      currency: 'CNY',
      description: `外观专利注册 ${serviceCode}`,
    });
  });

  it('hides another customer’s order (404) and refuses one that owes nothing (409)', async () => {
    const id = await patentOrder(t, company, { status: 12, authorization_amount: 150_000 });
    const other = await companyOf(t, 'cust2');
    await expect(
      quoteAuthorizationFee(t.ctx.db, { customerId: other }, await code(id)),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(quoteAuthorizationFee(t.ctx.db, { customerId: company }, 'PT-NONE')).rejects.toMatchObject({
      status: 404,
    });
    const notYet = await patentOrder(t, company, { status: 9 });
    await expect(
      quoteAuthorizationFee(t.ctx.db, { customerId: company }, await code(notYet)),
    ).rejects.toMatchObject({
      status: 409,
    });
    const noAmount = await patentOrder(t, company, { status: 12 });
    await expect(
      quoteAuthorizationFee(t.ctx.db, { customerId: company }, await code(noAmount)),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe('markAuthorizationFeePaid', () => {
  it('moves 12 → 10, Japan 12 → 19, audited as the payment; a second call is a 409', async () => {
    const gb = await patentOrder(t, company, { status: 12, authorization_amount: 100 });
    const jp = await patentOrder(t, company, { status: 12, authorization_amount: 100, country_id: 42 });
    const actor = { actorLabel: 'payment-provider' };
    expect(await t.ctx.db.transaction().execute((trx) => markAuthorizationFeePaid(trx, gb, actor))).toBe(10);
    expect(await t.ctx.db.transaction().execute((trx) => markAuthorizationFeePaid(trx, jp, actor))).toBe(19);
    expect([await statusOf(t, gb), await statusOf(t, jp)]).toEqual([10, 19]);
    await expect(
      t.ctx.db.transaction().execute((trx) => markAuthorizationFeePaid(trx, gb, actor)),
    ).rejects.toMatchObject({ status: 409 });
    expect(await auditCount(t, gb)).toBe(1);
  });

  it('rolls back with the payment’s transaction', async () => {
    const id = await patentOrder(t, company, { status: 12, authorization_amount: 100 });
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await markAuthorizationFeePaid(trx, id, { actorLabel: 'payment-provider' });
        throw new Error('payment row failed');
      }),
    ).rejects.toThrow('payment row failed');
    expect(await statusOf(t, id)).toBe(12);
    expect(await auditCount(t, id)).toBe(0);
  });
});
