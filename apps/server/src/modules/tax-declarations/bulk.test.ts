import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDate } from '../../lib/list.ts';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('ops', 'consultant');
  const f = listFixtures(t.ctx.db);
  const customer = await f.customer('申报批量公司');
  const vat = await f.service('德国VAT 注册及申报', { country: 'DE', categoryId: 1 });
  ids.item = await f.item('VATDE9001', customer, vat);
  ids.late = await f.declaration(ids.item, -40);
  ids.due = await f.declaration(ids.item, 10);
  ids.declared = await f.declaration(ids.item, -100, { by: 'other', date: utcDate(-101) });
});
afterAll(async () => {
  await t.close();
});

const row = (id: number | undefined) =>
  t.ctx.db
    .selectFrom('tax_declarations')
    .select(['status', 'declared_date', 'declared_by'])
    .where('id', '=', id as number)
    .executeTakeFirstOrThrow();
/** The item's oldest pending due date, from which its overdue level follows. */
const oldestOpenDue = async () =>
  (
    await t.ctx.db
      .selectFrom('service_items')
      .select('oldest_open_due_date')
      .where('id', '=', ids.item as number)
      .executeTakeFirstOrThrow()
  ).oldest_open_due_date;

describe('marking declarations declared in bulk', () => {
  it('refuses a declaration date in the future before touching any row', async () => {
    const response = await staff.post('/api/admin/tax-declarations/bulk', {
      target: { ids: [ids.late] },
      declaredDate: utcDate(1),
      declaredBy: 'us',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/不能晚于今天/);
    expect((await row(ids.late)).status).toBe('pending');
  });

  it('declares the pending ones, keeps one declared earlier as it was, and the item is no longer overdue', async () => {
    expect(await oldestOpenDue()).toBe(utcDate(-40));
    const today = utcDate();
    const response = await staff.post('/api/admin/tax-declarations/bulk', {
      target: { filters: { serviceItemId: String(ids.item) }, expectedTotal: 3 },
      declaredDate: today,
      declaredBy: 'us',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ done: 2, unchanged: 1, failed: 0 });
    expect(await row(ids.late)).toEqual({ status: 'declared', declared_date: today, declared_by: 'us' });
    expect(await row(ids.declared)).toEqual({
      status: 'declared',
      declared_date: utcDate(-101),
      declared_by: 'other',
    });
    expect(await oldestOpenDue()).toBeNull();
  });

  it('refuses an unknown party (400) and another list filter it does not take (400)', async () => {
    const party = await staff.post('/api/admin/tax-declarations/bulk', {
      target: { ids: [ids.due] },
      declaredDate: utcDate(),
      declaredBy: 'someone',
    });
    expect(party.statusCode).toBe(400);
    const filter = await staff.post('/api/admin/tax-declarations/bulk', {
      target: { filters: { dueFrom: 'yesterday' }, expectedTotal: 1 },
      declaredDate: utcDate(),
      declaredBy: 'us',
    });
    expect(filter.statusCode).toBe(400);
  });
});
