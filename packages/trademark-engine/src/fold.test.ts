import { describe, expect, it } from 'vitest';
import { foldText, isHan, splitWords } from './fold.ts';

describe('foldText', () => {
  it('turns full-width forms into ASCII and folds case', () => {
    expect(foldText('ＡＰＰＬＥ １２３')).toBe('apple 123');
    expect(foldText('CocaCola')).toBe('cocacola');
  });

  it('expands compatibility ligatures', () => {
    expect(foldText('ﬁne')).toBe('fine');
  });

  it('drops Latin accents and spells out letters that do not decompose', () => {
    expect(foldText('Müller Café Ñandú')).toBe('muller cafe nandu');
    expect(foldText('Straße Æther Œuvre Øre Łódź')).toBe('strasse aether oeuvre ore lodz');
  });

  it('removes apostrophes so possessives stay one word', () => {
    expect(foldText("McDonald's")).toBe('mcdonalds');
    expect(foldText('L’ORÉAL')).toBe('loreal');
  });

  it('keeps Japanese voiced kana and Korean syllables intact', () => {
    expect(foldText('ガンダム')).toBe('ガンダム');
    expect(foldText('ｶﾞﾝﾀﾞﾑ')).toBe('ガンダム');
    expect(foldText('한빛')).toBe('한빛');
  });
});

describe('splitWords', () => {
  it('splits on spaces, hyphens and punctuation alike', () => {
    expect(splitWords(foldText('COCA-COLA'))).toEqual(['coca', 'cola']);
    expect(splitWords(foldText('coca  cola.'))).toEqual(['coca', 'cola']);
    expect(splitWords(foldText('H&M'))).toEqual(['h', 'm']);
  });

  it('cuts a run where Chinese characters meet other letters', () => {
    expect(splitWords(foldText('华为ABC手机'))).toEqual(['华为', 'abc', '手机']);
  });

  it('returns nothing for text without letters or digits', () => {
    expect(splitWords('!!! --')).toEqual([]);
  });
});

describe('isHan', () => {
  it('tells Chinese characters from kana and Latin', () => {
    expect(isHan('小米')).toBe(true);
    expect(isHan('xiaomi')).toBe(false);
    expect(isHan('ガンダム')).toBe(false);
  });
});
