import { describe, expect, it } from 'vitest';
import { analyzeName, readName } from './analyze.ts';
import { PinyinCache } from './pinyin.ts';

const pinyin = new PinyinCache();

describe('analyzeName', () => {
  it('folds spacing and punctuation into one compact form', () => {
    const forms = ['COCA-COLA', 'coca cola', 'CocaCola'].map((name) => analyzeName(name, pinyin));
    expect(new Set(forms.map((a) => a.exact))).toEqual(new Set(['cocacola']));
    expect(forms[0]?.words).toEqual(['coca', 'cola']);
  });

  it('keeps Chinese characters in the exact form and reads them as pinyin in the Latin one', () => {
    const a = analyzeName('小米', pinyin);
    expect(a.exact).toBe('小米');
    expect(a.latin).toBe('xiaomi');
    expect(a.words).toEqual(['xiao', 'mi']);
    expect(a.fromHan).toEqual([true, true]);
    expect(a.hasHan).toBe(true);
    expect(a.sound).toEqual([]);
  });

  it('mixes scripts word by word', () => {
    const a = analyzeName('华为 Mate', pinyin);
    expect(a.words).toEqual(['hua', 'wei', 'mate']);
    expect(a.fromHan).toEqual([true, true, false]);
    expect(a.latin).toBe('huaweimate');
  });

  it('folds look-alikes into the visual and printed forms', () => {
    const a = analyzeName('$AMSUNG', pinyin);
    expect(a.exact).toBe('amsung');
    expect(a.lookalike).toBe(analyzeName('SAMSUNG', pinyin).lookalike);
    expect(analyzeName('G00GLE', pinyin).visual).toBe(analyzeName('GOOGLE', pinyin).visual);
  });

  it('folds plural endings of Latin words only', () => {
    expect(analyzeName('Golden Nuggets', pinyin).stems).toEqual(['golden', 'nugget']);
    expect(analyzeName('小米', pinyin).stems).toEqual(['xiao', 'mi']);
  });

  it('gives Latin names sound keys', () => {
    const a = analyzeName('Quick Clean', pinyin);
    expect(a.sound).toEqual(analyzeName('KWIK KLEEN', pinyin).sound);
    expect(a.metaphone.length).toBeGreaterThan(0);
  });
});

describe('readName', () => {
  it('reads a name as analyzeName does, without its keys', () => {
    const pinyin = new PinyinCache();
    for (const name of ['NIKE Air', '耐克 SPORT', '乔丹', 'Ö-Bella!']) {
      const { exact, latin, words, fromHan, hasHan } = analyzeName(name, pinyin);
      expect(readName(name, pinyin)).toEqual({ exact, latin, words, fromHan, hasHan });
    }
  });
});
