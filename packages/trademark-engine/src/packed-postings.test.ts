import { describe, expect, it } from 'vitest';
import { GrowableUint32 } from './growable.ts';
import { PackedPostingStore } from './packed-postings.ts';
import { mulberry32 } from './prng.ts';
import { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

function near(store: PackedPostingStore, term: number, from = 0, to = 255): number[] {
  const out = new GrowableUint32();
  const count = store.collect(term, from, to, out);
  return [...out.data.subarray(0, count)];
}

describe('PackedPostingStore', () => {
  it('gives back ids of every size, before and after a merge', () => {
    const store = new PackedPostingStore();
    // Gaps of one byte, of two, of three and of five (an id past 2^31).
    const ids = [0, 1, 127, 128, 16_511, 16_512, 2_113_663, 3_000_000_000, 4_294_967_295];
    for (const id of ids) store.add(3, id, id % 256);
    expect(near(store, 3)).toEqual(ids);
    store.merge();
    expect(near(store, 3)).toEqual(ids);
    expect(near(store, 0)).toEqual([]);
    expect(near(store, 99)).toEqual([]);
  });

  it('keeps the ids whose key is in the range asked', () => {
    const store = new PackedPostingStore();
    store.add(0, 10, 2);
    store.add(0, 20, 5);
    store.add(0, 30, 9);
    store.merge();
    store.add(0, 40, 5);
    expect(near(store, 0, 4, 6)).toEqual([20, 40]);
    expect(near(store, 0, 0, 255)).toEqual([10, 20, 30, 40]);
    expect(near(store, 0, 10, 255)).toEqual([]);
  });

  it('gives the same lists as a map of arrays over random additions and merges', () => {
    const random = mulberry32(5);
    const store = new PackedPostingStore();
    const reference = new Map<number, Array<[number, number]>>();
    let id = 0;
    for (let i = 0; i < 20_000; i++) {
      id += random() < 0.5 ? 0 : Math.floor(random() ** 4 * 100_000);
      const term = Math.floor(random() ** 2 * 50);
      const key = Math.floor(random() * 256);
      store.add(term, id, key);
      reference.set(term, [...(reference.get(term) ?? []), [id, key]]);
      if (random() < 0.001) store.merge();
    }
    for (let term = 0; term < 50; term++) {
      const postings = reference.get(term) ?? [];
      expect(near(store, term)).toEqual(postings.map(([posted]) => posted));
      expect(near(store, term, 100, 150)).toEqual(
        postings.filter(([, key]) => key >= 100 && key <= 150).map(([posted]) => posted),
      );
    }
  });

  it('weighs a list by its bytes, so longer lists weigh more', () => {
    const store = new PackedPostingStore();
    for (let id = 0; id < 100; id++) store.add(1, id, 0);
    for (let id = 0; id < 10; id++) store.add(2, id, 0);
    expect(store.weight(1)).toBeGreaterThan(store.weight(2));
    store.merge();
    expect(store.weight(1)).toBeGreaterThan(store.weight(2));
    expect(store.weight(1)).toBe(200);
    expect(store.weight(7)).toBe(0);
  });

  it('keeps its lists through a snapshot, and refuses offsets that do not fit the bytes', () => {
    const store = new PackedPostingStore();
    for (let id = 0; id < 40; id++) store.add(id % 4, id * 1_000, id);
    const writer = new SnapshotWriter();
    store.save(writer.child('grams'));
    const restored = new PackedPostingStore();
    restored.restore(new SnapshotReader(writer.arrays, writer.values).child('grams'));
    for (let term = 0; term < 4; term++) expect(near(restored, term)).toEqual(near(store, term));

    for (const offsets of [new Uint32Array([0, 3]), new Uint32Array([0, 2, 1, 2])]) {
      const broken = new SnapshotWriter();
      broken.child('grams').array('offsets', offsets);
      broken.child('grams').array('packed', new Uint8Array(2));
      expect(() =>
        new PackedPostingStore().restore(new SnapshotReader(broken.arrays, broken.values).child('grams')),
      ).toThrow(/packed posting lists/);
    }
  });
});
