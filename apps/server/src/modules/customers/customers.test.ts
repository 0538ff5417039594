import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('manager', 'consultant');
  const f = listFixtures(t.ctx.db);
  ids.normal = await f.customer('甲公司', { createdAt: '2026-01-01T00:00:00.000Z' });
  ids.arrears = await f.customer('乙公司', { isArrears: true, createdAt: '2026-01-02T00:00:00.000Z' });
  ids.both = await f.customer('丙公司', {
    isArrears: true,
    suspend: true,
    createdAt: '2026-01-03T00:00:00.000Z',
  });
  const service = await f.service();
  await f.item('VATDE7001', ids.arrears, service);
  await f.item('VATDE7002', ids.arrears, service);
});
afterAll(async () => {
  await t.close();
});

describe('customer list', () => {
  it('counts normal, in arrears and suspended customers, and their services', async () => {
    const body = (await staff.get('/api/admin/customers')).json();
    expect(body.total).toBe(3);
    expect(body.statusTabList).toEqual([
      { status: 'all', statusName: '全部', count: 3 },
      { status: 'normal', statusName: '正常', count: 1 },
      { status: 'arrears', statusName: '欠费', count: 2 },
      { status: 'suspended', statusName: '已挂起', count: 1 },
    ]);
    expect(body.rows.map((row: { name: string }) => row.name)).toEqual(['丙公司', '乙公司', '甲公司']);
    expect(body.rows[1]).toMatchObject({ isArrears: true, suspend: false, serviceItemCount: 2 });
  });

  it('speaks English tab names when asked', async () => {
    const body = (
      await staff.get('/api/admin/customers?status=arrears', { 'accept-language': 'en-US' })
    ).json();
    expect(body.total).toBe(2);
    expect(body.statusTabList[2]).toEqual({ status: 'arrears', statusName: 'In arrears', count: 2 });
  });

  it('sorts by name and searches', async () => {
    const body = (await staff.get('/api/admin/customers?sort=name&order=ascend&keyword=公司')).json();
    expect(body.total).toBe(3);
    expect((await staff.get('/api/admin/customers?status=everyone')).statusCode).toBe(400);
  });
});

describe('customer edits', () => {
  const patch = (id: number, payload: Record<string, unknown>) =>
    staff.request({ method: 'PATCH', url: `/api/admin/customers/${id}`, payload });

  it('marks a customer in arrears, which every service row then shows', async () => {
    expect((await patch(ids.normal as number, { isArrears: true, phone: '13900000000' })).statusCode).toBe(
      200,
    );
    const body = (await staff.get('/api/admin/customers?status=arrears')).json();
    expect(body.total).toBe(3);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'customer')
      .execute();
    expect(JSON.parse(audit.at(-1)?.from_state ?? '{}')).toEqual({ isArrears: 0, phone: '13800000000' });
  });

  it('only lets an active staff member own an account', async () => {
    const customerUser = await t.user('shopper', 'customer');
    const response = await patch(ids.both as number, { ownerUserId: customerUser });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('ownerUserId');
    const staffId = await t.user('owner-staff', 'consultant');
    expect((await patch(ids.both as number, { ownerUserId: staffId })).statusCode).toBe(200);
    const body = (await staff.get('/api/admin/customers?keyword=丙')).json();
    expect(body.rows[0]).toMatchObject({ ownerUserId: staffId, ownerName: 'owner-staff' });
  });

  it('refuses a bad email, an unknown field and an unknown customer', async () => {
    expect((await patch(ids.both as number, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await patch(ids.both as number, { name: 'renamed' })).statusCode).toBe(400);
    expect((await patch(999999, { phone: '1' })).statusCode).toBe(404);
  });
});
