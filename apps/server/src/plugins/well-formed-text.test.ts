import { describe, expect, it } from 'vitest';
import { holdsUnusableText } from './well-formed-text.ts';

describe('holdsUnusableText', () => {
  it('finds lone surrogate halves and replacement characters, but not characters outside the BMP', () => {
    expect(holdsUnusableText({ displayName: '\ud800\u202eevil' })).toBe(true);
    expect(holdsUnusableText(['ok', 'tail\udc00'])).toBe(true);
    expect(holdsUnusableText({ name: 'bytes \ufffd\ufffd' })).toBe(true);
    expect(holdsUnusableText({ name: '星辰 😀 𠀀 ‮' })).toBe(false);
  });

  it('finds a NUL in any string of a body, keys included, and nothing in clean bodies', () => {
    expect(holdsUnusableText('a\u0000b')).toBe(true);
    expect(holdsUnusableText({ a: [{ b: ['x', 'y\u0000'] }] })).toBe(true);
    expect(holdsUnusableText({ 'k\u0000': 1 })).toBe(true);
    expect(
      holdsUnusableText({ name: '星辰跨境', amount: 12.5, tags: ['a', null, true], none: undefined }),
    ).toBe(false);
    expect(holdsUnusableText(null)).toBe(false);
    expect(holdsUnusableText(undefined)).toBe(false);
  });

  it('stops walking a body nested deeper than any form sends', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(holdsUnusableText(deep)).toBe(false);
  });
});
