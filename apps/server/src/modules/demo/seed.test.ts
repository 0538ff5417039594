import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { agreementLinksOf } from '../agreements/demo.ts';
import { DEMO_ACCOUNTS, isDatabaseEmpty } from './seed.ts';
import { type DemoSeedOutcome, seedDemoOnce } from './seed-once.ts';

// The whole demo as `npm start` seeds it: 200,000 marks take a while, more so on PostgreSQL under load.
const FULL_SEED_MS = 240_000;

let t: TestApp;
let admin: TestClient;
let outcome: DemoSeedOutcome;
beforeAll(async () => {
  t = await createTestApp();
  expect(await isDatabaseEmpty(t.ctx.db)).toBe(true);
  outcome = await seedDemoOnce(t.ctx.db, 'demo-password', { storage: t.ctx.storage });
  admin = t.client();
  await admin.login('admin', 'demo-password');
}, FULL_SEED_MS);
afterAll(async () => {
  await t.close();
});

const count = async (table: 'customers' | 'service_items' | 'tax_declarations' | 'marks') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

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
  it("holds the README's 200,000 marks across 24 markets, each market's count on the search screen", async () => {
    expect(outcome.seeded).toBe(true);
    expect(await count('marks')).toBe(200_000);
    const datasets = await t.ctx.db.selectFrom('trademark_datasets').select('mark_count').execute();
    expect(datasets).toHaveLength(24);
    expect(datasets.reduce((sum, row) => sum + row.mark_count, 0)).toBe(200_000);
  });

  it('gives customer1 an agreement in every state and both demo customers patent orders, files on disk', async () => {
    const states = (await agreementLinksOf(t.ctx.db, 'customer1')).map((link) => link.state).sort();
    expect(states).toEqual(['expired', 'read', 'revoked', 'signed', 'unread']);
    const customersWithOrders = await t.ctx.db
      .selectFrom('patent_orders')
      .innerJoin('users', 'users.customer_id', 'patent_orders.customer_id')
      .select('users.username')
      .distinct()
      .execute();
    expect(customersWithOrders.map((row) => row.username).sort()).toEqual(['customer1', 'customer2']);
    const files = await t.ctx.db.selectFrom('files').select('storage_key').execute();
    expect(files.length).toBeGreaterThan(0);
    const root = path.join(t.ctx.config.dataDir, 'files');
    expect(files.filter((file) => !existsSync(path.join(root, file.storage_key)))).toEqual([]);
  });

  it('offers search packs to buy and gives the two customers different bank account sets', async () => {
    const packs = await t.ctx.db
      .selectFrom('services')
      .select('name')
      .where('grants_searches', '>', 0)
      .execute();
    expect(packs.length).toBeGreaterThan(0);
    const onlineTypes = await t.ctx.db
      .selectFrom('users')
      .select(['username', 'online_type'])
      .where('role', '=', 'customer')
      .orderBy('username')
      .execute();
    expect(onlineTypes.map((row) => [row.username, row.online_type])).toEqual([
      ['customer1', 1],
      ['customer2', 0],
    ]);
  });

  it('does not seed a second time', async () => {
    expect(await seedDemoOnce(t.ctx.db, 'demo-password', { storage: t.ctx.storage })).toEqual({
      seeded: false,
      reason: 'already seeded',
    });
    expect(await count('marks')).toBe(200_000);
    const users = await t.ctx.db.selectFrom('users').select('username').execute();
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
  });

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
