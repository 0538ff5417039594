import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type CalibrationPair,
  confusionTable,
  parseCalibrationSet,
  scoreCalibrationSet,
  scoredBand,
} from './calibration-set.ts';

// Every pair of `calibration/calibration.json` is scored in an index holding only the set's marks, so words are set
// aside by the descriptive-word list alone (no word is frequent among so few marks). A very-high pair must reach 80.0
// and a below-60 pair stay under 60.0 (scores have one decimal). The only tolerance: pairs marked `knownMiss` in the
// file (a stated limit of the engine, at most 1% of the set), which must still miss, so the mark is removed once fixed.
const MAX_KNOWN_MISS_SHARE = 0.01;
const pairs = parseCalibrationSet(
  JSON.parse(readFileSync(new URL('../calibration/calibration.json', import.meta.url), 'utf8')),
);
const scores = scoreCalibrationSet(pairs);
const describePair = (pair: CalibrationPair, i: number): string =>
  `${pair.query} ~ ${pair.mark}${pair.classes ? ` [${pair.classes}]` : ''}: ${scores[i]} (${pair.reason})`;

describe('calibration set', () => {
  it('holds at least 200 labelled pairs of both scripts, each with a reason', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    expect(pairs.some((pair) => /\p{Script=Han}/u.test(pair.mark))).toBe(true);
    expect(pairs.some((pair) => /[A-Z]/.test(pair.mark))).toBe(true);
    expect(pairs.filter((pair) => pair.expected === 'below_60').length).toBeGreaterThanOrEqual(50);
  });

  it('scores every pair examiners refuse at 80 or more', () => {
    const low = pairs.flatMap((pair, i) =>
      pair.expected === 'very_high' && !pair.knownMiss && (scores[i] as number) < 80
        ? [describePair(pair, i)]
        : [],
    );
    expect(low).toEqual([]);
  });

  it('scores every pair sharing only descriptive words, a reversed reading or a letter of a short mark below 60', () => {
    const high = pairs.flatMap((pair, i) =>
      pair.expected === 'below_60' && !pair.knownMiss && (scores[i] as number) >= 60
        ? [describePair(pair, i)]
        : [],
    );
    expect(high).toEqual([]);
  });

  it('keeps known misses few, each with its reason, and still missing', () => {
    const known = pairs.filter((pair) => pair.knownMiss);
    expect(known.length).toBeLessThanOrEqual(pairs.length * MAX_KNOWN_MISS_SHARE);
    const fixed = pairs.flatMap((pair, i) =>
      pair.knownMiss && scoredBand(scores[i] as number) === pair.expected ? [describePair(pair, i)] : [],
    );
    expect(fixed).toEqual([]);
  });

  it('counts each pair once in the confusion table', () => {
    const table = confusionTable(pairs, scores);
    const total = Object.values(table).reduce(
      (sum, row) => sum + Object.values(row).reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(pairs.length);
    const known = pairs.filter((pair) => pair.knownMiss).length;
    expect(table.very_high.very_high + table.below_60.below_60).toBe(pairs.length - known);
  });
});

describe('parseCalibrationSet', () => {
  it('names the first malformed pair', () => {
    expect(() =>
      parseCalibrationSet({ pairs: [{ query: 'A', mark: 'B', expected: 'high', reason: 'r' }] }),
    ).toThrow(/pair 0: "expected"/);
    expect(() =>
      parseCalibrationSet({ pairs: [{ query: 'A', mark: '', expected: 'below_60', reason: 'r' }] }),
    ).toThrow(/pair 0: "mark"/);
    expect(() =>
      parseCalibrationSet({
        pairs: [{ query: 'A', mark: 'B', expected: 'below_60', reason: 'r', classes: [46] }],
      }),
    ).toThrow(/classes/);
    expect(() =>
      parseCalibrationSet({
        pairs: [{ query: 'A', mark: 'B', expected: 'below_60', reason: 'r', knownMiss: ' ' }],
      }),
    ).toThrow(/knownMiss/);
    expect(() => parseCalibrationSet([])).toThrow(TypeError);
  });
});
