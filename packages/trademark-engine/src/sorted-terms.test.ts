import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.ts';
import { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';
import { MAX_TERM, SortedTerms } from './sorted-terms.ts';

describe('SortedTerms', () => {
  it('finds each term at its rank and nothing else, across the whole 30-bit range', () => {
    const random = mulberry32(9);
    const values = new Set<number>([0, 1, 0xffff, 0x10000, MAX_TERM]);
    while (values.size < 20_000) values.add(Math.floor(random() * (MAX_TERM + 1)));
    const sorted = Uint32Array.from([...values].sort((a, b) => a - b));
    const terms = SortedTerms.from(sorted);
    expect(terms.length).toBe(sorted.length);
    sorted.forEach((term, rank) => {
      expect(terms.indexOf(term)).toBe(rank);
    });
    for (let i = 0; i < 2_000; i++) {
      const other = Math.floor(random() * (MAX_TERM + 1));
      if (!values.has(other)) expect(terms.indexOf(other)).toBe(-1);
    }
    expect([terms.indexOf(-1), terms.indexOf(MAX_TERM + 1)]).toEqual([-1, -1]);
    expect([...terms.toArray()]).toEqual([...sorted]);
    // Two bytes a term, and a fixed table of buckets.
    expect(terms.bytes).toBe(sorted.length * 2 + (2 ** 14 + 1) * 4);
  });

  it('refuses terms out of order or past 30 bits', () => {
    expect(() => SortedTerms.from(new Uint32Array([5, 5]))).toThrow(RangeError);
    expect(() => SortedTerms.from(new Uint32Array([MAX_TERM + 1]))).toThrow(RangeError);
  });

  it('keeps its terms through a snapshot, and refuses bucket starts that do not fit', () => {
    const terms = SortedTerms.from(new Uint32Array([3, 70_000, 9_000_000]));
    const writer = new SnapshotWriter();
    terms.save(writer.child('terms'));
    const restored = SortedTerms.restore(new SnapshotReader(writer.arrays, writer.values).child('terms'));
    expect([...restored.toArray()]).toEqual([3, 70_000, 9_000_000]);
    expect(restored.indexOf(70_000)).toBe(1);

    const broken = new SnapshotWriter();
    broken.child('terms').array('starts', new Uint32Array(2 ** 14 + 1).fill(1));
    broken.child('terms').array('lows', new Uint16Array(1));
    expect(() =>
      SortedTerms.restore(new SnapshotReader(broken.arrays, broken.values).child('terms')),
    ).toThrow(/sorted terms/);
  });
});
