import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDate } from '../../lib/list.ts';
import { auditChain } from '../../test/audit-chain.ts';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('taxer', 'finance');
  const f = listFixtures(t.ctx.db);
  const customer = await f.customer('申报测试公司');
  const service = await f.service();
  ids.item = await f.item('VATDE9001', customer, service);
  ids.future = await f.declaration(ids.item, 10);
  ids.level1 = await f.declaration(ids.item, -15);
  ids.level2 = await f.declaration(ids.item, -16);
  ids.level3 = await f.declaration(ids.item, -31);
  ids.declared = await f.declaration(ids.item, -120, { by: 'us' });
  ids.customer = customer;
  ids.otherCustomer = await f.customer('另一家申报公司');
  ids.otherItem = await f.item('VATFR9002', ids.otherCustomer, service);
  ids.other = await f.declaration(ids.otherItem, 10);
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const response = await staff.get(`/api/admin/tax-declarations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('tax declaration list', () => {
  it('derives overdue from the due date: tabs pending, overdue and declared', async () => {
    const body = await list();
    expect(body.statusTabList).toEqual([
      { status: 'all', statusName: '全部', count: 6 },
      { status: 'pending', statusName: '待申报', count: 2 },
      { status: 'overdue', statusName: '已逾期', count: 3 },
      { status: 'declared', statusName: '已申报', count: 1 },
    ]);
    expect((await list('?status=overdue')).rows.map((row: { id: number }) => row.id).sort()).toEqual(
      [ids.level1, ids.level2, ids.level3].sort(),
    );
  });

  it('gives each row its days overdue and level: 1 up to 15 days, 2 up to 30, 3 beyond', async () => {
    const rows = (await list('?pageSize=100')).rows as {
      id: number;
      daysOverdue: number;
      overdueStatus: number;
      status: string;
    }[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.future as number)).toMatchObject({
      status: 'pending',
      daysOverdue: 0,
      overdueStatus: 0,
    });
    expect(byId.get(ids.level1 as number)).toMatchObject({
      status: 'overdue',
      daysOverdue: 15,
      overdueStatus: 1,
    });
    expect(byId.get(ids.level2 as number)).toMatchObject({ daysOverdue: 16, overdueStatus: 2 });
    expect(byId.get(ids.level3 as number)).toMatchObject({ daysOverdue: 31, overdueStatus: 3 });
    expect(byId.get(ids.declared as number)).toMatchObject({
      status: 'declared',
      overdueStatus: 0,
      declaredBy: 'us',
    });
    expect((await list('?overdueStatus=2')).rows.map((row: { id: number }) => row.id)).toEqual([ids.level2]);
  });

  it('filters by customer (the jump from 客户管理) and by a range of due dates', async () => {
    const ofCustomer = (await list(`?customerId=${ids.customer}&pageSize=100`)).rows.map(
      (row: { id: number }) => row.id,
    );
    expect(ofCustomer.sort()).toEqual([ids.future, ids.level1, ids.level2, ids.level3, ids.declared].sort());
    expect(
      (await list(`?customerId=${ids.otherCustomer}`)).rows.map((row: { id: number }) => row.id),
    ).toEqual([ids.other]);
    const dueSoon = (await list(`?dueFrom=${utcDate(-16)}&dueTo=${utcDate(-15)}`)).rows.map(
      (row: { id: number }) => row.id,
    );
    expect(dueSoon.sort()).toEqual([ids.level1, ids.level2].sort());
    expect((await list(`?dueFrom=${utcDate(11)}`)).total).toBe(0);
    for (const bad of ['?dueFrom=2026-13-01', '?dueTo=yesterday', '?customerId=abc']) {
      expect((await staff.get(`/api/admin/tax-declarations${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('sorts by days overdue: most overdue first, then the ones not overdue; ascending the other way round', async () => {
    const ids_ = (body: { rows: { id: number }[] }) => body.rows.map((row) => row.id);
    const descending = ids_(await list(`?customerId=${ids.customer}&sort=daysOverdue&order=descend`));
    expect(descending.slice(0, 3)).toEqual([ids.level3, ids.level2, ids.level1]);
    expect(descending.slice(3).sort()).toEqual([ids.future, ids.declared].sort());
    const ascending = ids_(await list(`?customerId=${ids.customer}&sort=daysOverdue&order=ascend`));
    expect(ascending.slice(-3)).toEqual([ids.level1, ids.level2, ids.level3]);
  });

  it('refuses a malformed tax period or sort with 400', async () => {
    expect((await staff.get('/api/admin/tax-declarations?taxPeriod=2026-13')).statusCode).toBe(400);
    expect((await staff.get('/api/admin/tax-declarations?sort=due_date')).statusCode).toBe(400);
  });
});

