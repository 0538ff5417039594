import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo.ts';

describe('BoundedMemo', () => {
  it('holds at most twice its bound', () => {
    const memo = new BoundedMemo<number, number>(100);
    for (let i = 0; i < 10_000; i++) memo.set(i, i * 2);
    expect(memo.size).toBeLessThanOrEqual(200);
    expect(memo.get(9_999)).toBe(19_998);
    expect(memo.get(0)).toBeUndefined();
  });

  it('keeps a key in use across the turnover of its generation', () => {
    const memo = new BoundedMemo<string, number>(10);
    memo.set('STAR', 1);
    for (let i = 0; i < 1_000; i++) {
      memo.set(`word${i}`, i);
      expect(memo.get('STAR')).toBe(1);
    }
  });

  it('forgets everything on clear', () => {
    const memo = new BoundedMemo<string, number>(10);
    memo.set('A', 1);
    memo.clear();
    expect(memo.get('A')).toBeUndefined();
    expect(memo.size).toBe(0);
  });
});
