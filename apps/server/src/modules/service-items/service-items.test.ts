import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('ops', 'admin');
  const f = listFixtures(t.ctx.db);
  const owes = await f.customer('欠费挂起公司', { isArrears: true, suspend: true });
  const clean = await f.customer('清白贸易有限公司');
  const vatDe = await f.service('德国VAT 注册及申报', { country: 'DE', categoryId: 1 });
  const epr = await f.service('法国EPR 包装法注册', { country: 'FR', categoryId: 2, type: 'increment' });
  ids.repeatA = await f.item('VATDE0001', owes, vatDe, { createdAt: '2026-01-01T00:00:00.000Z' });
  ids.repeatB = await f.item('VATDE0002', owes, vatDe, { createdAt: '2026-01-02T00:00:00.000Z' });
  ids.clean = await f.item('EPRFR0003', clean, epr, { status: 3, createdAt: '2026-01-03T00:00:00.000Z' });
  ids.overdue = await f.item('VATDE0004', clean, vatDe, { status: 4, createdAt: '2026-01-04T00:00:00.000Z' });
  ids.percent = await f.item('VATDE50%X', clean, vatDe, { createdAt: '2026-01-05T00:00:00.000Z' });
  ids.customerClean = clean;
  // K badge: the latest declared return was ours; an older one by someone else does not count.
  await f.declaration(ids.repeatA, -200, { by: 'other' });
  await f.declaration(ids.repeatA, -100, { by: 'us' });
  // Overdue levels: 20 days past due is level 2 on the item.
  await f.declaration(ids.overdue, -20);
  await f.declaration(ids.overdue, 30);
  await f.declaration(ids.clean, -3);
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const response = await staff.get(`/api/admin/service-items${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const rowByCode = (body: { rows: { serviceCode: string }[] }, code: string) =>
  body.rows.find((row) => row.serviceCode === code) as Record<string, unknown>;

describe('service item list', () => {
  it('pages newest first by default, with the total and a count per status tab', async () => {
    const body = await list('?pageSize=2');
    expect(body).toMatchObject({ code: 200, total: 5 });
    expect(body.rows.map((row: { serviceCode: string }) => row.serviceCode)).toEqual([
      'VATDE50%X',
      'VATDE0004',
    ]);
    expect(body.statusTabList).toEqual([
      { status: 'all', statusName: '全部', count: 5 },
      { status: '1', statusName: '待启动', count: 0 },
      { status: '2', statusName: '服务中', count: 3 },
      { status: '3', statusName: '已暂停', count: 1 },
      { status: '4', statusName: '已到期', count: 1 },
      { status: '5', statusName: '已终止', count: 0 },
    ]);
    const second = await list('?pageSize=2&pageNum=3');
    expect(second.rows).toHaveLength(1);
  });

  it('narrows rows to the chosen status but keeps every tab count', async () => {
    const body = await list('?status=2');
    expect(body.total).toBe(3);
    expect(body.rows.every((row: { status: number }) => row.status === 2)).toBe(true);
    expect(body.statusTabList[0]).toMatchObject({ status: 'all', count: 5 });
  });

  it('computes the tab counts under the other filters', async () => {
    const body = await list('?categoryIdTopId=2');
    expect(body.total).toBe(1);
    expect(body.statusTabList.find((tab: { status: string }) => tab.status === '3').count).toBe(1);
    expect(body.statusTabList.find((tab: { status: string }) => tab.status === '2').count).toBe(0);
  });

  it('shows the row badges: 欠, 挂, 重 with the other codes, K, and the overdue level', async () => {
    const body = await list('?pageSize=100');
    expect(rowByCode(body, 'VATDE0001')).toMatchObject({
      isArrears: true,
      suspend: true,
      repeatServiceCodes: ['VATDE0002'],
      specificLabel: true,
      overdueStatus: 0,
      servicePerform: { serviceCode: 'VATDE0001', typeIdTopCode: 'basic', categoryIdTopId: 1 },
    });
    expect(rowByCode(body, 'VATDE0002')).toMatchObject({
      repeatServiceCodes: ['VATDE0001'],
      specificLabel: false,
    });
    expect(rowByCode(body, 'VATDE0004')).toMatchObject({
      isArrears: false,
      suspend: false,
      overdueStatus: 2,
    });
    expect(rowByCode(body, 'EPRFR0003')).toMatchObject({ overdueStatus: 1, repeatServiceCodes: [] });
  });

  it('filters by overdue level, arrears and suspension', async () => {
    expect(
      (await list('?overdueStatus=2')).rows.map((row: { serviceCode: string }) => row.serviceCode),
    ).toEqual(['VATDE0004']);
    expect(
      (await list('?overdueStatus=1')).rows.map((row: { serviceCode: string }) => row.serviceCode),
    ).toEqual(['EPRFR0003']);
    expect((await list('?overdueStatus=3')).total).toBe(0);
    expect((await list('?isArrears=1')).total).toBe(2);
    expect((await list('?suspend=0')).total).toBe(3);
  });

  it('searches codes and customer names, case-insensitively, taking % literally', async () => {
    expect((await list('?keyword=vatde000')).total).toBe(3);
    expect((await list('?keyword=清白')).total).toBe(3);
    expect((await list('?keyword=%25')).rows.map((row: { serviceCode: string }) => row.serviceCode)).toEqual([
      'VATDE50%X',
    ]);
    expect((await list('?keyword=%20%20')).total).toBe(5);
  });

  it('sorts on an allowed column', async () => {
    const body = await list('?sort=serviceCode&order=ascend');
    const codes = body.rows.map((row: { serviceCode: string }) => row.serviceCode);
    expect(codes).toEqual([...codes].sort());
  });

  it.each([
    ['pageSize=0', 'query.pageSize'],
    ['pageSize=101', 'query.pageSize'],
    ['pageSize=ten', 'query.pageSize'],
    ['pageNum=0', 'query.pageNum'],
    ['pageNum=1.5', 'query.pageNum'],
    ['sort=password_hash', 'query.sort'],
    ['order=sideways', 'query.order'],
    ['status=9', 'query.status'],
    ['overdueStatus=4', 'query.overdueStatus'],
    ['country=XX', 'query.country'],
    ['isArrears=yes', 'query.isArrears'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const response = await staff.get(`/api/admin/service-items?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty([field]);
  });

  it('is for staff only', async () => {
    const customer = await t.loggedIn('buyer', 'customer');
    expect((await customer.get('/api/admin/service-items')).statusCode).toBe(403);
    expect((await t.client().get('/api/admin/service-items')).statusCode).toBe(401);
  });
});

