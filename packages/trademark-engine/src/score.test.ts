import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { PinyinCache } from './pinyin.ts';
import { compareNames, SCORE_FLOOR } from './score.ts';
import { decodeSignals } from './signals.ts';

const pinyin = new PinyinCache();

function compare(query: string, mark: string, common: string[] = []) {
  const result = compareNames(analyzeName(query, pinyin), analyzeName(mark, pinyin), {
    isCommonStem: (stem) => common.includes(stem),
  });
  return { score: result.score, signals: decodeSignals(result.signals) };
}

describe('compareNames', () => {
  it('scores marks equal after folding as exact', () => {
    expect(compare('COCA-COLA', 'coca cola')).toEqual({ score: 100, signals: ['exact'] });
    expect(compare('ＳＯＮＹ', 'Sony')).toEqual({ score: 100, signals: ['exact'] });
  });

  it('finds look-alike characters', () => {
    for (const [query, mark] of [
      ['G00GLE', 'GOOGLE'],
      ['$AMSUNG', 'SAMSUNG'],
      ['RNICROSOFT', 'MICROSOFT'],
      ['АDIDAS', 'ADIDAS'],
      ['雷碧', '雪碧'],
    ] as const) {
      const { score, signals } = compare(query, mark);
      expect(score, `${query} ~ ${mark}`).toBeGreaterThanOrEqual(90);
      expect(signals).toContain('lookalike');
    }
  });

  it('scores spelling by edits and Jaro-Winkler', () => {
    const swap = compare('APPEL', 'APPLE');
    expect(swap.signals).toEqual(['spelling']);
    expect(swap.score).toBeGreaterThanOrEqual(60);
    expect(compare('MIKROSOFT', 'MICROSOFT').score).toBeGreaterThan(swap.score);
    expect(compare('KODAK', 'DAKOTA').score).toBeLessThan(SCORE_FLOOR);
  });

  it('finds names that sound alike', () => {
    const { score, signals } = compare('KWIK KLEEN', 'QUICK CLEAN');
    expect(signals).toContain('phonetic');
    expect(score).toBeGreaterThanOrEqual(80);
    expect(compare('KRISPY KREME', 'CRISPY CREAM').signals).toContain('phonetic');
  });

  it('does not call consonant twins with other vowels alike', () => {
    expect(compare('DIAMOND', 'DOMINATE').score).toBeLessThan(SCORE_FLOOR);
    expect(compare('SPRITE', 'SPIRIT').score).toBeLessThan(60);
    expect(compare('PRADA', 'PARADE').score).toBeLessThan(60);
  });

  it('finds one mark inside another, stronger the more of it it covers', () => {
    const pay = compare('APPLE', 'APPLE PAY');
    expect(pay.signals).toContain('containment');
    expect(pay.score).toBeGreaterThanOrEqual(75);
    expect(compare('APPLE', 'APPLE PAY LATER FOR BUSINESS').score).toBeLessThan(pay.score);
    expect(compare('APPLE PAY', 'APPLE').score).toBe(pay.score);
    expect(compare('APPLE', 'APPLEPAY').signals).toContain('containment');
  });

  it('does not count a common word as containment', () => {
    expect(compare('TECH', 'OCEAN TECH', ['tech']).signals).not.toContain('containment');
    expect(compare('TECH', 'OCEAN TECH').signals).toContain('containment');
  });

  it('does not take a word ending for containment', () => {
    expect(compare('FANTA', 'FANTASY').score).toBeLessThan(60);
  });

  it('finds the same words in another order', () => {
    expect(compare('OCEAN BLUE', 'BLUE OCEAN')).toEqual({ score: 88, signals: ['wordOrder'] });
    expect(compare('米小', '小米').signals).toEqual(['wordOrder']);
  });

  it('finds plural endings', () => {
    expect(compare('APPLES', 'APPLE').signals).toContain('plural');
    expect(compare('GOLDEN NUGGETS', 'GOLDEN NUGGET').score).toBeGreaterThanOrEqual(90);
  });

  it('compares Chinese with its romanisation through pinyin', () => {
    expect(compare('小米', 'XIAOMI')).toEqual({ score: 95, signals: ['pinyin'] });
    expect(compare('QIAODAN', '乔丹')).toEqual({ score: 95, signals: ['pinyin'] });
    expect(compare('XIAOMI PHONE', '小米').signals).toEqual(['containment', 'pinyin']);
  });

  it('finds Chinese homophones', () => {
    expect(compare('小咪', '小米')).toEqual({ score: 90, signals: ['homophone'] });
    expect(compare('桥丹', '乔丹').signals).toEqual(['homophone']);
  });

  it('needs Chinese characters to stand together to be contained', () => {
    expect(compare('华为手机', '华为').signals).toContain('containment');
    expect(compare('华为手机', '手华').score).toBeLessThan(SCORE_FLOOR);
  });

  it('keeps unrelated names below the floor', () => {
    for (const [query, mark] of [
      ['SONY', 'SYNONYM'],
      ['ORACLE', 'CORAL'],
      ['小米', '大米'],
      ['BLUE MOON', 'BLUE OCEAN'],
    ] as const) {
      expect(compare(query, mark).score, `${query} ~ ${mark}`).toBeLessThan(SCORE_FLOOR);
    }
  });
});
