import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('ops', 'admin');
  const f = listFixtures(t.ctx.db);
  const owes = await f.customer('欠费公司', { isArrears: true, createdAt: '2026-01-02T00:00:00.000Z' });
  await f.customer('清白公司', { createdAt: '2026-01-01T00:00:00.000Z' });
  const vat = await f.service();
  await f.item('VATDE0001', owes, vat);
  await f.item('VATDE0002', owes, vat);
});
afterAll(async () => {
  await t.close();
});

describe('customer export', () => {
  it('writes the filtered customers with their service item counts as numbers', async () => {
    const response = await staff.get(
      '/api/admin/customers/export?format=csv&columns=name,serviceItemCount,country,isArrears',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['客户名称,服务项目数,国家/地区,欠费', '欠费公司,2,中国,是', '清白公司,0,中国,否']);
    const arrears = await staff.get('/api/admin/customers/export?format=csv&columns=name&status=arrears');
    expect(arrears.headers['x-export-rows']).toBe('1');
  });

  it('is for staff only and refuses unknown columns', async () => {
    const customer = await t.loggedIn('buyer', 'customer');
    expect((await customer.get('/api/admin/customers/export?format=csv&columns=name')).statusCode).toBe(403);
    expect(
      (await staff.get('/api/admin/customers/export?format=csv&columns=name,passwordHash')).statusCode,
    ).toBe(400);
  });
});
