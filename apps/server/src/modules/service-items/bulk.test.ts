import { BULK_LIMIT } from '@kxt/contracts/bulk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { columnOf } from '../../test/rows.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('ops', 'consultant');
  const f = listFixtures(t.ctx.db);
  const customer = await f.customer('批量贸易有限公司');
  const vat = await f.service('德国VAT 注册及申报', { country: 'DE', categoryId: 1 });
  const epr = await f.service('法国EPR 包装法注册', { country: 'FR', categoryId: 2, type: 'increment' });
  ids.a = await f.item('BULKDE0001', customer, vat, { status: 2 });
  ids.b = await f.item('BULKDE0002', customer, vat, { status: 3 });
  ids.c = await f.item('BULKFR0003', customer, epr, { status: 2 });
  ids.d = await f.item('BULKFR0004', customer, epr, { status: 2 });
});
afterAll(async () => {
  await t.close();
});

const statusOf = (id: number | undefined) => columnOf(t.ctx.db, 'service_items', 'status', id);
const auditCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', 'service-item.update')
        .executeTakeFirstOrThrow()
    ).n,
  );
const bulk = (body: unknown) => staff.post('/api/admin/service-items/bulk', body);

describe('bulk status change of service items', () => {
  it('changes the selected rows, reports a row already in that status as unchanged, and audits each change', async () => {
    const audits = await auditCount();
    const response = await bulk({ target: { ids: [ids.a, ids.b] }, status: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      done: 1,
      unchanged: 1,
      failed: 0,
      rows: [
        { id: ids.b, label: 'BULKDE0002', result: 'unchanged' },
        { id: ids.a, label: 'BULKDE0001', result: 'done' },
      ],
    });
    expect(await statusOf(ids.a)).toBe(3);
    expect(await auditCount()).toBe(audits + 1);
    // The same request again (a replay) changes nothing more.
    const again = await bulk({ target: { ids: [ids.a, ids.b] }, status: 3 });
    expect(again.json().data).toMatchObject({ done: 0, unchanged: 2, failed: 0 });
    expect(await auditCount()).toBe(audits + 1);
  });

  it('changes every row the filter matches once the user confirmed their number', async () => {
    const response = await bulk({
      target: { filters: { keyword: 'BULKFR', status: '2' }, expectedTotal: 2 },
      status: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ done: 2, unchanged: 0, failed: 0 });
    expect([await statusOf(ids.c), await statusOf(ids.d)]).toEqual([5, 5]);
  });

  it('changes nothing when the filter now matches another number than the one confirmed (409)', async () => {
    const response = await bulk({ target: { filters: { keyword: 'BULK' }, expectedTotal: 3 }, status: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toContain('4');
    expect(await statusOf(ids.a)).toBe(3);
  });

  it('changes nothing when a selected row does not exist (404)', async () => {
    const response = await bulk({ target: { ids: [ids.a, 999_999] }, status: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toMatch(/不存在/);
    expect(await statusOf(ids.a)).toBe(3);
  });

  it.each([
    ['an empty selection', { target: { ids: [] }, status: 1 }],
    [
      'more ids than the limit',
      { target: { ids: Array.from({ length: BULK_LIMIT + 1 }, (_, i) => i + 1) }, status: 1 },
    ],
    ['an unknown status', { target: { ids: [1] }, status: 9 }],
    ['no target', { status: 1 }],
    ['a filter count above the limit', { target: { filters: {}, expectedTotal: BULK_LIMIT + 1 }, status: 1 }],
    ['filters the list does not take', { target: { filters: { status: 'x' }, expectedTotal: 1 }, status: 1 }],
    ['an unknown field', { target: { ids: [1] }, status: 1, force: true }],
  ])('refuses %s with a 400 and changes nothing', async (_name, body) => {
    const response = await bulk(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(await statusOf(ids.a)).toBe(3);
  });

  it('is not open to customers (403) and needs the CSRF token', async () => {
    const customer = await t.loggedIn('buyer', 'customer', '批量贸易有限公司');
    const response = await customer.post('/api/admin/service-items/bulk', {
      target: { ids: [ids.a] },
      status: 1,
    });
    expect(response.statusCode).toBe(403);
    const noToken = await staff.request({
      method: 'POST',
      url: '/api/admin/service-items/bulk',
      payload: { target: { ids: [ids.a] }, status: 1 },
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(noToken.statusCode).toBe(403);
    expect(await statusOf(ids.a)).toBe(3);
  });
});
