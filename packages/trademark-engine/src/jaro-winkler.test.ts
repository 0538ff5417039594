import { describe, expect, it } from 'vitest';
import { highestJaroWinklerOfDifferent, jaroWinkler } from './jaro-winkler.ts';
import { mulberry32 } from './prng.ts';

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

  it('never rates two different strings above highestJaroWinklerOfDifferent, and a swap past the prefix reaches it', () => {
    const random = mulberry32(13);
    const letter = () => 'abcde'.charAt(Math.floor(random() * 5));
    let compared = 0;
    for (let i = 0; i < 20_000; i++) {
      let a = '';
      for (let length = 1 + Math.floor(random() * 14); a.length < length; ) a += letter();
      // One to three random edits (insert, delete, replace, swap of neighbours) keep most pairs close.
      let b = a;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * (b.length + 1));
        const kind = Math.floor(random() * 4);
        if (kind === 0) b = b.slice(0, at) + letter() + b.slice(at);
        else if (kind === 1) b = b.slice(0, at) + b.slice(at + 1);
        else if (kind === 2) b = b.slice(0, at) + letter() + b.slice(at + 1);
        else b = b.slice(0, at) + b.charAt(at + 1) + b.charAt(at) + b.slice(at + 2);
      }
      if (a === b || b.length === 0) continue;
      compared++;
      const longer = Math.max(a.length, b.length);
      expect(jaroWinkler(a, b)).toBeLessThanOrEqual(highestJaroWinklerOfDifferent(longer) + 1e-12);
    }
    expect(compared).toBeGreaterThan(15_000);
    for (const [a, b] of [
      ['abcdefgh', 'abcdegfh'],
      ['huzhuolanyang', 'huzhuolanyagn'],
    ] as const) {
      expect(jaroWinkler(a, b)).toBeCloseTo(highestJaroWinklerOfDifferent(a.length), 12);
    }
  });
});
