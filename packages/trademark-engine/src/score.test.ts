import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import { EstablishedNames } from './established-names.ts';
import { PinyinCache } from './pinyin.ts';
import { compareNames, SCORE_FLOOR } from './score.ts';
import { decodeSignals } from './signals.ts';

const pinyin = new PinyinCache();

// The signals of the names themselves: brands' established names (`established-names.ts`) are tested on their own.
function compare(
  query: string,
  mark: string,
  common: string[] = [],
  established: EstablishedNames | null = null,
) {
  const result = compareNames(analyzeName(query, pinyin), analyzeName(mark, pinyin), {
    isCommonStem: (stem) => common.includes(stem),
    established,
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

  it('does not count a frequent word as containment', () => {
    expect(compare('WAVE', 'OCEAN WAVE', ['wave']).signals).not.toContain('containment');
    expect(compare('WAVE', 'OCEAN WAVE').signals).toContain('containment');
  });

  it('scores one letter added, dropped or changed in a mark of four letters or more as very similar', () => {
    for (const [query, mark] of [
      ['NIKEE', 'NIKE'],
      ['BELA', 'BELLA'],
      ['NEKEA', 'NEAKEA'],
      ['ZORIN', 'ZORAN'],
    ] as const) {
      const { score, signals } = compare(query, mark);
      expect(score, `${query} ~ ${mark}`).toBeGreaterThanOrEqual(80);
      expect(signals).toContain('oneLetter');
    }
  });

  it('leaves one letter alone in marks under four letters or at the beginning of a mark', () => {
    for (const [query, mark] of [
      ['BMW', 'BMX'],
      ['KIA', 'KIO'],
      ['NIKE', 'BIKE'],
      ['DIOR', 'DOOR'],
      ['ANIKE', 'NIKE'],
    ] as const) {
      const { score, signals } = compare(query, mark);
      expect(score, `${query} ~ ${mark}`).toBeLessThan(80);
      expect(signals).not.toContain('oneLetter');
    }
    expect(compare('BMW', 'BMX').score).toBeLessThan(60);
    expect(compare('DIOR', 'DOOR').score).toBeLessThan(60);
  });

  it('does not compare the sound of marks under four letters, which are read letter by letter', () => {
    expect(compare('AOC', 'AOK').score).toBeLessThan(60);
    expect(compare('GAP', 'GAB').signals).not.toContain('phonetic');
  });

  const expectIdenticalSound = (pairs: ReadonlyArray<readonly [string, string]>): void => {
    for (const [query, mark] of pairs) {
      const { score, signals } = compare(query, mark);
      expect(score, `${query} ~ ${mark}`).toBeGreaterThanOrEqual(80);
      expect(signals).toContain('phonetic');
    }
  };

  it('scores an identical sound as very similar when it holds three consonants and begins alike', () => {
    expectIdenticalSound([
      ['KANDEE', 'CANDY'],
      ['KUBIK', 'CUBIC'],
      ['SYTRUS', 'CITRUS'],
    ]);
    // Double Metaphone's B = P and G = K, and keys of one or two consonants, are too coarse for an identical sound.
    expect(compare('CLIIOS', 'GLEAS').score).toBeLessThan(80);
    expect(compare('PAWS', 'POIS').score).toBeLessThan(80);
  });

  it('lists first the signal that gave the score, so the reason shown explains the percentage', () => {
    expect(compare('CUMO', 'Kumo').signals).toEqual(['phonetic', 'spelling']);
    expect(compare('STARS', 'STAR').signals[0]).toBe('plural');
    expect(compare('NIKE', '耐克').signals[0]).toBe('transliteration');
    expect(compare('NIKEE', 'NIKE').signals).toEqual(['oneLetter', 'spelling']);
  });

  it('scores a short identical sound as very similar when the names are read as the same sounds', () => {
    expectIdenticalSound([
      ['KWEEN', 'QUEEN'],
      ['NYKE', 'NIKE'],
      ['FONE', 'PHONE'],
      // A silent e is no sound, and i before a silent gh is long.
      ['LITE', 'LIGHT'],
      ['NITE', 'NIGHT'],
      // Long vowels, one of which can be spoken as the other.
      ['ROSE', 'ROWS'],
      ['MAYD', 'MADE'],
      ['COAT', 'COTE'],
      // A final y or i after a consonant is spoken as ee is.
      ['SUNNEE', 'SUNNY'],
      ['TOBEE', 'TOBY'],
    ]);
    // One Double Metaphone key of two consonants (PS), but voicing and vowels differ: p-aw-s against b-oi-s.
    expect(compare('PAWS', 'BOIS').score).toBe(72);
    expect(compare('PAWS', 'POIS').score).toBe(72);
    // The reader keeps z and s apart, and v and f (Double Metaphone folds V into F).
    expect(compare('DAZE', 'DAYS').score).toBe(72);
    expect(compare('VOTO', 'FOTO').score).toBe(72);
    // A short vowel is not a long one, and two long vowels that share a quality only on paper are not alike.
    for (const [query, mark] of [
      ['PICK', 'PEAK'],
      ['FEEL', 'FILL'],
      ['MERE', 'MIRE'],
    ] as const) {
      expect(compare(query, mark).score, `${query} ~ ${mark}`).toBe(72);
    }
  });

  it('sets descriptive and generic words aside, in English and Chinese', () => {
    for (const [query, mark] of [
      ['Bella Home', 'BELLA'],
      ['ZORVEX GROUP', 'ZORVEX TECH'],
      ['喜科科技', '喜科'],
      ['深圳市喜科电子有限公司', '喜科'],
    ] as const) {
      const { score, signals } = compare(query, mark);
      expect(score, `${query} ~ ${mark}`).toBeGreaterThanOrEqual(80);
      expect(signals).toContain('descriptiveIgnored');
    }
  });

  it('names the descriptive words first, and containment only when one mark is inside the other', () => {
    expect(compare('Bella Home', 'BELLA').signals).toEqual(['descriptiveIgnored', 'containment']);
    expect(compare('ZORVEX GROUP', 'ZORVEX TECH').signals).toEqual(['descriptiveIgnored']);
    expect(compare('NIKEE', 'NIKE').signals).toEqual(['oneLetter', 'spelling']);
  });

  it('measures containment without the set-aside words', () => {
    expect(compare('ZORVEX', 'ZORVEX LUMA TECH').score).toBe(compare('ZORVEX', 'ZORVEX LUMA').score);
    expect(compare('科科', '喜科科技').score).toBeLessThan(80);
  });

  it('uses the words of the searched classes only for those classes', () => {
    const fashion = { isCommonStem: () => false, descriptive: descriptiveWordsFor([25]) };
    const withClass = compareNames(
      analyzeName('ZORVEX FASHION', pinyin),
      analyzeName('ZORVEX', pinyin),
      fashion,
    );
    expect(withClass.score).toBeGreaterThanOrEqual(80);
    expect(decodeSignals(withClass.signals)).toContain('descriptiveIgnored');
    expect(compare('ZORVEX FASHION', 'ZORVEX').signals).not.toContain('descriptiveIgnored');
  });

  it('sets a frequent word aside like a listed one', () => {
    expect(compare('ZORVEX WAVE', 'ZORVEX', ['wave']).signals).toContain('descriptiveIgnored');
    expect(compare('ZORVEX WAVE', 'ZORVEX').signals).not.toContain('descriptiveIgnored');
  });

  it('keeps marks sharing only descriptive or generic words below 60', () => {
    for (const [query, mark] of [
      ['Tech', 'FOX TECH'],
      ['HOME STORE', 'LUMA HOME'],
      ['科技', '喜科科技'],
      ['国际贸易', '华威国际贸易'],
      ['青岛', '青岛啤酒'],
      ['GLOBAL', 'GLOBALSTAR'],
    ] as const) {
      expect(compare(query, mark).score, `${query} ~ ${mark}`).toBeLessThan(60);
    }
  });

  it('does not take a homophone past the beginning of a Chinese mark for the mark', () => {
    expect(compare('百威', '赛百味').score).toBeLessThan(60);
    expect(compare('百威', '百味坊').signals).toContain('homophone');
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

  it('scores the established name of a brand in the other script as very high, past its descriptive words', () => {
    const known = new EstablishedNames([
      { latin: 'NIKE', chinese: ['耐克'], kind: 'brand' },
      { latin: 'IKEA', chinese: ['宜家'], kind: 'brand' },
    ]);
    expect(compare('NIKE', '耐克', [], known)).toEqual({
      score: 92,
      signals: ['established', 'spelling', 'pinyin', 'transliteration'],
    });
    // Either way round, and for a rendering by meaning that sound cannot hear.
    expect(compare('宜家', 'IKEA', [], known)).toEqual({ score: 92, signals: ['established'] });
    expect(compare('IKEA', '宜家').score).toBeLessThan(SCORE_FLOOR);
    // Descriptive words aside, on either side, the brand is named one step away (科技: technology); a name only read
    // as its Chinese name is (衣家, yi jia as 宜家) does not name it.
    expect(compare('IKEA', '宜家科技', [], known).score).toBe(85);
    expect(compare('IKEA HOME', '宜家', [], known).score).toBe(85);
    expect(compare('IKEA', '衣家', [], known).signals).not.toContain('established');
    // Two names of one script are compared as they are.
    expect(compare('NIKE', 'NIKEE', [], known).signals).not.toContain('established');
  });

  it('holds two different known brands that sound alike across scripts under high risk', () => {
    const known = new EstablishedNames([
      { latin: 'NIVEA', chinese: ['妮维雅'], kind: 'brand' },
      { latin: 'NETFLIX', chinese: ['奈飞'], kind: 'brand' },
    ]);
    expect(compare('NIVEA', '奈飞').score).toBeGreaterThanOrEqual(60);
    expect(compare('NIVEA', '奈飞', [], known).score).toBe(59);
    expect(compare('奈飞', 'NIVEA', [], known).score).toBe(59);
    // Only one of them known: heard as before.
    const one = new EstablishedNames([{ latin: 'NIVEA', chinese: ['妮维雅'], kind: 'brand' }]);
    expect(compare('NIVEA', '奈飞', [], one).score).toBe(compare('NIVEA', '奈飞').score);
  });
});
