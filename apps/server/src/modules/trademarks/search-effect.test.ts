import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { upsertMarks } from './repository.ts';
import { markRecord } from './test-marks.ts';

// Which marks a country tab lists, counts and rates: only those with effect in that country (issue 12).
let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await upsertMarks(t.ctx.db, [
    markRecord('ZENTRIX', { dataset: 'FR', niceClass: [9] }),
    markRecord('ZENTRIX', { dataset: 'DE', niceClass: [25] }),
    markRecord('ZENTRYX', { dataset: 'IT', niceClass: [30] }),
    markRecord('ZENTRIX', { dataset: 'EM', niceClass: [3] }),
    markRecord('ZENTRIX', { dataset: 'WO', niceClass: [12], designations: ['FR', 'CN'] }),
    markRecord('ZENTRICS', { dataset: 'WO', niceClass: [14], designations: ['EM'] }),
    markRecord('ZENTRIXX', { dataset: 'WPP', niceClass: [16], designations: ['US'] }),
    markRecord('ZENTRIX', { dataset: 'US', niceClass: [18] }),
    markRecord('ZENTRIX', { dataset: 'UF', niceClass: [20] }),
  ]);
  staff = await t.loggedIn('effect-advisor', 'consultant');
});
afterAll(async () => {
  await t.close();
});

interface Data {
  total: number;
  searchId: string;
  results: { name: string; dataset: string; designations: string[] }[];
  niceClassStatistics: Record<string, { count: number }>;
  datasets: string[];
}
const search = async (body: Record<string, unknown>): Promise<Data> => {
  const response = await staff.request({ method: 'POST', url: '/api/trademark/search', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const listed = (data: Data) => data.results.map((item) => item.dataset).sort();
const classes = (data: Data) =>
  Object.keys(data.niceClassStatistics)
    .map(Number)
    .sort((a, b) => a - b);
const body = { text: 'ZENTRIX', datasets: 'FR,US', countries: 'FR,US', pageSize: 50 };

describe('country tabs count only marks with effect in the country', () => {
  it('never lists a German or Italian national mark in the French tab, nor counts it in the total or risk', async () => {
    const france = await search({ ...body, country: 'FR' });
    expect(france.datasets).toEqual(expect.arrayContaining(['DE', 'IT', 'EM', 'WO', 'WPP']));
    expect(listed(france)).toEqual(['EM', 'FR', 'WO', 'WO']);
    expect(france.total).toBe(4);
    expect(classes(france)).toEqual([3, 9, 12, 14]);
    expect(france.niceClassStatistics['25']).toBeUndefined();
    expect(france.niceClassStatistics['30']).toBeUndefined();
  });

  it('lists an international registration where it is designated, EM counting for every member', async () => {
    const france = await search({ ...body, country: 'FR' });
    const international = france.results.filter((item) => item.dataset === 'WO');
    expect(international.map((item) => item.designations)).toEqual(
      expect.arrayContaining([['CN', 'FR'], ['EM']]),
    );
    const us = await search({ ...body, country: 'US', searchId: france.searchId });
    expect(listed(us)).toEqual(['UF', 'US', 'WPP']);
    expect(us.results.find((item) => item.dataset === 'WPP')?.designations).toEqual(['US']);
    expect(classes(us)).toEqual([16, 18, 20]);
  });

  it('counts, without a tab, the marks with effect in at least one chosen country', async () => {
    const both = await search(body);
    expect(listed(both)).toEqual(['EM', 'FR', 'UF', 'US', 'WO', 'WO', 'WPP']);
    expect(both.total).toBe(7);
    // The same search with the chosen countries changed under its searchId is answered again, not from the cache.
    const usOnly = await search({ ...body, countries: 'US', searchId: both.searchId });
    expect(usOnly.searchId).toBe(both.searchId);
    expect(listed(usOnly)).toEqual(['UF', 'US', 'WPP']);
  });

  it('keeps the tabs of one search apart in the result cache', async () => {
    const first = await search({ ...body, country: 'US' });
    const again = await search({ ...body, country: 'FR', searchId: first.searchId });
    expect(again.searchId).toBe(first.searchId);
    expect(listed(again)).toEqual(['EM', 'FR', 'WO', 'WO']);
    expect(listed(await search({ ...body, country: 'US', searchId: first.searchId }))).toEqual([
      'UF',
      'US',
      'WPP',
    ]);
  });
});
