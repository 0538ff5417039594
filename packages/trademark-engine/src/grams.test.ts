import { describe, expect, it } from 'vitest';
import { distinctTrigrams, FNV_OFFSET, fnvHash, fnvStep, trigramCode } from './grams.ts';

describe('trigramCode', () => {
  it('is the same for every order of its three characters', () => {
    const [a, b, c] = [97, 98, 99];
    const code = trigramCode(a, b, c);
    expect(trigramCode(b, a, c)).toBe(code);
    expect(trigramCode(c, b, a)).toBe(code);
    expect(trigramCode(a, c, b)).toBe(code);
    expect(trigramCode(a, b, 100)).not.toBe(code);
  });

  it('keeps codes of characters beyond Latin apart from the small ones', () => {
    expect(trigramCode(0, 0, 0xac00)).toBeLessThan(0);
    expect(trigramCode(0, 0, 0xac00)).not.toBe(trigramCode(0, 0, 0xac01));
  });
});

describe('distinctTrigrams', () => {
  it('pads both ends, giving length + 2 trigrams', () => {
    expect(distinctTrigrams('apple')).toHaveLength(7);
    expect(distinctTrigrams('')).toEqual([]);
  });

  it('counts repeated trigrams once', () => {
    expect(distinctTrigrams('aaaa')).toHaveLength(5);
  });

  it('loses only two trigrams to a swap of neighbours', () => {
    const original = distinctTrigrams('microsoft');
    const swapped = new Set(distinctTrigrams('micorsoft'));
    expect(original.filter((gram) => !swapped.has(gram))).toHaveLength(2);
  });
});

describe('fnvHash', () => {
  it('hashes prefixes incrementally', () => {
    let hash = FNV_OFFSET;
    for (const char of 'apple') hash = fnvStep(hash, char.charCodeAt(0));
    expect(hash).toBe(fnvHash('apple'));
  });

  it('depends on the seed', () => {
    expect(fnvHash('apple', 1)).not.toBe(fnvHash('apple', 2));
  });
});
