import { describe, expect, it } from 'vitest';
import { foldLookalikes, lookalikeKey } from './lookalike.ts';

describe('foldLookalikes', () => {
  it('folds digits to the letters they resemble', () => {
    expect(foldLookalikes('g00gle')).toBe(foldLookalikes('google'));
    expect(foldLookalikes('5amsung')).toBe(foldLookalikes('samsung'));
    expect(foldLookalikes('n1ke')).toBe(foldLookalikes('nike'));
    expect(foldLookalikes('h3ineken')).toBe(foldLookalikes('heineken'));
  });

  it('meets 1, I and L at one letter', () => {
    expect(foldLookalikes('1ntel')).toBe('lntel');
    expect(foldLookalikes('intel')).toBe('lntel');
    expect(foldLookalikes('lntel')).toBe('lntel');
  });

  it('folds Cyrillic and Greek letters that print like Latin ones', () => {
    expect(foldLookalikes('тesla')).toBe('tesla');
    expect(foldLookalikes('аdidas')).toBe(foldLookalikes('adidas'));
    expect(foldLookalikes('οmεga')).toBe('omega');
  });

  it('keeps the length, so edit distances between folded names never grow', () => {
    for (const text of ['g00gle', 'rnicrosoft', 'vvalmart', 'apple', '小米']) {
      expect(foldLookalikes(text)).toHaveLength(text.length);
    }
  });
});

describe('lookalikeKey', () => {
  it('reads symbols as the letters they imitate', () => {
    expect(lookalikeKey('$amsung')).toBe(lookalikeKey('samsung'));
    expect(lookalikeKey('@mazon')).toBe(lookalikeKey('amazon'));
  });

  it('folds letter pairs that print like one letter', () => {
    expect(lookalikeKey('rnicrosoft')).toBe(lookalikeKey('microsoft'));
    expect(lookalikeKey('vvalmart')).toBe(lookalikeKey('walmart'));
    expect(lookalikeKey('clisney')).toBe(lookalikeKey('disney'));
  });

  it('folds Chinese characters that differ by a stroke', () => {
    expect(lookalikeKey('康帅傅')).toBe(lookalikeKey('康师傅'));
    expect(lookalikeKey('雷碧')).toBe(lookalikeKey('雪碧'));
    expect(lookalikeKey('小米')).not.toBe(lookalikeKey('大米'));
  });

  it('drops spaces and punctuation', () => {
    expect(lookalikeKey('coca-cola')).toBe(lookalikeKey('coca cola'));
  });
});
