import { describe, expect, it } from 'vitest';
import { readVarint, varintEnd, varintSize, writeVarint } from './varint.ts';

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
});
