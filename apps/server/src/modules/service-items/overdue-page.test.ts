import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDate } from '../../lib/list.ts';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

// Overdue pages in creation order merge two walks (items created by the due-date bound, and items created after
// their own due date): both kinds must come in one order across pages.
let t: TestApp;
let staff: TestClient;

const daysAgo = (days: number) => `${utcDate(-days)}T08:00:00.000Z`;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('ops', 'admin');
  const f = listFixtures(t.ctx.db);
  const customer = await f.customer('逾期排序公司');
  const service = await f.service('德国VAT 注册及申报');
  // code, created (days ago), oldest open due date (days from today)
  const items: [string, number, number][] = [
    ['OLD-A', 200, -100], // level 3, created long before its due date
    ['OLD-B', 150, -60], // level 3
    ['BORN-1', 2, -45], // level 3, created two days ago for a period due 45 days ago
    ['OLD-C', 90, -40], // level 3
    ['BORN-2', 0, -90], // level 3, created today
    ['LEVEL-2', 60, -20], // level 2: not on the level-3 pages
    ['FRESH', 1, 30], // not overdue
    ['OLD-D', 70, -35], // level 3
  ];
  for (const [code, createdDaysAgo, dueInDays] of items) {
    const id = await f.item(code, customer, service, { createdAt: daysAgo(createdDaysAgo) });
    await f.declaration(id, dueInDays);
  }
});
afterAll(async () => {
  await t.close();
});

async function codes(query: string): Promise<string[]> {
  const response = await staff.get(`/api/admin/service-items?overdueStatus=3&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rows.map((row: { serviceCode: string }) => row.serviceCode);
}

describe('overdue page in creation order', () => {
  it('lists items created after their due date among the others, newest first, page by page', async () => {
    const pages = [
      await codes('pageSize=2'),
      await codes('pageSize=2&pageNum=2'),
      await codes('pageSize=2&pageNum=3'),
    ];
    expect(pages).toEqual([
      ['BORN-2', 'BORN-1'],
      ['OLD-D', 'OLD-C'],
      ['OLD-B', 'OLD-A'],
    ]);
    expect(await codes('pageSize=2&pageNum=4')).toEqual([]);
  });

  it('in ascending order too, with the same total', async () => {
    expect(await codes('pageSize=4&sort=createdAt&order=ascend')).toEqual([
      'OLD-A',
      'OLD-B',
      'OLD-C',
      'OLD-D',
    ]);
    expect(await codes('pageSize=4&pageNum=2&sort=createdAt&order=ascend')).toEqual(['BORN-1', 'BORN-2']);
    const response = await staff.get('/api/admin/service-items?overdueStatus=3&pageSize=2');
    expect(response.json().total).toBe(6);
  });
});
