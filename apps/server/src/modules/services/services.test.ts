import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('seller', 'consultant');
  const f = listFixtures(t.ctx.db);
  const customer = await f.customer('来源公司');
  const vat = await f.service('德国VAT 注册及申报', { type: 'basic', categoryId: 1, country: 'DE' });
  await f.service('德国VAT 补申报', { type: 'increment', categoryId: 1, country: 'DE' });
  await f.service('德国EPR 包装法注册', { type: 'basic', categoryId: 2, country: 'DE' });
  await f.item('VATDE8001', customer, vat);
});
afterAll(async () => {
  await t.close();
});

describe('service catalogue', () => {
  it('lists basic services with counts per top category and the source of 去新服务', async () => {
    const body = (await staff.get('/api/admin/services?typeIdTopCode=basic&findValue=VATDE8001')).json();
    expect(body.total).toBe(2);
    expect(body.statusTabList.slice(0, 3)).toEqual([
      { status: 'all', statusName: '全部', count: 2 },
      { status: '1', statusName: 'VAT 税务', count: 1 },
      { status: '2', statusName: 'EPR 合规', count: 1 },
    ]);
    expect(body.source).toEqual({
      serviceCode: 'VATDE8001',
      customerId: expect.any(Number),
      customerName: '来源公司',
      country: 'DE',
    });
  });

  it('narrows to a category and to value-added services', async () => {
    const body = (await staff.get('/api/admin/services?typeIdTopCode=increment&categoryIdTopId=1')).json();
    expect(body.rows.map((row: { name: string }) => row.name)).toEqual(['德国VAT 补申报']);
    expect((await staff.get('/api/admin/services?categoryIdTopId=99')).statusCode).toBe(400);
    expect((await staff.get('/api/admin/services?findValue=NOPE')).json().source).toBeNull();
  });
});
