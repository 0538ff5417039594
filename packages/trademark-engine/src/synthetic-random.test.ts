import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.ts';
import { pick, weighted } from './synthetic-random.ts';

describe('weighted', () => {
  it('picks each entry about as often as its weight', () => {
    const choose = weighted([
      ['a', 1],
      ['b', 3],
    ] as const);
    const random = mulberry32(2);
    let b = 0;
    for (let i = 0; i < 10_000; i++) if (choose(random()) === 'b') b++;
    expect(b / 10_000).toBeCloseTo(0.75, 1);
    expect(choose(0)).toBe('a');
    expect(choose(0.9999)).toBe('b');
  });
});

describe('pick', () => {
  it('draws every item of a list', () => {
    const random = mulberry32(3);
    const seen = new Set(Array.from({ length: 200 }, () => pick(['x', 'y', 'z'], random)));
    expect(seen).toEqual(new Set(['x', 'y', 'z']));
  });
});