describe('service item edits', () => {
  it('saves an inline edit and audits it', async () => {
    const response = await staff.request({
      method: 'PATCH',
      url: `/api/admin/service-items/${ids.percent}`,
      payload: { remark: '已联系客户', status: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().msg).toBe('成功');
    const row = await t.ctx.db
      .selectFrom('service_items')
      .selectAll()
      .where('id', '=', ids.percent as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ remark: '已联系客户', status: 3 });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'service_item')
      .execute();
    expect(audit.at(-1)).toMatchObject({ action: 'service-item.update', entity_id: String(ids.percent) });
    // Before and after in the same shape, so each row's "from" is the previous row's "to".
    expect(JSON.parse(audit.at(-1)?.from_state ?? '{}')).toEqual({
      status: 2,
      startDate: '2026-01-01',
      endDate: null,
      remark: null,
    });
    expect(JSON.parse(audit.at(-1)?.to_state ?? '{}')).toEqual({
      status: 3,
      startDate: '2026-01-01',
      endDate: null,
      remark: '已联系客户',
    });
  });

  it.each<[Record<string, unknown>, string]>([
    [{}, 'an empty patch'],
    [{ status: 7 }, 'an unknown status'],
    [{ remark: 42 }, 'a wrong type'],
    [{ serviceCode: 'HACK' }, 'a field that cannot be edited'],
    [{ endDate: '2026-13-01' }, 'an impossible date'],
  ])('refuses %j (%s) with 400 and changes nothing', async (payload) => {
    const before = await t.ctx.db
      .selectFrom('service_items')
      .selectAll()
      .where('id', '=', ids.clean as number)
      .executeTakeFirstOrThrow();
    const response = await staff.request({
      method: 'PATCH',
      url: `/api/admin/service-items/${ids.clean}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    const after = await t.ctx.db
      .selectFrom('service_items')
      .selectAll()
      .where('id', '=', ids.clean as number)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses an end date before the start date', async () => {
    const response = await staff.request({
      method: 'PATCH',
      url: `/api/admin/service-items/${ids.clean}`,
      payload: { endDate: '2025-01-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('endDate');
  });

  it('answers an unknown id with 404', async () => {
    const response = await staff.request({
      method: 'PATCH',
      url: '/api/admin/service-items/999999',
      payload: { remark: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('opens a new service for a customer from the catalogue', async () => {
    const serviceId = await listFixtures(t.ctx.db).service('英国公司注册', { country: 'GB', categoryId: 5 });
    const response = await staff.post('/api/admin/service-items', {
      customerId: ids.customerClean,
      serviceId,
      previousServiceCode: 'VATDE0004',
    });
    expect(response.statusCode).toBe(200);
    const { serviceCode } = response.json().data;
    expect(serviceCode).toMatch(/^COMPANYGB\d{10}$/);
    const body = await list(`?keyword=${serviceCode}`);
    expect(body.rows[0]).toMatchObject({
      serviceCode,
      status: 1,
      country: 'GB',
      customerId: ids.customerClean,
    });
  });

  it('refuses a new service for an unknown customer or service', async () => {
    expect(
      (await staff.post('/api/admin/service-items', { customerId: 999999, serviceId: 1 })).statusCode,
    ).toBe(404);
    const unknownService = await staff.post('/api/admin/service-items', {
      customerId: ids.customerClean,
      serviceId: 999999,
    });
    expect(unknownService.statusCode).toBe(400);
  });
});
