import { describe, expect, it } from 'vitest';
import { CharPool, ensureCapacity, GrowableUint32, resize, storeWidening } from './growable.ts';

describe('ensureCapacity', () => {
  it('returns the same array when it is big enough, else a bigger copy', () => {
    const small = Uint8Array.of(1, 2, 3);
    expect(ensureCapacity(small, 2)).toBe(small);
    const bigger = ensureCapacity(small, 20);
    expect(bigger.length).toBeGreaterThanOrEqual(20);
    expect([...bigger.subarray(0, 3)]).toEqual([1, 2, 3]);
  });
});

describe('resize', () => {
  it('cuts to an exact length after a bulk load', () => {
    const array = new Uint32Array(100).fill(5);
    expect(resize(array, 20, true)).toHaveLength(20);
    expect(resize(array, 20, false)).toBe(array);
  });
});

describe('GrowableUint32', () => {
  it('grows as values are pushed and trims to what is used', () => {
    const list = new GrowableUint32(2);
    for (let i = 0; i < 1000; i++) list.push(i);
    expect(list.length).toBe(1000);
    expect(list.data[999]).toBe(999);
    list.trim();
    expect(list.data).toHaveLength(1000);
    expect([...list.data.subarray(0, 3)]).toEqual([0, 1, 2]);
    list.reserve(500);
    expect(list.data.length).toBeGreaterThanOrEqual(1500);
    expect(list.length).toBe(1000);
  });
});

describe('CharPool', () => {
  it('stores strings back to back and reads them', () => {
    const pool = new CharPool();
    const a = pool.append('apple');
    const b = pool.append('小米');
    expect(pool.read(a, 5)).toBe('apple');
    expect(pool.read(b, 2)).toBe('小米');
    expect(pool.startsWith(a, 5, 'app')).toBe(true);
    expect(pool.startsWith(a, 5, 'apx')).toBe(false);
    expect(pool.startsWith(b, 2, '小米科技')).toBe(false);
  });
});

describe('storeWidening', () => {
  it('stores in 16 bits until a value does not fit, then in a 32-bit copy of every value', () => {
    const narrow = new Uint16Array(4);
    expect(storeWidening(narrow, 0, 65_535)).toBe(narrow);
    const wide = storeWidening(narrow, 1, 65_536);
    expect(wide).toBeInstanceOf(Uint32Array);
    expect([...wide]).toEqual([65_535, 65_536, 0, 0]);
    expect(storeWidening(wide, 2, 7)).toBe(wide);
    expect(narrow[1]).toBe(0);
  });
});
