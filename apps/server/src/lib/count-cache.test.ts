import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { DB } from '../db/schema.ts';
import { CountCache, countKey } from './count-cache.ts';

const counts = (n: number) => new Map([['all', n]]);
// The computations here answer without a database; the reader is only handed to them.
const reader = {} as Kysely<DB>;

describe('CountCache', () => {
  it('answers a repeated key from memory until a write invalidates it', async () => {
    const cache = new CountCache(reader);
    const compute = vi.fn(async () => counts(1));
    await cache.get('k', compute);
    await cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    cache.invalidate();
    await cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('after the TTL answers the old counts once more and recounts in the background', async () => {
    // Fake clocks: the cache times each count, and a busy machine's real clock would make an instant count costly.
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'setImmediate'] });
    try {
      const cache = new CountCache(reader, 20);
      let value = 1;
      const compute = vi.fn(async () => counts(value));
      await cache.get('k', compute);
      value = 2;
      vi.advanceTimersByTime(30);
      expect((await cache.get('k', compute)).get('all')).toBe(1);
      await vi.runAllTimersAsync();
      expect(compute).toHaveBeenCalledTimes(2);
      expect((await cache.get('k', compute)).get('all')).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a costly count past the TTL, in proportion to what it cost, but not past five minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'setImmediate'] });
    try {
      const cache = new CountCache(reader, 20);
      // Each count takes 30 ms of (fake) time: a recount is due after 30 s, not after the 20 ms TTL.
      const compute = vi.fn(async () => {
        vi.advanceTimersByTime(30);
        return counts(1);
      });
      await cache.get('k', compute);
      vi.advanceTimersByTime(20_000);
      await cache.get('k', compute);
      await vi.runAllTimersAsync();
      expect(compute).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(11_000);
      await cache.get('k', compute);
      await vi.runAllTimersAsync();
      expect(compute).toHaveBeenCalledTimes(2);

      // A count of 1 s would wait 1,000 s; five minutes is the most.
      const slow = vi.fn(async () => {
        vi.advanceTimersByTime(1_000);
        return counts(2);
      });
      await cache.get('slow', slow);
      vi.advanceTimersByTime(5 * 60_000);
      await cache.get('slow', slow);
      await vi.runAllTimersAsync();
      expect(slow).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a count computed while a write happened', async () => {
    const cache = new CountCache(reader);
    await cache.get('k', async () => {
      cache.invalidate();
      return counts(1);
    });
    const compute = vi.fn(async () => counts(2));
    expect((await cache.get('k', compute)).get('all')).toBe(2);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keys on the filters but not on paging, sorting or the chosen tab', () => {
    const today = '2026-11-21';
    const a = countKey(
      'items',
      { pageNum: 1, pageSize: 10, sort: 'createdAt', order: 'descend', status: 2, country: 'DE' },
      today,
    );
    const b = countKey('items', { country: 'DE', pageNum: 4, pageSize: 50, status: 3 }, today);
    expect(a).toBe(b);
    expect(countKey('items', { country: 'FR' }, today)).not.toBe(a);
    expect(countKey('items', { country: 'DE' }, '2026-11-22')).not.toBe(a);
    expect(countKey('other', { country: 'DE' }, today)).not.toBe(a);
  });
});

describe('CountCache reader', () => {
  it('hands each computation the reader it was built with', async () => {
    const cache = new CountCache(reader);
    const compute = vi.fn(async (given: Kysely<DB>) => counts(given === reader ? 1 : 0));
    expect((await cache.get('k', compute)).get('all')).toBe(1);
  });
});

describe('CountCache misses', () => {
  it('counts once for requests that miss together, and anew after a write', async () => {
    const cache = new CountCache(reader);
    const releases: ((value: Map<string, number>) => void)[] = [];
    const compute = vi.fn(() => new Promise<Map<string, number>>((resolve) => releases.push(resolve)));
    const first = cache.get('k', compute);
    const second = cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    releases[0]?.(counts(3));
    expect((await first).get('all')).toBe(3);
    expect((await second).get('all')).toBe(3);
    // A write while a count runs: later requests do not wait for (or get) the count begun before it.
    const before = cache.get('j', compute);
    cache.invalidate();
    const after = cache.get('j', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    releases[2]?.(counts(5));
    releases[1]?.(counts(4));
    expect((await after).get('all')).toBe(5);
    expect((await before).get('all')).toBe(4);
    expect((await cache.get('j', compute)).get('all')).toBe(5);
  });
});
