import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRelevanceSet, relevanceMarks } from './relevance-set.ts';
import { SIGNALS } from './signals.ts';

describe('parseRelevanceSet', () => {
  it('reads pairs and decoys with optional notes', () => {
    const set = parseRelevanceSet({
      pairs: [{ query: 'APPEL', expected: 'APPLE', signal: 'spelling', note: 'swap' }],
      decoys: [{ query: 'KODAK', decoy: 'DAKOTA' }],
    });
    expect(set.pairs[0]).toEqual({ query: 'APPEL', expected: 'APPLE', signal: 'spelling', note: 'swap' });
    expect(set.decoys[0]).toEqual({ query: 'KODAK', decoy: 'DAKOTA' });
  });

  it('names the first malformed entry', () => {
    expect(() => parseRelevanceSet({ pairs: [] })).toThrow(/expected/);
    expect(() => parseRelevanceSet({ pairs: [{ query: 'A' }], decoys: [] })).toThrow(/pair 0: "expected"/);
    expect(() => parseRelevanceSet({ pairs: [], decoys: [{ query: 'A', decoy: ' ' }] })).toThrow(/decoy 0/);
  });
});

describe('relevance.json', () => {
  const set = parseRelevanceSet(
    JSON.parse(readFileSync(new URL('../relevance/relevance.json', import.meta.url), 'utf8')),
  );

  it('has at least 150 pairs over every signal, and decoys', () => {
    expect(set.pairs.length).toBeGreaterThanOrEqual(150);
    const signals = new Set(set.pairs.map((pair) => pair.signal));
    for (const signal of SIGNALS) expect(signals).toContain(signal);
    expect(set.decoys.length).toBeGreaterThanOrEqual(30);
  });

  it('turns into marks numbered from a first id, pairs first', () => {
    const marks = relevanceMarks(set, 1000);
    expect(marks).toHaveLength(set.pairs.length + set.decoys.length);
    expect(marks[0]).toMatchObject({ id: 1000, name: set.pairs[0]?.expected });
    expect(marks.at(-1)).toMatchObject({ name: set.decoys.at(-1)?.decoy });
  });
});
