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
  ids.active = await f.customer('批量甲公司');
  ids.suspended = await f.customer('批量乙公司', { suspend: true });
  ids.other = await f.customer('别家丙公司');
});
afterAll(async () => {
  await t.close();
});

const suspendOf = (id: number | undefined) => columnOf(t.ctx.db, 'customers', 'suspend', id);

describe('suspending and resuming customers in bulk', () => {
  it('suspends the selected customers; one already suspended is reported unchanged', async () => {
    const response = await staff.post('/api/admin/customers/bulk', {
      target: { ids: [ids.active, ids.suspended] },
      suspend: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ done: 1, unchanged: 1, failed: 0 });
    expect([await suspendOf(ids.active), await suspendOf(ids.suspended)]).toEqual([1, 1]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['from_state', 'to_state'])
      .where('action', '=', 'customer.update')
      .where('entity_id', '=', String(ids.active))
      .execute();
    expect(audit).toEqual([{ from_state: '{"suspend":0}', to_state: '{"suspend":true}' }]);
  });

  it('resumes every customer the filter matches, in the English message of a changed count', async () => {
    const response = await staff.post('/api/admin/customers/bulk', {
      target: { filters: { keyword: '批量' }, expectedTotal: 2 },
      suspend: false,
    });
    expect(response.json().data).toMatchObject({ done: 2 });
    expect([await suspendOf(ids.active), await suspendOf(ids.suspended), await suspendOf(ids.other)]).toEqual(
      [0, 0, 0],
    );
    const stale = await staff.request({
      method: 'POST',
      url: '/api/admin/customers/bulk',
      payload: { target: { filters: { keyword: '批量' }, expectedTotal: 1 }, suspend: true },
      headers: { 'accept-language': 'en-US' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(/now matches 2 rows/);
    expect(await suspendOf(ids.active)).toBe(0);
  });

  it('refuses a selection with an unknown customer (404) and a body without the action (400)', async () => {
    const unknown = await staff.post('/api/admin/customers/bulk', {
      target: { ids: [ids.active, 888_888] },
      suspend: true,
    });
    expect(unknown.statusCode).toBe(404);
    const noAction = await staff.post('/api/admin/customers/bulk', { target: { ids: [ids.active] } });
    expect(noAction.statusCode).toBe(400);
    expect(await suspendOf(ids.active)).toBe(0);
  });
});
