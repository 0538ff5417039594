import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.ts';
import { classesOf, GOODS_BY_CLASS, goodsOf } from './synthetic-goods.ts';

describe('GOODS_BY_CLASS', () => {
  it('has English and Chinese goods for all 45 classes', () => {
    expect(Object.keys(GOODS_BY_CLASS).map(Number)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    for (const items of Object.values(GOODS_BY_CLASS)) {
      for (const [english, chinese] of items) {
        expect(english).toMatch(/[A-Za-z]/);
        expect(chinese).toMatch(/\p{Script=Han}/u);
      }
    }
  });
});

describe('classesOf', () => {
  it('draws one to five distinct ascending classes, popular ones more often', () => {
    const random = mulberry32(8);
    const draws = Array.from({ length: 5000 }, () => classesOf(random));
    for (const classes of draws) {
      expect(classes.length).toBeGreaterThanOrEqual(1);
      expect(classes.length).toBeLessThanOrEqual(5);
      expect([...new Set(classes)].sort((a, b) => a - b)).toEqual(classes);
    }
    const count = (cls: number): number => draws.filter((classes) => classes.includes(cls)).length;
    expect(count(9)).toBeGreaterThan(count(13));
  });
});

describe('goodsOf', () => {
  it('writes goods per class, in Chinese for the Chinese office, with a translation when asked', () => {
    const english = goodsOf([9, 25], false, true, 0);
    expect(Object.keys(english.goods).map(Number)).toEqual([9, 25]);
    expect(english.goods[9]).toMatch(/[A-Za-z]/);
    expect(english.translation?.[25]).toMatch(/\p{Script=Han}/u);
    const chinese = goodsOf([9], true, true, 0);
    expect(chinese.goods[9]).toMatch(/\p{Script=Han}/u);
    expect(chinese.translation).toBeNull();
    expect(goodsOf([9], false, false, 0).translation).toBeNull();
  });

  it('shares one frozen object between marks with the same classes and variant', () => {
    expect(goodsOf([3, 5], false, true, 3)).toBe(goodsOf([3, 5], false, true, 3));
    expect(Object.isFrozen(goodsOf([3, 5], false, true, 3).goods)).toBe(true);
  });
});
