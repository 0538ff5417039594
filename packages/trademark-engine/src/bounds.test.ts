import { describe, expect, it } from 'vitest';
import { sharedGramFloors, spellingMayReach, UNREACHABLE } from './bounds.ts';
import { osaDistance } from './edit-distance.ts';
import { distinctTrigrams } from './grams.ts';
import { mulberry32 } from './prng.ts';
import { maxEditsForScore } from './spelling.ts';

function shared(a: string, b: string): number {
  const grams = new Set(distinctTrigrams(b));
  return distinctTrigrams(a).filter((gram) => grams.has(gram)).length;
}

describe('sharedGramFloors', () => {
  it('never asks more of a name than any name within reach of the floor shares (q-gram lemma)', () => {
    const random = mulberry32(11);
    const letters = 'abcdeor';
    const word = (length: number): string =>
      Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    for (let trial = 0; trial < 3000; trial++) {
      const query = word(2 + Math.floor(random() * 14));
      let candidate = query;
      const edits = Math.floor(random() * 5);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * (candidate.length + 1));
        const r = random();
        if (r < 0.25) candidate = candidate.slice(0, at) + word(1) + candidate.slice(at + 1);
        else if (r < 0.5) candidate = candidate.slice(0, at) + word(1) + candidate.slice(at);
        else if (r < 0.75) candidate = candidate.slice(0, at) + candidate.slice(at + 1);
        else if (at + 1 < candidate.length) {
          candidate =
            candidate.slice(0, at) +
            candidate.charAt(at + 1) +
            candidate.charAt(at) +
            candidate.slice(at + 2);
        }
      }
      if (candidate.length === 0) continue;
      const distance = osaDistance(query, candidate);
      if (distance > maxEditsForScore(50, Math.max(query.length, candidate.length))) continue;
      const floors = sharedGramFloors({
        floor: 50,
        queryLength: query.length,
        queryGrams: distinctTrigrams(query).length,
      });
      expect(shared(query, candidate)).toBeGreaterThanOrEqual(floors[candidate.length] as number);
    }
  });

  it('marks lengths too far from the query as unreachable', () => {
    const floors = sharedGramFloors({ floor: 50, queryLength: 6, queryGrams: 8 });
    expect(floors[6]).toBeLessThan(UNREACHABLE);
    expect(floors[12]).toBe(UNREACHABLE);
    expect(floors[2]).toBe(UNREACHABLE);
  });

  it('asks for more shared trigrams as the floor rises', () => {
    const low = sharedGramFloors({ floor: 50, queryLength: 10, queryGrams: 12 });
    const high = sharedGramFloors({ floor: 80, queryLength: 10, queryGrams: 12 });
    expect(high[10]).toBeGreaterThan(low[10] as number);
  });
});

describe('spellingMayReach', () => {
  it('follows maxEditsForScore on the longer length', () => {
    expect(spellingMayReach(50, 5, 5, 1)).toBe(true);
    expect(spellingMayReach(50, 5, 5, 2)).toBe(false);
    expect(spellingMayReach(50, 12, 11, 2)).toBe(true);
  });
});
