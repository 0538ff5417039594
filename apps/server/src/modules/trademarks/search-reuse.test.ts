import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoBefore } from '../../lib/time.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { REUSE_WINDOW_MS } from './quota.ts';
import { refreshDatasetSummary, upsertMarks } from './repository.ts';
import { markRecord } from './test-marks.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ trademarkFreeSearches: 3 });
  await upsertMarks(t.ctx.db, [
    markRecord('APPLE', { niceClass: [9], dataset: 'US' }),
    markRecord('APPLE', { niceClass: [30], dataset: 'DE' }),
  ]);
  await refreshDatasetSummary(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

const search = (client: TestClient, body: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/trademark/search', payload: body });
const left = async (client: TestClient): Promise<number> =>
  (await client.get('/api/trademark/search-count')).json().data[0];
const question = {
  text: 'apple',
  datasets: 'US,UF,EM,WO,WPP',
  countries: 'US',
  classes: [9],
  status: 'registered',
};

describe('the same question within a day', () => {
  it('gets the earlier searchId back without a charge, however the lists are ordered', async () => {
    const buyer = await t.loggedIn('reload-buyer', 'customer', 'Reload Co');
    const first = (await search(buyer, question)).json().data;
    expect(first).toMatchObject({ remainingSearches: 2, reused: false });
    // A reload of ?search= or a second Enter: the same question without a searchId.
    const again = (await search(buyer, { ...question, page: 0 })).json().data;
    expect(again).toMatchObject({ searchId: first.searchId, remainingSearches: 2, reused: true });
    const reordered = { ...question, datasets: 'WPP,WO,EM,UF,US', classes: [9, 9] };
    expect((await search(buyer, reordered)).json().data.searchId).toBe(first.searchId);
    expect(await left(buyer)).toBe(2);
  });

  it.each([
    ['text', { text: 'apples' }],
    ['countries', { datasets: 'US,DE,UF,EM,WO,WPP', countries: 'US,DE' }],
    ['classes', { classes: [9, 30] }],
    ['statuses', { status: 'registered,filed' }],
  ])('charges again when the %s differ', async (_name, change) => {
    const buyer = await t.loggedIn(`differ-${_name}`, 'customer', `Differ ${_name} Co`);
    const first = (await search(buyer, question)).json().data;
    const other = (await search(buyer, { ...question, ...change })).json().data;
    expect(other.searchId).not.toBe(first.searchId);
    expect(other).toMatchObject({ remainingSearches: 1, reused: false });
  });

  it('charges again after the day is over', async () => {
    const buyer = await t.loggedIn('day-buyer', 'customer', 'Day Co');
    const first = (await search(buyer, question)).json().data;
    await t.ctx.db
      .updateTable('trademark_searches')
      .set({ created_at: isoBefore(REUSE_WINDOW_MS + 60_000) })
      .where('id', '=', first.searchId)
      .execute();
    const later = (await search(buyer, question)).json().data;
    expect(later.searchId).not.toBe(first.searchId);
    expect(later.remainingSearches).toBe(1);
  });

  it("never hands out another user's searchId, even in the same company", async () => {
    const buyer = await t.loggedIn('own-buyer', 'customer', 'Own Co');
    const colleague = await t.loggedIn('own-colleague', 'customer', 'Own Co');
    const mine = (await search(buyer, question)).json().data;
    const theirs = (await search(colleague, question)).json().data;
    expect(theirs.searchId).not.toBe(mine.searchId);
    expect(theirs).toMatchObject({ remainingSearches: 1, reused: false });
  });

  it('still answers a repeated question when the quota is used up, and refuses a new one', async () => {
    const buyer = await t.loggedIn('last-buyer', 'customer', 'Last Co');
    for (const text of ['one', 'two', 'three']) {
      expect((await search(buyer, { ...question, text })).statusCode).toBe(200);
    }
    expect(await left(buyer)).toBe(0);
    const repeated = await search(buyer, { ...question, text: 'two' });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().data.reused).toBe(true);
    expect((await search(buyer, { ...question, text: 'four' })).statusCode).toBe(402);
    expect(await left(buyer)).toBe(0);
  });

  it('charges two identical questions sent at once only once, under one searchId', async () => {
    const buyer = await t.loggedIn('twice-buyer', 'customer', 'Twice Co');
    // An earlier search creates the company's credit row, so the identical ones below queue on its lock alone.
    await search(buyer, { ...question, text: 'earlier' });
    const answers = await Promise.all(Array.from({ length: 4 }, () => search(buyer, question)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.json().data.searchId));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => !answer.json().data.reused)).toHaveLength(1);
    expect(await left(buyer)).toBe(1);
  });

  it('reuses staff searches too (they are not charged)', async () => {
    const staff = await t.loggedIn('reuse-staff', 'consultant');
    const first = (await search(staff, question)).json().data;
    const again = (await search(staff, question)).json().data;
    expect(again).toMatchObject({ searchId: first.searchId, reused: true, remainingSearches: null });
  });
});
