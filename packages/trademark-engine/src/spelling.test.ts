import { describe, expect, it } from 'vitest';
import { highestJaroWinklerOfDifferent, jaroWinkler } from './jaro-winkler.ts';
import { maxEditsForScore, spellingScore } from './spelling.ts';

describe('spellingScore', () => {
  it('is 100 for identical names', () => {
    expect(spellingScore(0, 8, 1)).toBe(100);
    expect(spellingScore(0, 0, 1)).toBe(100);
  });

  it('weighs one edit less in a longer name', () => {
    const five = spellingScore(1, 5, 1);
    const ten = spellingScore(1, 10, 1);
    const twenty = spellingScore(1, 20, 1);
    expect(five).toBeLessThan(ten);
    expect(ten).toBeLessThan(twenty);
    expect(five).toBeGreaterThan(60);
  });

  it('drops below 50 for two edits in a short name', () => {
    expect(spellingScore(2, 6, 1)).toBeLessThan(50);
    expect(spellingScore(2, 12, 1)).toBeGreaterThan(50);
  });

  it('rewards Jaro-Winkler similarity at equal edits', () => {
    expect(spellingScore(1, 6, 0.95)).toBeGreaterThan(spellingScore(1, 6, 0.8));
  });

  it('stays within 0–100', () => {
    expect(spellingScore(10, 4, 0)).toBe(0);
  });
});

describe('maxEditsForScore', () => {
  it('is exactly the largest distance at which the best case still reaches the score', () => {
    // The best Jaro-Winkler: 1 for identical strings, and below it for different ones.
    const best = (edits: number, length: number) => (edits === 0 ? 1 : highestJaroWinklerOfDifferent(length));
    for (const score of [50, 60, 80]) {
      for (let length = 1; length <= 40; length++) {
        const edits = maxEditsForScore(score, length);
        expect(spellingScore(edits, length, best(edits, length))).toBeGreaterThanOrEqual(score - 1e-9);
        expect(spellingScore(edits + 1, length, best(edits + 1, length))).toBeLessThan(score);
      }
    }
  });

  it('leaves out a last edit that only a perfect Jaro-Winkler would fit, which different strings never have', () => {
    // Two edits in 13 letters would just reach 60 at a Jaro-Winkler of 1; the closest two different strings get less.
    expect(spellingScore(2, 13, 1)).toBeGreaterThan(60);
    expect(maxEditsForScore(60, 13)).toBe(1);
    expect(spellingScore(2, 13, jaroWinkler('huzhuolanyang', 'huzhuolanyagn'))).toBeLessThan(60);
    expect(maxEditsForScore(60, 14)).toBe(2);
  });

  it('is -1 for a score above 100', () => {
    expect(maxEditsForScore(101, 5)).toBe(-1);
  });
});
