import { describe, expect, it } from 'vitest';
import { emptyRanges, PostingStore, rangeIds } from './postings.ts';

function list(store: PostingStore, term: number): number[] {
  const ranges = emptyRanges();
  store.ranges(term, ranges);
  return rangeIds(ranges);
}

describe('PostingStore', () => {
  it('lists ids per term in the order they were added', () => {
    const store = new PostingStore();
    store.add(2, 10);
    store.add(0, 11);
    store.add(2, 12);
    expect(list(store, 2)).toEqual([10, 12]);
    expect(list(store, 0)).toEqual([11]);
    expect(list(store, 1)).toEqual([]);
    expect(list(store, 99)).toEqual([]);
  });

  it('keeps lists whole across a merge and later additions', () => {
    const store = new PostingStore();
    for (let id = 0; id < 100; id++) store.add(id % 3, id);
    store.merge();
    store.add(1, 100);
    store.add(5, 101);
    expect(list(store, 1)).toEqual([...Array.from({ length: 33 }, (_, i) => i * 3 + 1), 100]);
    expect(list(store, 5)).toEqual([101]);
    expect(store.frequency(1)).toBe(34);
    expect(store.size).toBe(102);
  });

  it("counts a term's postings across its merged list and its recent additions", () => {
    const store = new PostingStore();
    for (let id = 0; id < 5; id++) store.add(2, id);
    store.add(0, 9);
    expect([store.frequency(0), store.frequency(1), store.frequency(2), store.frequency(7)]).toEqual([
      1, 0, 5, 0,
    ]);
    store.merge();
    expect([store.frequency(0), store.frequency(2)]).toEqual([1, 5]);
    store.add(2, 10);
    store.add(3, 11);
    expect([store.frequency(0), store.frequency(2), store.frequency(3)]).toEqual([1, 6, 1]);
  });

  it('merges on settle only once the additions are many', () => {
    const store = new PostingStore();
    store.add(0, 1);
    store.settle();
    expect(store.data).toHaveLength(0);
    for (let id = 0; id < 70_000; id++) store.add(id % 7, id);
    store.settle();
    expect(store.data).toHaveLength(70_001);
  });
});
