import { describe, expect, it } from 'vitest';
import { EU_MEMBER_CODES } from './jurisdictions.ts';
import { expandDatasets, trademarkSearchBody } from './trademarks.ts';

describe('expandDatasets', () => {
  it('always adds EM, WO and WPP', () => {
    expect(expandDatasets(['JP'])).toEqual(['JP', 'EM', 'WO', 'WPP']);
  });

  it('adds UF when the US is chosen', () => {
    expect(expandDatasets(['US'])).toEqual(['US', 'UF', 'EM', 'WO', 'WPP']);
  });

  it('expands one EU member to every member', () => {
    const datasets = expandDatasets(['fr']);
    for (const code of EU_MEMBER_CODES) expect(datasets).toContain(code);
    expect(datasets.slice(0, 1)).toEqual(['FR']);
    expect(EU_MEMBER_CODES).toHaveLength(27);
  });

  it('keeps order without repeats', () => {
    expect(expandDatasets(['EM', 'US', 'US', ' gb '])).toEqual(['EM', 'US', 'GB', 'UF', 'WO', 'WPP']);
  });
});

describe('trademark search body', () => {
  it('reads comma lists and defaults paging', () => {
    expect(trademarkSearchBody.parse({ text: 'a', datasets: 'US, EM', status: 'registered,filed' })).toEqual({
      text: 'a',
      datasets: ['US', 'EM'],
      status: ['registered', 'filed'],
      page: 0,
      pageSize: 10,
    });
  });

  it('refuses unknown statuses, classes outside 1–45 and unknown fields', () => {
    expect(trademarkSearchBody.safeParse({ status: 'pending' }).success).toBe(false);
    expect(trademarkSearchBody.safeParse({ classes: [0] }).success).toBe(false);
    expect(trademarkSearchBody.safeParse({ text: 'a', datasets: 'US', foo: 1 }).success).toBe(false);
  });
});
