import { describe, expect, it } from 'vitest';
import { distinctTrigrams, FNV_OFFSET, fnvHash, fnvStep, TrigramSet, trigramCode } from './grams.ts';

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

describe('TrigramSet', () => {
  const units = (text: string) => Uint16Array.from(text, (char) => char.charCodeAt(0));
  /** The shared count the way a name's own list of distinct trigrams gives it. */
  const byLists = (query: string, name: string) => {
    const wanted = new Set(distinctTrigrams(query));
    return distinctTrigrams(name).filter((code) => wanted.has(code)).length;
  };

  it('counts the distinct trigrams a name shares with the query, a repeated one once', () => {
    const set = new TrigramSet(distinctTrigrams('banana'));
    for (const name of ['banana', 'bananas', 'ananas', 'bandana', 'nana', 'x', 'cabana']) {
      expect(set.sharedWith(units(name), 0, name.length)).toBe(byLists('banana', name));
    }
    expect(set.sharedWith(units('nanana'), 0, 6)).toBe(byLists('banana', 'nanana'));
  });

  it('reads a name in place inside a larger pool, and nothing from an empty one', () => {
    const set = new TrigramSet(distinctTrigrams('kodak'));
    const pool = units('xxkodakyy');
    expect(set.sharedWith(pool, 2, 5)).toBe(byLists('kodak', 'kodak'));
    expect(set.sharedWith(pool, 2, 0)).toBe(0);
  });

  it('holds codes of any script, and many of them', () => {
    const hangul = '삼성전자주식회사';
    expect(new TrigramSet(distinctTrigrams(hangul)).sharedWith(units('삼성전기'), 0, 4)).toBe(
      byLists(hangul, '삼성전기'),
    );
    const long = 'the quick brown fox jumps over the lazy dog and keeps running far away';
    expect(new TrigramSet(distinctTrigrams(long)).sharedWith(units('lazy dogs'), 0, 9)).toBe(
      byLists(long, 'lazy dogs'),
    );
  });
});