describe('declaring a return', () => {
  const patch = (id: number, payload: unknown) =>
    staff.request({
      method: 'PATCH',
      url: `/api/admin/tax-declarations/${id}`,
      payload: payload as Record<string, unknown>,
    });
  const itemRow = async () => {
    const body = (await staff.get('/api/admin/service-items?keyword=VATDE9001')).json();
    return body.rows[0] as { overdueStatus: number; specificLabel: boolean };
  };

  it('needs the date and who declared it', async () => {
    const response = await patch(ids.level3 as number, { status: 'declared' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['declaredDate', 'declaredBy']);
  });

  it('refuses a declaration date in the future', async () => {
    const response = await patch(ids.level3 as number, {
      status: 'declared',
      declaredDate: utcDate(3),
      declaredBy: 'us',
    });
    expect(response.statusCode).toBe(400);
  });

  it('moves the service item to its next most overdue return and updates the K badge', async () => {
    expect(await itemRow()).toMatchObject({ overdueStatus: 3, specificLabel: true });
    const response = await patch(ids.level3 as number, {
      status: 'declared',
      declaredDate: utcDate(),
      declaredBy: 'other',
    });
    expect(response.statusCode).toBe(200);
    // The return just declared (by someone else) is now the latest declared one, so K goes.
    expect(await itemRow()).toMatchObject({ overdueStatus: 2, specificLabel: false });
    await patch(ids.level2 as number, { status: 'declared', declaredDate: utcDate(), declaredBy: 'us' });
    expect(await itemRow()).toMatchObject({ overdueStatus: 1, specificLabel: true });
  });

  it('can be undone, which clears the date and declarer', async () => {
    const response = await patch(ids.level2 as number, { status: 'pending' });
    expect(response.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('tax_declarations')
      .selectAll()
      .where('id', '=', ids.level2 as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', declared_date: null, declared_by: null });
    expect((await patch(ids.level2 as number, { status: 'pending', declaredBy: 'us' })).statusCode).toBe(400);
  });

  it('writes no audit row for an edit that changes nothing', async () => {
    const id = ids.future as number;
    const row = await t.ctx.db
      .selectFrom('tax_declarations')
      .select(['amount', 'due_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const before = await auditChain(t.ctx.db, { type: 'tax_declaration', id });
    const response = await patch(id, { amount: Number(row.amount), dueDate: row.due_date });
    expect(response.statusCode).toBe(200);
    expect(await auditChain(t.ctx.db, { type: 'tax_declaration', id })).toHaveLength(before.length);
    // A real change is audited.
    expect((await patch(id, { amount: Number(row.amount) + 100 })).statusCode).toBe(200);
    expect(await auditChain(t.ctx.db, { type: 'tax_declaration', id })).toHaveLength(before.length + 1);
  });

  it('answers an unknown id with 404 and a customer with 403', async () => {
    expect((await patch(999999, { amount: 1 })).statusCode).toBe(404);
    const customer = await t.loggedIn('payer', 'customer');
    const response = await customer.request({
      method: 'PATCH',
      url: `/api/admin/tax-declarations/${ids.future}`,
      payload: { amount: 1 },
    });
    expect(response.statusCode).toBe(403);
  });
});
