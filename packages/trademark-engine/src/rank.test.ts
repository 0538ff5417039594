import { describe, expect, it } from 'vitest';
import { compileFilter } from './filters.ts';
import { MarkTable } from './mark-table.ts';
import { PostingStore } from './postings.ts';
import { rankMatches } from './rank.ts';
import { SIGNAL_BIT } from './signals.ts';

describe('rankMatches', () => {
  const marks = new MarkTable();
  const marksOfForm = new PostingStore();
  const add = (id: number, form: number, dataset: string, niceClass: number[]): void => {
    marksOfForm.add(form, marks.append({ id, name: '', dataset, niceClass, status: 'registered' }, form));
  };
  add(1, 0, 'US', [9]);
  add(2, 1, 'US', [9, 35]);
  add(3, 0, 'CN', [25]);
  add(4, 1, 'CN', [35]);
  const formScore = Float32Array.of(72.5, 91);
  const formSignals = Uint16Array.of(SIGNAL_BIT.spelling, SIGNAL_BIT.exact);
  const rank = (extra: Partial<Parameters<typeof rankMatches>[0]> = {}) =>
    rankMatches({
      forms: [0, 1],
      formScore,
      formSignals,
      marksOfForm,
      marks,
      filter: compileFilter({}, (dataset) => marks.datasetCode(dataset)),
      offset: 0,
      limit: undefined,
      ...extra,
    });

  it('ranks marks by score, then by insertion order, with their signals', () => {
    const result = rank();
    expect(result.matches.map((match) => match.id)).toEqual([2, 4, 1, 3]);
    expect(result.matches[0]).toEqual({ id: 2, score: 91, signals: ['exact'] });
    expect(result.total).toBe(4);
    expect(result.maxScore).toBe(91);
  });

  it('gathers class statistics over all marks, pages aside', () => {
    const result = rank({ offset: 1, limit: 1 });
    expect(result.matches.map((match) => match.id)).toEqual([4]);
    expect(result.classStatistics).toEqual({
      9: { count: 2, maxSimilarityScore: 91 },
      25: { count: 1, maxSimilarityScore: 72.5 },
      35: { count: 2, maxSimilarityScore: 91 },
    });
  });

  it('applies the filters per mark and keeps statistics to the chosen classes', () => {
    const result = rank({
      filter: compileFilter({ datasets: ['CN'], classes: [35] }, (d) => marks.datasetCode(d)),
    });
    expect(result.matches.map((match) => match.id)).toEqual([4]);
    expect(result.classStatistics).toEqual({ 35: { count: 1, maxSimilarityScore: 91 } });
  });

  it('skips removed marks', () => {
    marks.remove(4);
    expect(rank().matches.map((match) => match.id)).toEqual([2, 1, 3]);
  });
});
