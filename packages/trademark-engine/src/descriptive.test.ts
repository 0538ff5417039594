import { describe, expect, it } from 'vitest';
import { buildDescriptiveWords, descriptiveWordsFor, parseDescriptiveWords } from './descriptive.ts';

describe('descriptive words', () => {
  it('holds the general English and Chinese words for every search', () => {
    const words = descriptiveWordsFor();
    for (const stem of ['home', 'tech', 'group', 'store', 'official', 'international']) {
      expect(words.hasLatin(stem), stem).toBe(true);
    }
    const han = words.han.map((chars) => chars.join(''));
    for (const word of ['科技', '商贸', '商务', '电子商务', '电商', '国际', '集团', '贸易', '有限公司'])
      expect(han).toContain(word);
    expect(words.hasLatin('fashion')).toBe(false);
  });

  it('adds the words of the searched classes', () => {
    expect(descriptiveWordsFor([25]).hasLatin('fashion')).toBe(true);
    expect(descriptiveWordsFor([30]).hasLatin('coffee')).toBe(true);
    expect(descriptiveWordsFor([43]).hasLatin('coffee')).toBe(true);
    expect(descriptiveWordsFor([9]).hasLatin('coffee')).toBe(false);
    expect(descriptiveWordsFor([25, 30])).toBe(descriptiveWordsFor([30, 25, 30]));
  });

  it('folds words like marks: plural endings and full-width forms', () => {
    const words = buildDescriptiveWords(
      parseDescriptiveWords({
        general: { latin: ['Brands', 'ＧＭＢＨ'], han: ['科技', '有限公司'] },
        byClass: {},
      }),
    );
    expect(words.hasLatin('brand')).toBe(true);
    expect(words.hasLatin('gmbh')).toBe(true);
    expect(words.han.map((chars) => chars.join(''))).toEqual(['有限公司', '科技']);
  });

  it('rejects a malformed file, naming the part', () => {
    expect(() => parseDescriptiveWords({ general: { latin: [1] }, byClass: {} })).toThrow(/general.latin/);
    expect(() => parseDescriptiveWords({ general: { han: ['店'] }, byClass: {} })).toThrow(/two characters/);
    expect(() => parseDescriptiveWords({ general: {}, byClass: { 46: {} } })).toThrow(/Nice class/);
    expect(() => parseDescriptiveWords(null)).toThrow(TypeError);
  });
});
