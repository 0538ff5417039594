import { describe, expect, it } from 'vitest';
import { analyzeName } from './analyze.ts';
import { PinyinCache } from './pinyin.ts';
import { compareNames } from './score.ts';
import { SIGNAL_BIT } from './signals.ts';
import {
  readsAsTransliteration,
  type Sound,
  soundCode,
  soundDefinition,
  soundNumbers,
  soundNumbersFor,
  soundsOf,
  TRANSLITERATION_TOP,
  transliterationKeys,
  transliterationScore,
  transliterationScoreOfSounds,
  transliterationSounds,
} from './transliteration.ts';
import { readTransliterationSet } from './transliteration-set.ts';
import {
  DROPPED_VOWEL,
  H,
  K,
  L,
  LATIN_CLOSED_U,
  LATIN_LONG_VOWELS,
  LATIN_VOWELS,
  RIMES,
  SILENT_E,
  VOWEL_QUALITIES,
  vowelCost,
  Z,
} from './transliteration-table.ts';

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
      ['JOYOUNG', '九阳'],
      ['九阳', 'JOYOUNG'],
    ] as const) {
      const stored = name(other);
      const sounds = soundNumbers(transliterationSounds(stored) ?? []);
      const forMeaning = stored.hasHan && !readsAsTransliteration(stored.exact);
      const full = score(query, other);
      const scored = (floor: number) =>
        transliterationScoreOfSounds(name(query), sounds, stored.hasHan, floor, forMeaning);
      expect(scored(0)).toBe(full);
      expect(scored(full)).toBe(full);
      expect(scored(full + 0.01)).toBe(0);
      // Read in place from a larger pool, as the index keeps them.
      const pool = Uint16Array.from([7, ...sounds, 7]);
      expect(
        transliterationScoreOfSounds(name(query), pool, stored.hasHan, 0, forMeaning, 1, sounds.length),
      ).toBe(full);
    }
    // Sounds of the query's own script never score.
    expect(
      transliterationScoreOfSounds(
        name('NIKE'),
        soundNumbers(transliterationSounds(name('NIKEE')) ?? []),
        false,
      ),
    ).toBe(0);
  });

  // Under a floor, a bound on each sound's cost rules out most names before any alignment (`mayReach`), and the
  // alignment works out only the cells the floor can afford (`scoreOfAlignment`): the score is the whole table's or
  // 0, never another value, across the set's names, each against every name of the other script, the query in
  // either script as the index asks.
  it('scores under a floor exactly as without one, or 0 below it, over the transliteration set', () => {
    const set = readTransliterationSet().slice(0, 80);
    const latin = set.map((pair) => name(pair.latin));
    const chinese = set.map((pair) => name(pair.chinese));
    const stored = chinese.map((b) => ({
      sounds: soundNumbers(transliterationSounds(b) ?? []),
      forMeaning: !readsAsTransliteration(b.exact),
    }));
    let reached = 0;
    let ruledOut = 0;
    for (const a of latin) {
      chinese.forEach((b, i) => {
        const full = transliterationScore(a, b);
        const { sounds, forMeaning } = stored[i] as (typeof stored)[number];
        for (const floor of [50, 59.95, 60, 65]) {
          const expected = full >= floor ? full : 0;
          expect(transliterationScore(a, b, floor)).toBe(expected);
          expect(transliterationScore(b, a, floor)).toBe(expected);
          expect(transliterationScoreOfSounds(a, sounds, true, floor, forMeaning)).toBe(expected);
        }
        if (full >= 60) reached++;
        else if (full > 0) ruledOut++;
      });
    }
    expect(reached).toBeGreaterThan(20);
    // Scores between 0 and the floors, which the bound must not mistake for misses of its own.
    expect(ruledOut).toBeGreaterThan(50);
  });

  it('is 0 when the consonant skeletons do not correspond', () => {
    expect(score('NIKE', '乔丹')).toBe(0);
    expect(score('TESLA', '耐克')).toBe(0);
  });

  it('tells names written in the characters of transliteration from names written for their meaning', () => {
    expect(readsAsTransliteration('龙凤天地')).toBe(false);
    expect(readsAsTransliteration('天地')).toBe(false);
    expect(readsAsTransliteration('特斯拉')).toBe(true);
  });

  it('hears a Chinese name written for its meaning too, as sellers write their brands (九阳 JOYOUNG, 安踏 ANTA)', () => {
    expect(score('JOYOUNG', '九阳')).toBeGreaterThanOrEqual(60);
    expect(score('ANTA', '安踏')).toBeGreaterThanOrEqual(60);
    expect(score('九阳', 'JOYOUNG')).toBe(score('JOYOUNG', '九阳'));
  });

  it('meets a name written for its meaning under the most specific skeleton of each name only', () => {
    // 方太 keeps f, the -ng of 方 and t; FATE's skeletons (ft) only match 凡泰, written for its sound.
    expect(keys('方太')).toEqual(['!fnt#2']);
    expect(keys('FATE')).toEqual(expect.arrayContaining(['ft', '!ft#1', '!ft#2']));
    expect(score('FATE', '凡泰')).toBeGreaterThan(50);
    expect(score('FATE', '方太')).toBe(0);
    // A skeleton of up to three consonants carries the syllable count: 九阳 (two syllables) does not meet JOHN (one).
    expect(keys('九阳')).toEqual(['!sn#2']);
    expect(keys('JOHN')).toContain('!sn#1');
    expect(score('JOHN', '九阳')).toBe(0);
  });

  it('wants a closer alignment of a name written for its meaning: 尚怡 scores under 尚伊 against SUNNY', () => {
    expect(readsAsTransliteration('尚伊')).toBe(true);
    expect(score('SUNNY', '尚怡')).toBeGreaterThan(50);
    expect(score('SUNNY', '尚怡')).toBeLessThan(score('SUNNY', '尚伊'));
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

  it('treats the consonants Mandarin merges alike (l and r, v and w), and voicing as near', () => {
    // 潘 p renders a P; a B costs only the aspiration, so BANTO still reads as 潘托.
    expect(score('BANTO', '潘托')).toBeGreaterThanOrEqual(60);
    expect(score('BANTO', '潘托')).toBeLessThan(score('PANTO', '潘托'));
    expect(score('TORA', '多拉')).toBeGreaterThanOrEqual(60);
    expect(score('TORA', '多拉')).toBeLessThan(score('DORA', '多拉'));
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

  it('costs vowels as the Xinhua table writes them: an English e as -ai or -ei, an o as the e of 科 or 德', () => {
    // 凯 kai for KEL, 尔 for the l, 斯 for the s, 顿 dun for TON.
    expect(score('KELSTON', '凯尔斯顿') - score('KELSTON', '库尔斯顿')).toBeGreaterThanOrEqual(3);
    expect(score('HOLTZ', '霍尔茨')).toBeGreaterThanOrEqual(60);
    // Vowels at opposite corners of the mouth cost most: i for a sets FENDI's rendering apart from FANTA's.
    expect(score('FENDI', '芬迪') - score('FENDI', '芬达')).toBeGreaterThanOrEqual(8);
  });

  it('prices every pair of the vowel qualities the tables read names as, the same both ways', () => {
    const read = new Set([
      ...Object.values(LATIN_VOWELS).flat(),
      ...Object.values(LATIN_LONG_VOWELS),
      LATIN_CLOSED_U,
      ...Object.values(RIMES).map((rime) => rime.vowel),
    ]);
    expect([...read].sort()).toEqual([...VOWEL_QUALITIES]);
    for (const a of VOWEL_QUALITIES)
      for (const b of VOWEL_QUALITIES) {
        expect(vowelCost(a, b)).toBe(vowelCost(b, a));
        expect(vowelCost(a, b) > 0).toBe(a !== b);
      }
    expect(() => vowelCost('a', 'y')).toThrow(RangeError);
  });

  it('tells aspirated from unaspirated stops, as Xinhua writes p, t, k with 普, 特, 克 and b, d, g with 布, 德, 格', () => {
    expect(score('PEAK', '匹克')).toBeGreaterThanOrEqual(60);
    expect(score('BUICK', '匹克')).toBeLessThan(60);
    expect(score('COACH', '蔻驰')).toBeGreaterThanOrEqual(60);
    expect(score('GUCCI', '蔻驰')).toBeLessThan(60);
    // Brands do cross it (乔丹 for JORDAN): a mismatch costs less than a vowel and can still be found.
    expect(score('JORDAN', '乔丹')).toBeGreaterThanOrEqual(60);
  });

  it('charges for a sound read its second way, so readings stacked up do not make a match', () => {
    // GUCCI with a short a for its u and 佳 as the g it palatalises: two second readings.
    expect(score('GUCCI', '佳丝')).toBeLessThan(62);
    expect(score('GUCCI', '古驰')).toBeGreaterThanOrEqual(60);
    expect(score('NIKE', '耐克')).toBe(TRANSLITERATION_TOP);
  });
});

describe('Latin spelling rules', () => {
  const consonantClasses = (text: string): number[][] =>
    soundsOf(name(text))
      .filter((sound) => sound.classes.length > 0)
      .map((sound) => [...sound.classes]);

  it('reads tz as one consonant, the c of 茨', () => {
    // h, l and tz: the t is not a consonant of its own for Chinese to drop or write.
    expect(consonantClasses('HOLTZ')).toHaveLength(3);
    expect(consonantClasses('HOLTZ')).toEqual([[H], [L], [Z]]);
  });

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

  it('hears the silent e that ends the first part of a compound inside the word, and the long vowel before it', () => {
    const vowels = (text: string) => soundsOf(name(text)).filter((sound) => sound.vowels.length > 0);
    const [safe, silent, way] = vowels('SAFEWAY');
    expect(safe).toMatchObject({ long: true });
    expect(silent?.omit).toBe(SILENT_E);
    expect(way?.omit).not.toBe(SILENT_E);
    expect(vowels('LITEWAY')[1]?.omit).toBe(SILENT_E);
    // Before an r the e is voiced: MATERIAL has no silent vowel.
    expect(vowels('MATERIAL').some((sound) => sound.omit === SILENT_E)).toBe(false);
  });

  it('lists a consonant before a silent e as optional in keys', () => {
    expect(keys('MORADE')).toEqual(expect.arrayContaining(['ml', 'mlt']));
  });

  it('reads i before a silent gh long, as before a silent e (LIGHT 莱特 like LITE)', () => {
    const vowelOf = (text: string) => soundsOf(name(text)).find((sound) => sound.vowels.length > 0);
    expect(vowelOf('LIGHT')?.vowels).toEqual(vowelOf('LITE')?.vowels);
    expect(vowelOf('LIGHT')?.vowels).toContain('ai');
    // The long reading is free, as in LITE; the short i would cost the i ~ ai vowel pair (63.8).
    expect(score('LIGHT', '莱特')).toBeGreaterThan(65);
    // Before a vowel gh is a g (GHANA), not silent, and the i stays short.
    expect(consonantClasses('LIGHA')).toEqual([[L], [K]]);
    expect(vowelOf('LIGHA')?.vowels).toEqual(['i']);
  });

  it('marks which vowels are long by their spelling and how they are then spoken', () => {
    const vowelOf = (text: string) => soundsOf(name(text)).find((sound) => sound.vowels.length > 0);
    expect(vowelOf('ROSE')).toMatchObject({ long: true, spoken: ['ou'] });
    expect(vowelOf('ROWS')).toMatchObject({ long: true, spoken: ['ao', 'ou'] });
    expect(vowelOf('NYKE')).toMatchObject({ long: true, spoken: ['ai'] });
    expect(vowelOf('PICK')).toMatchObject({ long: false });
    // A final y or i after a consonant is spoken as ee is; its readings, and so its costs, stay those of a short i.
    expect(soundsOf(name('SUNNY')).at(-1)).toMatchObject({ long: true, spoken: ['i'], vowels: ['i', 'ai'] });
    expect(soundsOf(name('FENDI')).at(-1)).toMatchObject({ long: true, spoken: ['i'], vowels: ['i'] });
  });
});

describe('keys', () => {
  it('lists no keys for long Latin names', () => {
    expect(keys('INTERNATIONAL BUSINESS MACHINES')).toEqual([]);
    expect(keys('BLUE OCEAN STAR')).toEqual([]);
  });

  it('lists a name without a consonant to key on under its number of syllables, so HAIER meets 海尔', () => {
    expect(keys('HAIER')).toEqual(['#2', '!#2']);
    expect(keys('海尔')).toContain('#2');
    expect(score('HAIER', '海尔')).toBeGreaterThanOrEqual(60);
  });

  it('keys a Chinese single consonant with each syllable count from its full syllables to all of them', () => {
    // 奥斯瓦尔德 has two full syllables (奥, 瓦) and three that stand for bare consonants (斯, 尔, 德).
    expect(keys('奥斯瓦尔德')).toEqual(expect.arrayContaining(['t#2', 't#5']));
    expect(score('OSWALD', '奥斯瓦尔德')).toBeGreaterThanOrEqual(60);
  });

  it('lists enough skeletons that a name with several optional consonants meets its rendering', () => {
    expect(score('VANTEX', '万泰克斯')).toBeGreaterThanOrEqual(60);
    expect(score('WEXLER', '韦克斯勒')).toBeGreaterThanOrEqual(60);
  });

  it('keys an h before a u glide as an f or v (华 VA) or as nothing, for a Latin h (霍 HO)', () => {
    expect(keys('霍尔茨')).toEqual(expect.arrayContaining(['s#1', 'fs']));
  });

  it('keys a single consonant with the number of syllables, so UBER meets 优步 and not every name with a b', () => {
    expect(keys('UBER')).toEqual(['p#2', '!p#2']);
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

describe('sound codes', () => {
  it('gives each distinct sound its own 32-bit code, worked out from its definition alone', () => {
    const pinyin = new PinyinCache();
    const sounds = new Map<number, Sound>();
    for (const pair of readTransliterationSet())
      for (const name of [pair.latin, pair.chinese])
        for (const sound of transliterationSounds(analyzeName(name, pinyin)) ?? [])
          sounds.set(sound.id, sound);
    const codes = new Set<number>();
    for (const sound of sounds.values()) {
      const code = soundCode(sound.id);
      expect(Number.isInteger(code) && code >= 0 && code < 2 ** 32).toBe(true);
      // Another process numbering the same definition finds the same sound, hence the same code.
      expect(soundNumbersFor([soundDefinition(sound)])).toEqual(Uint16Array.of(sound.id));
      codes.add(code);
    }
    expect(sounds.size).toBeGreaterThan(50);
    expect(codes.size).toBe(sounds.size);
  });
});
