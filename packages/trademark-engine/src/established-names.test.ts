import { describe, expect, it } from 'vitest';
import establishedNamesFile from '../lexicon/established-names.json' with { type: 'json' };
import { analyzeName } from './analyze.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import { EstablishedNames, establishedNames, parseEstablishedNames } from './established-names.ts';
import { PinyinCache } from './pinyin.ts';

const pinyin = new PinyinCache();
const name = (text: string) => analyzeName(text, pinyin);
const general = descriptiveWordsFor();
const list = new EstablishedNames([
  { latin: 'STARBUCKS', chinese: ['星巴克'], kind: 'brand' },
  { latin: 'ANKER', chinese: ['安克'], kind: 'seller' },
  { latin: 'HEAD & SHOULDERS', chinese: ['海飞丝'], kind: 'brand' },
  { latin: 'MIDEA', chinese: ['美的'], kind: 'seller' },
  { latin: 'CHINA MOBILE', chinese: ['中国移动'], kind: 'seller' },
]);
const renderings = (text: string, descriptive = general): string[] =>
  list.renderingsOf(name(text), descriptive).map((found) => found.exact);

describe('established names', () => {
  it('gives the other script’s name of a brand, both ways', () => {
    expect(renderings('STARBUCKS')).toEqual(['星巴克']);
    expect(renderings('星巴克')).toEqual(['starbucks']);
    expect(renderings('安克')).toEqual(['anker']);
  });

  it('finds the brand through case, spacing and punctuation, and past descriptive words', () => {
    expect(renderings('Star-Bucks')).toEqual(['星巴克']);
    expect(renderings('Head & Shoulders')).toEqual(['海飞丝']);
    expect(renderings('head and shoulders')).toEqual(['海飞丝']);
    expect(renderings('深圳安克科技')).toEqual(['anker']);
    expect(renderings('ANKER TECHNOLOGY')).toEqual(['安克']);
  });

  it('names a brand by its characters, not by a name read the same or its characters reversed', () => {
    // Homophones are many in a register: 每的 is compared with 美的 as a homophone, not as MIDEA's name.
    expect(renderings('每的')).toEqual([]);
    expect(renderings('的美')).toEqual([]);
    expect(renderings('美的科技')).toEqual(['midea']);
  });

  it('names a brand whose own name holds a descriptive word by that whole name only', () => {
    expect(renderings('中国移动')).toEqual(['chinamobile']);
    expect(renderings('China Mobile')).toEqual(['中国移动']);
    expect(renderings('T MOBILE')).toEqual([]);
    expect(renderings('MOBILE')).toEqual([]);
  });

  it('gives nothing for a name that is no known brand, or only shares a word with one', () => {
    expect(renderings('STARLIGHT')).toEqual([]);
    expect(renderings('ANKER STARBUCKS')).toEqual([]);
    expect(renderings('星光')).toEqual([]);
  });

  it('tells cheaply that a name cannot name a brand: it lacks the first distinctive unit of every one of its names', () => {
    const starbucks = list.brandsOf(name('STARBUCKS'), general).all;
    expect(list.mayNameOneOf(name('星巴克咖啡'), starbucks)).toBe(true);
    expect(list.mayNameOneOf(name('STARBUCKS COFFEE'), starbucks)).toBe(true);
    expect(list.mayNameOneOf(name('星光'), starbucks)).toBe(false);
    expect(list.mayNameOneOf(name('STAR'), starbucks)).toBe(false);
  });

  it('rejects a malformed list, naming the entry', () => {
    expect(() => parseEstablishedNames([])).toThrow('expected { names: [] }');
    expect(() =>
      parseEstablishedNames({ names: [{ latin: '耐克', chinese: ['耐克'], kind: 'brand' }] }),
    ).toThrow('names[0].latin');
    expect(() =>
      parseEstablishedNames({ names: [{ latin: 'NIKE', chinese: 'NIKE', kind: 'brand' }] }),
    ).toThrow('names[0].chinese');
    expect(() => parseEstablishedNames({ names: [{ latin: 'NIKE', chinese: ['耐克'], kind: 'x' }] })).toThrow(
      'names[0].kind',
    );
    expect(() =>
      parseEstablishedNames({ names: [{ latin: 'NIKE', chinese: ['耐克NIKE'], kind: 'brand' }] }),
    ).toThrow('names[0].chinese');
  });
});

describe('the shipped list', () => {
  const entries = parseEstablishedNames(establishedNamesFile);

  it('holds brands from abroad and from China, each once', () => {
    expect(entries.filter((entry) => entry.kind === 'brand').length).toBeGreaterThanOrEqual(500);
    expect(entries.filter((entry) => entry.kind === 'seller').length).toBeGreaterThanOrEqual(300);
    const folded = entries.map((entry) => name(entry.latin).exact);
    expect(folded.filter((key, at) => folded.indexOf(key) !== at)).toEqual([]);
  });

  it('is what the engine reads', () => {
    expect(establishedNames().size).toBe(entries.length);
    expect(
      establishedNames()
        .renderingsOf(name('STARBUCKS'), general)
        .map((found) => found.exact),
    ).toContain('星巴克');
  });
});
