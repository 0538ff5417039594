import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemo } from './seed.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  expect(await isDatabaseEmpty(t.ctx.db)).toBe(true);
  await seedDemo(t.ctx.db, 'demo-password', { marks: 3_000 });
  admin = t.client();
  await admin.login('admin', 'demo-password');
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;
const allRows = async (path: string) => {
  const rows: Row[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const body = (await admin.get(`${path}?pageSize=100&pageNum=${pageNum}`)).json();
    rows.push(...body.rows);
    if (rows.length >= body.total) return rows;
  }
};

describe('demo seed', () => {
  it('creates every demo account, customers of two different companies', async () => {
    expect(await isDatabaseEmpty(t.ctx.db)).toBe(false);
    for (const account of DEMO_ACCOUNTS) {
      const client = t.client();
      const response = await client.login(account.username, 'demo-password');
      expect(response.json().data.role).toBe(account.role);
    }
    const customers = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('role', '=', 'customer')
      .execute();
    expect(new Set(customers.map((row) => row.customer_id)).size).toBe(2);
  });

  it('has at least 60 customers, 300 service items and 1,000 tax declarations', async () => {
    const count = async (table: 'customers' | 'service_items' | 'tax_declarations') =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('customers')).toBeGreaterThanOrEqual(60);
    expect(await count('service_items')).toBeGreaterThanOrEqual(300);
    expect(await count('tax_declarations')).toBeGreaterThanOrEqual(1000);
  });

  it('covers every badge, overdue level and status', async () => {
    const items = await allRows('/api/admin/service-items');
    expect(items.some((row) => row.isArrears)).toBe(true);
    expect(items.some((row) => row.suspend)).toBe(true);
    expect(items.some((row) => (row.repeatServiceCodes as string[]).length > 0)).toBe(true);
    expect(items.some((row) => row.specificLabel)).toBe(true);
    expect(new Set(items.map((row) => row.overdueStatus))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(items.map((row) => row.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(
      new Set(items.map((row) => (row.servicePerform as { typeIdTopCode: string }).typeIdTopCode)),
    ).toEqual(new Set(['basic', 'increment']));
    const declarations = (await admin.get('/api/admin/tax-declarations')).json();
    for (const tab of declarations.statusTabList) expect(tab.count, tab.status).toBeGreaterThan(0);
    const customers = (await admin.get('/api/admin/customers')).json();
    for (const tab of customers.statusTabList) expect(tab.count, tab.status).toBeGreaterThan(0);
  });

  it("gives the demo customers' companies services of their own", async () => {
    const company = await t.ctx.db
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customer_id')
      .select('customers.id')
      .where('users.username', '=', 'customer1')
      .executeTakeFirstOrThrow();
    const body = (await admin.get(`/api/admin/service-items?customerId=${company.id}`)).json();
    expect(body.total).toBeGreaterThanOrEqual(3);
  });
});
