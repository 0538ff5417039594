import { describe, expect, it } from 'vitest';
import { holdsNul } from './no-nul.ts';

describe('holdsNul', () => {
  it('finds a NUL in any string of a body, keys included, and nothing in clean bodies', () => {
    expect(holdsNul('a\u0000b')).toBe(true);
    expect(holdsNul({ a: [{ b: ['x', 'y\u0000'] }] })).toBe(true);
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNul({ name: '星辰跨境', amount: 12.5, tags: ['a', null, true], none: undefined })).toBe(
      false,
    );
    expect(holdsNul(null)).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
  });

  it('stops walking a body nested deeper than any form sends', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(false);
  });
});
