import { describe, expect, it } from 'vitest';
import { GrowableUint32 } from './growable.ts';
import { HashedPostingStore } from './hashed-postings.ts';
import { mulberry32 } from './prng.ts';
import { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

function list(store: HashedPostingStore, term: number): number[] {
  const out = new GrowableUint32();
  const count = store.collect(term, out);
  return [...out.data.subarray(0, count)];
}

describe('HashedPostingStore', () => {
  it('lists ids under sparse terms, before and after a merge', () => {
    const store = new HashedPostingStore();
    store.add(0x3fffffff, 1);
    store.add(7, 2);
    store.add(0x3fffffff, 3);
    store.add(123_456_789, 4);
    const expected: [number, number[]][] = [
      [0x3fffffff, [1, 3]],
      [7, [2]],
      [123_456_789, [4]],
      [8, []],
    ];
    for (const [term, ids] of expected) expect(list(store, term)).toEqual(ids);
    store.merge();
    for (const [term, ids] of expected) {
      expect(list(store, term)).toEqual(ids);
      expect(store.frequency(term)).toBe(ids.length);
    }
    expect(store.terms).toBe(3);
  });

  it('refuses a term past 30 bits, which its sorted sets could not keep', () => {
    const store = new HashedPostingStore();
    expect(() => store.add(2 ** 30, 1)).toThrow(RangeError);
    expect(() => store.add(-1, 1)).toThrow(RangeError);
    store.add(2 ** 30 - 1, 1);
    store.merge();
    expect(list(store, 2 ** 30 - 1)).toEqual([1]);
  });

  it('moves a term listed once to the lists when it gets a second posting', () => {
    const store = new HashedPostingStore();
    store.add(50, 1);
    store.add(60, 2);
    store.merge();
    const single = store.bytes;
    store.add(50, 3);
    expect(list(store, 50)).toEqual([1, 3]);
    store.merge();
    expect(list(store, 50)).toEqual([1, 3]);
    expect(list(store, 60)).toEqual([2]);
    expect(store.frequency(50)).toBe(2);
    // The term's id moved out of the singles into a list of its own (an offset more).
    expect(store.bytes).toBeGreaterThan(single);
  });

  it('gives the same lists as a map of arrays over random additions and merges', () => {
    const random = mulberry32(11);
    const store = new HashedPostingStore();
    const reference = new Map<number, number[]>();
    const terms = Array.from({ length: 300 }, () => Math.floor(random() * 2 ** 30));
    for (let id = 0; id < 5_000; id++) {
      // Skewed: a few terms take most postings, most are listed once or twice.
      const term = terms[Math.floor(random() ** 3 * terms.length)] as number;
      store.add(term, id);
      reference.set(term, [...(reference.get(term) ?? []), id]);
      if (random() < 0.002) store.merge();
    }
    for (const term of terms) {
      expect(list(store, term)).toEqual(reference.get(term) ?? []);
      expect(store.frequency(term)).toBe(reference.get(term)?.length ?? 0);
    }
    expect(store.size).toBe(5_000);
  });

  it('keeps its lists through a snapshot, and refuses lists whose sizes disagree', () => {
    const store = new HashedPostingStore();
    for (let id = 0; id < 50; id++) store.add((id % 7) * 1_000_003, id);
    store.add(99, 50);
    const writer = new SnapshotWriter();
    store.save(writer.child('terms'));
    const restored = new HashedPostingStore();
    restored.restore(new SnapshotReader(writer.arrays, writer.values).child('terms'));
    for (let t = 0; t < 7; t++) expect(list(restored, t * 1_000_003)).toEqual(list(store, t * 1_000_003));
    expect(list(restored, 99)).toEqual([50]);

    // A saved store whose ids, or whose count of listed postings, no longer match its terms.
    for (const damage of [
      (arrays: Map<string, Uint32Array | Uint8Array>) => arrays.set('terms.singleIds', new Uint32Array(0)),
      (_arrays: Map<string, Uint32Array | Uint8Array>, values: Record<string, unknown>) => {
        values['terms.listed'] = 1;
      },
    ]) {
      const arrays = new Map(writer.arrays);
      const values = { ...writer.values };
      damage(arrays as Map<string, Uint32Array | Uint8Array>, values);
      expect(() =>
        new HashedPostingStore().restore(new SnapshotReader(arrays, values).child('terms')),
      ).toThrow(/hashed posting lists/);
    }
  });
});
