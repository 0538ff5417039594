import { describe, expect, it } from 'vitest';
import { jaroWinkler } from './jaro-winkler.ts';

describe('jaroWinkler', () => {
  it('matches the published examples', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
  });

  it('is 1 for equal strings and 0 when nothing matches', () => {
    expect(jaroWinkler('apple', 'apple')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', 'abc')).toBe(0);
  });

  it('rewards a shared beginning', () => {
    // Same letters changed, once at the end and once at the start.
    expect(jaroWinkler('samsung', 'samsunx')).toBeGreaterThan(jaroWinkler('samsung', 'xamsung'));
  });

  it('is symmetric', () => {
    expect(jaroWinkler('kodak', 'dakota')).toBeCloseTo(jaroWinkler('dakota', 'kodak'), 10);
  });

  it('answers alike whatever it compared before (its flags are reused)', () => {
    const pairs: Array<[string, string]> = [
      ['martha', 'marhta'],
      ['a much longer name of a company', 'another long name of a company'],
      ['dwayne', 'duane'],
      ['dixon', 'dicksonx'],
    ];
    const first = pairs.map(([a, b]) => jaroWinkler(a, b));
    expect([...pairs].reverse().map(([a, b]) => jaroWinkler(a, b))).toEqual([...first].reverse());
    expect(first[0]).toBeCloseTo(0.961, 3);
  });
});
