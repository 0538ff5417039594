import { describe, expect, it } from 'vitest';
import { SerialSpace } from './serial-space.ts';

describe('SerialSpace', () => {
  it('gives the wanted serial while it is free', () => {
    const space = new SerialSpace(100);
    expect(space.claim(42)).toBe(42);
    expect(space.claim(7)).toBe(7);
    expect(space.taken).toBe(2);
  });

  it('gives a taken serial the next free one, wrapping round the end', () => {
    const space = new SerialSpace(5);
    expect([3, 3, 3, 3, 3].map((wanted) => space.claim(wanted))).toEqual([3, 4, 0, 1, 2]);
  });

  it('hands out every serial exactly once, then nothing', () => {
    const space = new SerialSpace(1000);
    const claimed = Array.from({ length: 1000 }, (_, i) => space.claim((i * 7919) % 13));
    expect(new Set(claimed).size).toBe(1000);
    expect(claimed.every((serial) => serial !== undefined && serial >= 0 && serial < 1000)).toBe(true);
    expect(space.claim(0)).toBeUndefined();
  });

  it('copes with the same serial wanted over and over', () => {
    // Walking every taken serial each time would take ~2·10^10 steps here and time the test out.
    const space = new SerialSpace(200_000);
    let last: number | undefined;
    for (let i = 0; i < 200_000; i++) last = space.claim(0);
    expect(last).toBe(199_999);
    expect(space.taken).toBe(200_000);
  });
});
