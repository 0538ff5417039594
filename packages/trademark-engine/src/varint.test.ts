import { describe, expect, it } from 'vitest';
import { readVarint, unpackIds, varintEnd, varintSize, writeVarint } from './varint.ts';

describe('varint', () => {
  it('writes and reads back numbers of every size, in the bytes it says', () => {
    const values = [0, 1, 127, 128, 16_383, 16_384, 2 ** 21, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 45 + 3];
    const bytes = new Uint8Array(100);
    let at = 0;
    for (const value of values) {
      const next = writeVarint(bytes, at, value);
      expect(next - at).toBe(varintSize(value));
      at = next;
    }
    at = 0;
    for (const value of values) {
      expect(readVarint(bytes, at)).toBe(value);
      at = varintEnd;
    }
    expect([varintSize(127), varintSize(128), varintSize(2 ** 32 - 1)]).toEqual([1, 2, 5]);
  });

  it('unpacks a list of gaps, with and without key bytes, after what the array already holds', () => {
    const ids = [5, 6, 300, 70_000];
    const plain = new Uint8Array(20);
    const keyed = new Uint8Array(30);
    let plainEnd = 0;
    let keyedEnd = 0;
    ids.forEach((id, i) => {
      const gap = id - (ids[i - 1] ?? 0);
      plainEnd = writeVarint(plain, plainEnd, gap);
      keyedEnd = writeVarint(keyed, keyedEnd, gap);
      keyed[keyedEnd++] = i * 10;
    });
    const out = new Uint32Array(10);
    out[0] = 99;
    expect(unpackIds(plain, 0, plainEnd, false, 0, 0, out, 1)).toBe(5);
    expect([...out.subarray(0, 5)]).toEqual([99, 5, 6, 300, 70_000]);
    expect(unpackIds(keyed, 0, keyedEnd, true, 10, 20, out, 0)).toBe(2);
    expect([...out.subarray(0, 2)]).toEqual([6, 300]);
  });
});
