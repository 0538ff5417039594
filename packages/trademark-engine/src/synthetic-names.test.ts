import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng.ts';
import { nameStyle, ownerName, type Style, styleName } from './synthetic-names.ts';

const HAN_RE = /\p{Script=Han}/u;
const HANGUL_RE = /[\uac00-\ud7a3]/;

describe('styleName', () => {
  const random = mulberry32(5);
  const names = (style: Style): string[] => Array.from({ length: 300 }, () => styleName(style, random));

  it('writes Chinese names in characters, two to six of them', () => {
    for (const name of names('chinese')) {
      expect(HAN_RE.test(name)).toBe(true);
      expect([...name].length).toBeGreaterThanOrEqual(2);
      expect([...name].length).toBeLessThanOrEqual(6);
    }
  });

  it('writes coined names of Latin letters, some in capitals and some title-cased', () => {
    const coined = names('coined');
    expect(coined.every((name) => /^[A-Za-z]+$/.test(name) && name.length >= 4)).toBe(true);
    expect(coined.some((name) => name === name.toUpperCase())).toBe(true);
    expect(coined.some((name) => name !== name.toUpperCase())).toBe(true);
  });

  it('writes phrases of several words and German compounds with their umlauts', () => {
    expect(names('phrase').every((name) => name.includes(' '))).toBe(true);
    expect(names('german').some((name) => /[ÄÖÜäöü]/.test(name))).toBe(true);
  });

  it('writes some Korean names in Hangul and stylized names with digits or symbols', () => {
    expect(names('korean').some((name) => HANGUL_RE.test(name))).toBe(true);
    expect(names('stylized').every((name) => /[0-9+&.\- ]/.test(name))).toBe(true);
  });
});

describe('nameStyle', () => {
  it('favours the local language where it is filed', () => {
    const random = mulberry32(6);
    const share = (dataset: string, style: Style): number =>
      Array.from({ length: 2000 }, () => nameStyle(dataset, random)).filter((s) => s === style).length / 2000;
    expect(share('CN', 'chinese')).toBeGreaterThan(0.6);
    expect(share('US', 'chinese')).toBeLessThan(0.3);
    expect(share('DE', 'german')).toBeGreaterThan(share('US', 'german'));
  });
});

describe('ownerName', () => {
  it('shapes owners like the companies of the market', () => {
    const random = mulberry32(7);
    expect(ownerName('german', 'Sonnenblick', 'DE', random)).toMatch(/GmbH|AG/);
    expect(ownerName('french', 'Le Jardin', 'FR', random)).toMatch(/SAS|SA|SARL/);
    expect(ownerName('chinese', '华星', 'CN', random)).toMatch(/有限公司$/);
  });
});
