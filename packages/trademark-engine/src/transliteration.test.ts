import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { PinyinCache } from './pinyin.ts';
import { compareNames } from './score.ts';
import { SIGNAL_BIT } from './signals.ts';
import {
  readsAsTransliteration,
  soundsOf,
  TRANSLITERATION_TOP,
  transliterationKeys,
  transliterationScore,
  transliterationScoreOfSounds,
  transliterationSounds,
} from './transliteration.ts';
import { DROPPED_VOWEL, SILENT_E } from './transliteration-table.ts';

const pinyin = new PinyinCache();
const name = (text: string) => analyzeName(text, pinyin);
const score = (a: string, b: string): number => transliterationScore(name(a), name(b));
const keys = (text: string): readonly string[] => transliterationKeys(name(text));

describe('transliterationScore', () => {
  it('scores a Latin name against its Chinese transliteration, in either order', () => {
    expect(score('NIKE', '耐克')).toBeGreaterThanOrEqual(60);
    expect(score('耐克', 'NIKE')).toBe(score('NIKE', '耐克'));
    expect(score('TESLA', '特斯拉')).toBeGreaterThanOrEqual(60);
    expect(score('JORDAN', '乔丹')).toBeGreaterThanOrEqual(60);
  });

  it('stays below the pinyin and exact findings even for a perfect rendering', () => {
    expect(score('TESLA', '特斯拉')).toBeLessThanOrEqual(TRANSLITERATION_TOP);
  });

  it('is 0 within one script', () => {
    expect(score('NIKE', 'NIKEE')).toBe(0);
    expect(score('耐克', '奈克')).toBe(0);
  });

  it('scores a name given by its stored sounds as it scores the name, and stops early under a floor', () => {
    for (const [query, other] of [
      ['NIKE', '耐克'],
      ['耐克', 'NIKE'],
      ['JORDAN', '乔丹'],
      ['NIKE', '乔丹'],
      ['TESLA', '特斯拉'],
    ] as const) {
      const sounds = transliterationSounds(name(other)) ?? [];
      const full = score(query, other);
      const hasHan = name(other).hasHan;
      expect(transliterationScoreOfSounds(name(query), sounds, hasHan)).toBe(full);
      expect(transliterationScoreOfSounds(name(query), sounds, hasHan, full)).toBe(full);
      expect(transliterationScoreOfSounds(name(query), sounds, hasHan, full + 0.01)).toBe(0);
    }
    // Sounds of the query's own script never score.
    expect(
      transliterationScoreOfSounds(name('NIKE'), transliterationSounds(name('NIKEE')) ?? [], false),
    ).toBe(0);
  });

  it('is 0 when the consonant skeletons do not correspond', () => {
    expect(score('NIKE', '乔丹')).toBe(0);
    expect(score('TESLA', '耐克')).toBe(0);
  });

  it('does not read names written for their meaning as transliterations', () => {
    expect(readsAsTransliteration('龙凤天地')).toBe(false);
    expect(readsAsTransliteration('天地')).toBe(false);
    expect(readsAsTransliteration('特斯拉')).toBe(true);
    expect(score('TANDY', '天地')).toBe(0);
  });

  it('reads the characters of the whole Xinhua table as transliterating (沃尔登 WALDEN, 浪琴 LONGINES)', () => {
    expect(readsAsTransliteration('沃尔登')).toBe(true);
    expect(readsAsTransliteration('浪琴')).toBe(true);
    // 香奈儿 CHANEL: 香 is chosen for its meaning (fragrant); one such character keeps a name out.
    expect(readsAsTransliteration('香奈儿')).toBe(false);
  });

  it('reads a final vowel after others short: FENDI is 芬迪 rather than 芬达', () => {
    expect(score('FENDI', '芬迪')).toBe(TRANSLITERATION_TOP);
    expect(score('FENDI', '芬达')).toBeLessThan(score('FENDI', '芬迪') - 5);
    expect(score('FANTA', '芬达')).toBeGreaterThan(score('FANTA', '芬迪'));
  });

  it('hears j and q as the k and g they palatalise before i (诺基亚 NOKIA)', () => {
    expect(score('NOKIA', '诺基亚')).toBeGreaterThanOrEqual(60);
  });

  it('treats the consonants Mandarin merges alike: voicing, l and r, v and w', () => {
    expect(score('BANTO', '潘托')).toBe(score('PANTO', '潘托'));
    expect(score('DORA', '多拉')).toBe(score('TORA', '多拉'));
    expect(score('MIRA', '米拉')).toBe(score('MILA', '米拉'));
    expect(score('VELO', '维洛')).toBeGreaterThanOrEqual(60);
  });

  it('lets a bare-consonant syllable (克, 斯, 特) stand for a Latin consonant without a vowel', () => {
    // 斯 renders the s of TESLA that has no vowel of its own; a full syllable there (萨 sa) costs its vowel.
    expect(score('TESLA', '特斯拉')).toBeGreaterThan(score('TESLA', '特萨拉'));
    expect(keys('特斯拉')).toEqual(expect.arrayContaining(['tl', 'tsl']));
  });

  it('lets Chinese drop a Latin r after a vowel and final consonants', () => {
    expect(keys('JORDAN')).toContain('st');
    expect(keys('乔丹')).toContain('st');
    expect(score('PENFOLDS', '奔富')).toBeGreaterThan(0);
  });

  it('weighs vowels: the same skeleton with other vowels scores lower', () => {
    expect(score('LUMIRA', '卢米拉')).toBeGreaterThan(score('LUMIRA', '洛莫雷'));
  });
});

