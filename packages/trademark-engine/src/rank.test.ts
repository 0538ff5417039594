import { describe, expect, it } from 'vitest';
import { compileFilter } from './filters.ts';
import { MarkTable } from './mark-table.ts';
import { PostingStore } from './postings.ts';
import { mulberry32 } from './prng.ts';
import { packMatch, rankMatches } from './rank.ts';
import { SIGNAL_BIT } from './signals.ts';

type RankInput = Parameters<typeof rankMatches>[0];

/** Marks added as (id, form, dataset, classes), and a ranking of them with every mark passing the filters. */
function fixture(rows: ReadonlyArray<readonly [number, number, string, number[]]>) {
  const marks = new MarkTable();
  const marksOfForm = new PostingStore();
  for (const [id, form, dataset, niceClass] of rows)
    marksOfForm.add(form, marks.append({ id, name: '', dataset, niceClass, status: 'registered' }, form));
  const rank = (input: Pick<RankInput, 'forms' | 'formMatch'> & Partial<RankInput>) =>
    rankMatches({
      marksOfForm,
      marks,
      filter: compileFilter({}, (dataset) => marks.datasetCode(dataset)),
      offset: 0,
      limit: undefined,
      ...input,
    });
  return { marks, rank };
}

describe('rankMatches', () => {
  const { marks, rank: rankAll } = fixture([
    [1, 0, 'US', [9]],
    [2, 1, 'US', [9, 35]],
    [3, 0, 'CN', [25]],
    [4, 1, 'CN', [35]],
  ]);
  const formMatch = Uint32Array.of(packMatch(72.5, SIGNAL_BIT.spelling), packMatch(91, SIGNAL_BIT.exact));
  const rank = (extra: Partial<RankInput> = {}) => rankAll({ forms: [0, 1], formMatch, ...extra });

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

describe('rankMatches with a place kept for the other script', () => {
  // Forms 0–11 in the query's own script scoring 95 down to 84; forms 12–15 in the other script.
  const scores = [95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 70, 66, 62, 59];
  const all = scores.map((_, form) => form);
  const { rank: rankAll } = fixture(all.map((form) => [100 + form, form, 'CN', [25]] as const));
  const formMatch = Uint32Array.from(scores, (score) => packMatch(score, 0));
  const otherScript = (form: number): boolean => form >= 12;
  const rank = (forms: number[], keepPlaces = true) =>
    rankAll({ forms, formMatch, ...(keepPlaces ? { inOtherScript: otherScript } : {}) });
  const ids = (result: ReturnType<typeof rank>): number[] => result.matches.map((match) => match.id - 100);

  it('moves the best high-risk name of the other script onto the first page, which stays in score order', () => {
    const result = rank(all);
    expect(ids(result)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 9, 10, 11, 13, 14, 15]);
    expect(result.total).toBe(16);
    expect(result.maxScore).toBe(95);
    expect(result.classStatistics).toEqual({ 25: { count: 16, maxSimilarityScore: 95 } });
  });

  it('ranks by score alone without the script test, as before', () => {
    expect(ids(rank(all, false))).toEqual(all);
  });

  it('moves no name under high risk, and none when the page has fewer than ten', () => {
    expect(ids(rank([...all.slice(0, 11), 15]))).toEqual([...all.slice(0, 11), 15]);
    expect(ids(rank([0, 1, 2, 13]))).toEqual([0, 1, 2, 13]);
  });

  it('moves nothing when the page already holds a high-risk name of the other script', () => {
    // Form 12 ranks tenth here on its score.
    const forms = [...all.slice(0, 9), 12, 13, 14, 15];
    expect(ids(rank(forms))).toEqual(forms);
  });
});

describe('rankMatches of many marks, a page at a time', () => {
  // 60 names of 1 to 40 marks each, random scores (some tied) and scripts: each page asked for alone, which puts only
  // the marks up to it in order, must be that page of the whole ranking.
  const random = mulberry32(5);
  const rows: Array<[number, number, string, number[]]> = [];
  for (let form = 0; form < 60; form++) {
    const count = 1 + Math.floor(random() * 40);
    for (let i = 0; i < count; i++)
      rows.push([rows.length + 1, form, random() < 0.5 ? 'US' : 'CN', [1 + (i % 45)]]);
  }
  // Rows are appended in id order; shuffled forms make ties on score break by row across names.
  const { rank } = fixture(rows);
  const forms = Array.from({ length: 60 }, (_, form) => form).sort(() => random() - 0.5);
  const formMatch = Uint32Array.from(forms, () => packMatch(50 + Math.floor(random() * 10) * 5, 0));
  const otherScript = (form: number) => form % 7 === 3;

  it('gives every page as the slice of the whole ranking, with the same totals and statistics', () => {
    for (const inOtherScript of [undefined, otherScript]) {
      const whole = rank({ forms, formMatch, ...(inOtherScript ? { inOtherScript } : {}) });
      expect(whole.total).toBe(rows.length);
      for (const [offset, limit] of [
        [0, 1],
        [0, 10],
        [5, 3],
        [10, 10],
        [40, 20],
        [whole.total - 5, 10],
      ] as const) {
        const page = rank({
          forms,
          formMatch,
          offset,
          limit,
          ...(inOtherScript ? { inOtherScript } : {}),
        });
        expect(page.matches, `${offset}+${limit}`).toEqual(whole.matches.slice(offset, offset + limit));
        expect(page.total).toBe(whole.total);
        expect(page.maxScore).toBe(whole.maxScore);
        expect(page.classStatistics).toEqual(whole.classStatistics);
      }
    }
  });

  it('moves a high-risk mark of the other script from far down the ranking onto the first page', () => {
    const whole = rank({ forms, formMatch, inOtherScript: otherScript });
    const plain = rank({ forms, formMatch });
    const moved = whole.matches[9];
    const before = plain.matches.findIndex((match) => match.id === moved?.id);
    expect(before).toBeGreaterThan(20);
    expect(rank({ forms, formMatch, limit: 10, inOtherScript: otherScript }).matches).toEqual(
      whole.matches.slice(0, 10),
    );
  });
});
