import { describe, expect, it } from 'vitest';
import { OsaMatcher, osaDistance } from './edit-distance.ts';
import { mulberry32 } from './prng.ts';

function pool(text: string): Uint16Array {
  return Uint16Array.from(text, (char) => char.charCodeAt(0));
}

describe('osaDistance', () => {
  it('counts substitutions, insertions and deletions', () => {
    expect(osaDistance('kitten', 'sitting')).toBe(3);
    expect(osaDistance('apple', 'apple')).toBe(0);
    expect(osaDistance('', 'abc')).toBe(3);
    expect(osaDistance('abc', '')).toBe(3);
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(osaDistance('apple', 'appel')).toBe(1);
    expect(osaDistance('canon', 'cnaon')).toBe(1);
  });

  it('does not edit a swapped pair again (optimal string alignment)', () => {
    expect(osaDistance('ca', 'abc')).toBe(3);
  });

  it('accepts code arrays', () => {
    expect(osaDistance([1, 2, 3], [1, 3, 2])).toBe(1);
  });

  it('answers alike whatever it measured before (its rows are reused)', () => {
    const random = mulberry32(9);
    const word = (length: number): string =>
      Array.from({ length }, () => 'abcd'[Math.floor(random() * 4)]).join('');
    const pairs = Array.from({ length: 300 }, () => [
      word(Math.floor(random() * 90)),
      word(Math.floor(random() * 90)),
    ]);
    const fresh = pairs.map(([a, b]) => referenceOsa(a as string, b as string));
    // Long and short strings interleaved: a longer pair leaves larger rows behind it.
    expect(pairs.map(([a, b]) => osaDistance(a as string, b as string))).toEqual(fresh);
  });
});

/** The textbook table, one fresh row per character: what `osaDistance` must equal. */
function referenceOsa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

describe('OsaMatcher', () => {
  it('agrees with the plain algorithm on random strings', () => {
    const random = mulberry32(5);
    const alphabet = 'abcde小米';
    const word = (length: number): string =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let i = 0; i < 2000; i++) {
      const pattern = word(1 + Math.floor(random() * 12));
      const text = word(Math.floor(random() * 14));
      const matcher = new OsaMatcher(pattern);
      expect(matcher.distance(pool(`xx${text}`), 2, text.length)).toBe(osaDistance(pattern, text));
    }
  });

  it('handles patterns of exactly 32 units and falls back beyond', () => {
    const a = 'abcdefghijklmnopqrstuvwxyz012345';
    const b = 'abcdefghijklmnopqrstuvwxyz012354';
    expect(new OsaMatcher(a).distance(pool(b), 0, b.length)).toBe(1);
    const long = `${a}6789`;
    expect(new OsaMatcher(long).distance(pool(b), 0, b.length)).toBe(osaDistance(long, b));
    expect(new OsaMatcher(long).distance(pool(`zz${b}`), 2, b.length)).toBe(referenceOsa(long, b));
  });

  it('measures against an empty pattern or text', () => {
    expect(new OsaMatcher('').distance(pool('abc'), 0, 3)).toBe(3);
    expect(new OsaMatcher('abc').distance(pool(''), 0, 0)).toBe(3);
  });
});