describe('Latin spelling rules', () => {
  const consonantClasses = (text: string): number[][] =>
    soundsOf(name(text))
      .filter((sound) => sound.classes.length > 0)
      .map((sound) => [...sound.classes]);

  it('reads ph as f, soft and hard c, doubled letters as one', () => {
    expect(consonantClasses('PHILO')).toEqual(consonantClasses('FILO'));
    expect(consonantClasses('CELO')).toEqual(consonantClasses('SELO'));
    expect(consonantClasses('COLO')).toEqual(consonantClasses('KOLO'));
    expect(consonantClasses('MATTEL')).toEqual(consonantClasses('MATEL'));
  });

  it('makes a silent final e cheap to drop, unlike a voiced vowel', () => {
    const sounds = soundsOf(name('DOVE'));
    expect(sounds.at(-1)?.vowels.length).toBeGreaterThan(0);
    expect(sounds.at(-1)?.omit).toBe(SILENT_E);
    expect(SILENT_E).toBeLessThan(DROPPED_VOWEL);
    expect(soundsOf(name('DOVA')).at(-1)?.omit).toBe(DROPPED_VOWEL);
  });

  it('lists a consonant before a silent e as optional in keys', () => {
    expect(keys('MORADE')).toEqual(expect.arrayContaining(['ml', 'mlt']));
  });
});

describe('keys', () => {
  it('lists no keys for long Latin names or names without a consonant to key on', () => {
    expect(keys('INTERNATIONAL BUSINESS MACHINES')).toEqual([]);
    expect(keys('BLUE OCEAN STAR')).toEqual([]);
    expect(keys('AIA')).toEqual([]);
  });

  it('keys a single consonant with the number of syllables, so UBER meets 优步 and not every name with a b', () => {
    expect(keys('UBER')).toEqual(['p#2']);
    expect(keys('优步')).toContain('p#2');
    expect(keys('迪奥')).toEqual(['t#2']);
    expect(score('DIOR', '迪奥')).toBeGreaterThanOrEqual(60);
    expect(keys('BO')).not.toContain('p#2');
  });

  it('lets j, q, zh and ch key both as the Latin j/ch and as the k or g they palatalise', () => {
    expect(keys('吉利')).toEqual(expect.arrayContaining(['sl', 'kl']));
  });
});

describe('compareNames with transliterations', () => {
  it('reports the transliteration signal', () => {
    const comparison = compareNames(name('TESLA'), name('特斯拉'));
    expect(comparison.score).toBeGreaterThanOrEqual(60);
    expect(comparison.signals & SIGNAL_BIT.transliteration).not.toBe(0);
  });

  it('does not report it within one script', () => {
    expect(compareNames(name('TESLA'), name('TESLO')).signals & SIGNAL_BIT.transliteration).toBe(0);
  });
});
