import { describe, expect, it } from 'vitest';
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
    for (const score of [50, 60, 80]) {
      for (let length = 1; length <= 40; length++) {
        const edits = maxEditsForScore(score, length);
        expect(spellingScore(edits, length, 1)).toBeGreaterThanOrEqual(score - 1e-9);
        expect(spellingScore(edits + 1, length, 1)).toBeLessThan(score);
      }
    }
  });

  it('is -1 for a score above 100', () => {
    expect(maxEditsForScore(101, 5)).toBe(-1);
  });
});
