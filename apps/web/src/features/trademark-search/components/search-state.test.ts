import { describe, expect, it } from 'vitest';
import { addRecentSearch, MAX_RECENT_SEARCHES } from './recent-searches.ts';
import {
  formatCount,
  formatSimilarity,
  formFromParams,
  nextStatusChoice,
  validateForm,
} from './search-state.ts';

describe('status filter rule', () => {
  it('lets All replace the others and any other option remove All', () => {
    expect(nextStatusChoice(['registered', 'filed'], ['registered', 'filed', 'all'])).toEqual(['all']);
    expect(nextStatusChoice(['all'], ['all', 'ended'])).toEqual(['ended']);
    expect(nextStatusChoice(['registered'], ['registered', 'unknown'])).toEqual(['registered', 'unknown']);
    expect(nextStatusChoice(['registered'], [])).toEqual(['all']);
  });
});

describe('search helpers', () => {
  it('reads the query parameters, defaulting to US', () => {
    expect(formFromParams(new URLSearchParams('search=apple&niceClass=25,9,99'))).toEqual({
      text: 'apple',
      countries: ['US'],
      classes: [9, 25],
    });
    expect(formFromParams(new URLSearchParams('country=de,JP')).countries).toEqual(['DE', 'JP']);
  });

  it('validates in the order of the spec', () => {
    expect(validateForm({ text: '', countries: ['US'], classes: [] })).toBe('nameRequired');
    expect(validateForm({ text: '  ', countries: ['US'], classes: [] })).toBe('nameBlank');
    expect(validateForm({ text: 'a', countries: [], classes: [] })).toBe('countryRequired');
    expect(validateForm({ text: 'a', countries: ['US'], classes: [] })).toBeNull();
  });

  it('formats counts and similarity', () => {
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatSimilarity(87.65)).toBe('87%');
  });

  it('keeps at most 15 recent searches, newest first, without repeats', () => {
    let list: string[] = [];
    for (let index = 0; index < 20; index++) list = addRecentSearch(list, `mark ${index}`);
    list = addRecentSearch(list, 'mark 10');
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]).toBe('mark 10');
    expect(list.filter((item) => item === 'mark 10')).toHaveLength(1);
  });
});
