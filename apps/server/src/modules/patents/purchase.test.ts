import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { addProduct, decideOnSandboxPage, pay } from '../payments/test-helpers.ts';
import { patentTypeOf } from './purchase.ts';

let t: TestApp;
let customer: TestClient;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('buyer', 'customer', '宁波专利采购有限公司');
});
afterEach(async () => {
  await t.close();
});

async function buy(productId: number, price: number) {
  const created = await pay(customer, { productId, payType: 9, payAmount: price });
  expect(created.statusCode).toBe(200);
  await decideOnSandboxPage(t, created.json().data.qrCode, 'approve');
}

describe('buying a patent service', () => {
  it('opens a patent order at 待上传资料 under the new service item, in the customer’s patent list', async () => {
    const product = await addProduct(t, { name: '美国外观专利注册', price: 580_000, categoryId: 4 });
    await buy(product, 580_000);
    const item = await t.ctx.db
      .selectFrom('service_items')
      .select('service_code')
      .where('service_id', '=', product)
      .executeTakeFirstOrThrow();
    const list = (await customer.get('/api/patent/services')).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      serviceCode: item.service_code,
      serviceName: '美国外观专利注册',
      countryCode: 'US',
      applyTitle: '宁波专利采购有限公司',
      patentType: 1,
      status: 1,
    });
    expect(list.rows[0].orderNo).toMatch(/^P/);
  });

  it('opens only the service item in a market without a patent office entry, and nothing for other categories', async () => {
    const patent = await addProduct(t, { name: '阿联酋外观专利注册', price: 100, categoryId: 4 });
    await t.ctx.db.updateTable('services').set({ country: 'AE' }).where('id', '=', patent).execute();
    const trademark = await addProduct(t, { name: '美国商标注册', price: 200, categoryId: 3 });
    await buy(patent, 100);
    await buy(trademark, 200);
    expect(await t.ctx.db.selectFrom('service_items').select('id').execute()).toHaveLength(2);
    expect((await customer.get('/api/patent/services')).json().total).toBe(0);
  });

  it('reads the patent type from the service name', () => {
    expect(patentTypeOf('美国外观专利注册')).toBe(1);
    expect(patentTypeOf('德国发明专利申请')).toBe(2);
    expect(patentTypeOf('日本实用新型注册')).toBe(3);
  });
});
