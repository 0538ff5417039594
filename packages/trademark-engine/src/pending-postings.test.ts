import { describe, expect, it } from 'vitest';
import { lowerBound, PendingPostings, sortedOrder } from './pending-postings.ts';
import { mulberry32 } from './prng.ts';

describe('sortedOrder', () => {
  it('orders positions by value, equal values in their first order, in both of its ways', () => {
    const random = mulberry32(3);
    for (const count of [0, 1, 10, 4_095, 4_096, 20_000]) {
      const values = Uint32Array.from({ length: count }, () => Math.floor(random() * 2 ** 32) % 1_000);
      const expected = Array.from({ length: count }, (_, i) => i).sort(
        (a, b) => (values[a] as number) - (values[b] as number) || a - b,
      );
      expect([...sortedOrder(values, count)]).toEqual(expected);
    }
  });

  it('orders values that use all 32 bits', () => {
    const values = new Uint32Array([0xffffffff, 0, 0x80000000, 0x7fffffff, 0x00010000, 0x0000ffff]);
    expect([...sortedOrder(values, values.length)].map((i) => values[i])).toEqual([
      0, 0x0000ffff, 0x00010000, 0x7fffffff, 0x80000000, 0xffffffff,
    ]);
  });
});

describe('PendingPostings', () => {
  it('finds a term’s additions in the order they came', () => {
    const pending = new PendingPostings(true);
    pending.add(5, 1, 10);
    pending.add(2, 2, 20);
    pending.add(5, 3, 30);
    const from = pending.firstOf(5);
    const to = pending.firstOf(6);
    expect([...pending.sortedIds.subarray(from, to)]).toEqual([1, 3]);
    expect([...pending.sortedKeys.subarray(from, to)]).toEqual([10, 30]);
    pending.clear();
    expect(pending.length).toBe(0);
  });

  it('finds the first place holding a value at least the one asked', () => {
    const sorted = new Uint32Array([1, 3, 3, 7]);
    expect([
      lowerBound(sorted, 0),
      lowerBound(sorted, 3),
      lowerBound(sorted, 4),
      lowerBound(sorted, 8),
    ]).toEqual([0, 1, 3, 4]);
  });
});
