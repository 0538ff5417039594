import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.ts';

describe('mulberry32', () => {
  it('repeats its sequence for a seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, mulberry32(43))).not.toEqual(first);
  });

  it('draws evenly from [0, 1)', () => {
    const random = mulberry32(1);
    const buckets = new Array<number>(10).fill(0);
    let lowest = 1;
    let highest = 0;
    for (let i = 0; i < 100_000; i++) {
      const value = random();
      lowest = Math.min(lowest, value);
      highest = Math.max(highest, value);
      buckets[Math.floor(value * 10)] = (buckets[Math.floor(value * 10)] as number) + 1;
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(highest).toBeLessThan(1);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});
