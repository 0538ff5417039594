import type { NameReading } from './analyze.ts';
import { BoundedMemo } from './bounded-memo.ts';
import { fnvHash } from './grams.ts';
import { ensureCapacity } from './growable.ts';
import { innerSilentE } from './phonetic.ts';
import {
  ADDED_BARE_CONSONANT,
  ADDED_CODA,
  ADDED_GLIDE,
  ADDED_VOWEL,
  ASPIRATED,
  ASPIRATION_COST,
  BARE_I_VOWEL,
  BARE_VOWEL,
  classCost,
  DROPPED_CODA,
  DROPPED_FINAL_S,
  DROPPED_GLIDE,
  DROPPED_H,
  DROPPED_L,
  DROPPED_NASAL,
  DROPPED_ONSET_H,
  DROPPED_R,
  DROPPED_VOWEL,
  FIRM,
  H,
  HAN_H_BEFORE_U_GLIDE,
  HAN_KEY_LETTERS,
  INITIAL_CLASS,
  isBareConsonantSyllable,
  J,
  K,
  KEY_LETTER,
  L,
  LATIN_CLOSED_U,
  LATIN_CONSONANTS,
  LATIN_DIGRAPHS,
  LATIN_LONG_VOWELS,
  LATIN_VOWELS,
  M,
  MEDIAL_GLIDE,
  N,
  OTHER_READING,
  P,
  PINYIN_INITIALS,
  RIMES,
  S,
  SILENT_E,
  T,
  TRANSLITERATION_CHARACTER_SHARE,
  TRANSLITERATION_CHARACTERS,
  vowelCost,
  W,
  Y,
  Z,
  ZERO_INITIAL,
} from './transliteration-table.ts';

/** Whether a sound is listed in transliteration keys: never, always, or (Chinese bare-consonant syllables) either. */
export const NOT_KEYED = 0;
export const KEYED = 1;
export const OPTIONAL_KEY = 2;

/** One sound of a name as a transliterator hears it; equal sounds are one shared object (see `interned`). */
export interface Sound {
  /** Its number in `soundById`, under 65,536: a stored name keeps its sounds as these numbers. */
  readonly id: number;
  /** Consonant classes it may stand for (`transliteration-table.ts`); empty for a vowel. */
  readonly classes: readonly number[];
  /** Vowel qualities it may have; empty for a consonant. */
  readonly vowels: readonly string[];
  /** How many of its first readings (classes or vowels) cost nothing; each later one costs `OTHER_READING`. */
  readonly freeReadings: number;
  /** For a stop or affricate: 1 aspirated (Chinese p, t, k, q, ch, c) or voiceless (Latin p, t, k), 0 not; else -1. */
  readonly aspirated: number;
  /** What it costs when the other name has nothing for it. */
  readonly omit: number;
  readonly key: typeof NOT_KEYED | typeof KEYED | typeof OPTIONAL_KEY;
  /** Letters it may put in a key, one of them at a time (ch may be read j or k). */
  readonly keyLetters: string;
  /**
   * For a Latin vowel, whether its spelling makes it long (a vowel pair, or a letter where English reads it long:
   * before a consonant and a silent e, alone in a word, i before a silent gh, a final y or i after a consonant), and
   * the qualities it is then spoken with: the pair's readings, or the letter's long reading alone. Alignment costs do
   * not read them; they tell spellings that sound the same (ROSE ~ ROWS) from ones that share a quality only on
   * paper (PICK ~ PEAK, MERE ~ MIRE).
   */
  readonly long: boolean;
  readonly spoken: readonly string[];
}

/**
 * Score of a transliteration whose sounds align without any cost: high risk, and below the spelling and sound
 * findings of a one-letter change in a mark's own script (GUCCCI ~ GUCCI 69), which are the stronger evidence.
 */
export const TRANSLITERATION_TOP = 70;
// Points lost per unit of normalised alignment cost (the cost over that of leaving out both names): 60, high risk,
// is a cost of about 0.1, the point where another pair's mark of the set is flagged in about one search in sixteen (a
// steeper slope trades recall for fewer flags along the same curve: README, "Transliteration").
const COST_SLOPE = 102;
// A Chinese name written for its meaning (`readsAsTransliteration` false) must align more closely: the register holds
// many more of them, and a chance near-homophone of a Latin name (GUCCI ~ 国石) is weaker evidence than a name
// written in the characters of transliteration. About a quarter steeper keeps sellers' brands that follow their
// Chinese name closely (九阳 JOYOUNG, 安踏 ANTA), while about as many Latin searches meet a high-risk Chinese name as
// when such names were not heard at all (29% against 27% of the set's Latin names in 300,000 marks).
const MEANING_COST_SLOPE = 130;
/** Keys longer than this are not listed: no Chinese mark spells that many consonants. */
export const MAX_KEY_LETTERS = 6;
export const MIN_KEY_LETTERS = 2;
const MAX_LATIN_LETTERS = 14;
const MAX_LATIN_WORDS = 2;
/** Keys per name at most: the first choices in a fixed order, the same for listing and for scoring. */
export const MAX_KEYS = 16;
/** Latin names are most of the index: fewer skeletons each keeps its lists and its build small. */
export const MAX_LATIN_KEYS = 8;
const UNREACHABLE_STEP = 9;

// The y Chinese writes between a vowel and the next (诺基亚 NOKIA, 妮维雅 NIVEA) is how it spells the hiatus.
const Y_GLIDE = 0.1;

const VOWEL_LETTERS = 'aeiou';
// Second letters of the consonant digraphs (`LATIN_DIGRAPHS`), to skip the lookup for most letters.
const DIGRAPH_SECOND = 'hkgcz';

function isVowelLetter(char: string): boolean {
  return char !== '' && VOWEL_LETTERS.includes(char);
}

/**
 * How alike a Latin name and a Chinese name sound when one is read as a transliteration of the other, 0 when neither
 * or both have Chinese characters, or when their consonant skeletons do not correspond (`transliterationKeys`): the
 * sound sequences are aligned with costs for classes Chinese merges, for what it drops and adds, and for vowels, and
 * the normalised cost is mapped below `TRANSLITERATION_TOP`; also 0 when it is under `floor` (see
 * `transliterationScoreOfSounds`).
 */
export function transliterationScore(a: NameReading, b: NameReading, floor = 0): number {
  if (a.hasHan === b.hasHan) return 0;
  const [latin, chinese] = a.hasHan ? [b, a] : [a, b];
  return mayTransliterate(latin)
    ? transliterationScoreOfSounds(chinese, soundNumbersOf(latin), false, floor)
    : 0;
}

/**
 * `transliterationScore` of a query and a name given by its sounds (`transliterationSounds`, as an index stores
 * them) and, for a Chinese name, whether it is written for its meaning (`readsAsTransliteration` false), or 0 as soon
 * as the alignment shows the score is under `floor`: then the name's skeletons, the costlier part of the comparison,
 * are not worked out.
 */
export function transliterationScoreOfSounds(
  q: NameReading,
  other: ArrayLike<number>,
  otherHasHan: boolean,
  floor = 0,
  otherWrittenForMeaning = false,
  otherStart = 0,
  otherLength = other.length,
): number {
  if (q.hasHan === otherHasHan) return 0;
  const queryKeys = transliterationKeys(q);
  if (queryKeys.length === 0) return 0;
  const query = soundNumbersOf(q);
  const slope = (q.hasHan ? writtenForMeaning(q) : otherWrittenForMeaning) ? MEANING_COST_SLOPE : COST_SLOPE;
  if (floor > 0 && !mayReach(cheapestFor(q), other, otherStart, otherLength, floor, slope)) return 0;
  const score = q.hasHan
    ? scoreOfAlignment(other, otherStart, otherLength, query, 0, query.length, floor, slope)
    : scoreOfAlignment(query, 0, query.length, other, otherStart, otherLength, floor, slope);
  if (score < floor) return 0;
  const otherSounds: Sound[] = [];
  for (let i = otherStart; i < otherStart + otherLength; i++) otherSounds.push(soundById(other[i] as number));
  for (const key of keysOfSounds(otherSounds, otherHasHan, otherHasHan && otherWrittenForMeaning))
    if (queryKeys.includes(key)) return score;
  return 0;
}

/** The numbers (`Sound.id`) of sounds, as an index stores them. */
export function soundNumbers(sounds: readonly Sound[]): Uint16Array {
  // A loop rather than `Uint16Array.from` with a mapping function, which goes through the iterator protocol: the
  // PostgreSQL mode reads the sounds of thousands of names a search.
  const numbers = new Uint16Array(sounds.length);
  for (let i = 0; i < sounds.length; i++) numbers[i] = (sounds[i] as Sound).id;
  return numbers;
}

function soundNumbersOf(a: NameReading): Uint16Array {
  const entry = reading(a);
  entry.numbers ??= soundNumbers(entry.sounds);
  return entry.numbers;
}

/** The sounds a transliteration comparison reads of a name, or undefined when it can neither be nor stand for one. */
export function transliterationSounds(a: NameReading): readonly Sound[] | undefined {
  return mayTransliterate(a) ? soundsOf(a) : undefined;
}

/**
 * The consonant skeletons under which the index lists a name and looks up a query, so that it finds every pair
 * `transliterationScore` scores: a pair scores only when the Latin name and the Chinese name share one. A skeleton is
 * the class letters of the consonants that begin a syllable, with or without each optional one (a Latin coda or
 * consonant before a silent e, the consonant of a Chinese bare-consonant syllable), in each of its readings. A Chinese
 * name written for its meaning (a character outside the transliteration table: 香奈儿, 方太) has only its most specific
 * skeleton, the one that keeps every consonant, and meets Latin names under theirs, which each Latin name also has,
 * marked apart: the register holds far more such names than transliterations, and with every skeleton each would be
 * compared with thousands of Latin names.
 */
export function transliterationKeys(a: NameReading): readonly string[] {
  if (!mayTransliterate(a)) return NO_KEYS;
  const entry = reading(a);
  entry.keys ??= keysOfSounds(entry.sounds, a.hasHan, writtenForMeaning(a));
  return entry.keys;
}

/** Whether a name is Chinese written for its meaning (`readsAsTransliteration` false), kept with its sounds. */
export function writtenForMeaning(a: NameReading): boolean {
  const entry = reading(a);
  entry.forMeaning ??= a.hasHan && !readsAsTransliteration(a.exact);
  return entry.forMeaning;
}

function keysOfSounds(
  sounds: readonly Sound[],
  hasHan: boolean,
  writtenForMeaning: boolean,
): readonly string[] {
  // A single consonant alone (UBER 优步, DIOR 迪奥) is too vague a skeleton: it would compare a name with thousands.
  // With the number of syllables it names few enough: a Latin name's voiced vowels; for a Chinese name each count from
  // its full syllables to all its characters, as 斯, 尔 and 德 may stand for bare consonants (奥斯瓦尔德 OSWALD). A name
  // with no consonant to key on (HAIER 海尔) is listed under its syllable count alone.
  let syllables = 0;
  let fullSyllables = 0;
  let silentE = 0;
  for (const sound of sounds) {
    if (sound.vowels.length > 0 && sound.omit === SILENT_E) silentE = 1;
    if (sound.vowels.length === 0 || sound.omit === SILENT_E) continue;
    syllables++;
    if (sound.omit === ADDED_VOWEL) fullSyllables++;
  }
  const fewest = hasHan ? Math.max(1, fullSyllables) : syllables;
  const out: string[] = [];
  const list = (key: string, mark: string, countedBelow: number, most: number): void => {
    if (key.length >= countedBelow) out.push(mark + key);
    else for (let n = fewest; n <= most; n++) out.push(`${mark}${key}${SYLLABLE_MARK}${n}`);
  };
  if (!writtenForMeaning) {
    const keys = keysOf(sounds, hasHan ? MAX_KEYS : MAX_LATIN_KEYS);
    for (const key of keys) if (key !== '' || keys.length === 1) list(key, '', MIN_KEY_LETTERS, syllables);
  }
  // Names written for their meaning meet Latin names under the most specific skeleton of each alone. Up to three
  // consonants it carries the syllable count too, so that such a name is compared with few Latin names; a Latin name
  // with a silent e is listed under one count more, since Chinese may voice the e (ADOBE 奥多比).
  if (!hasHan || writtenForMeaning)
    list(mostSpecificKey(sounds), MOST_SPECIFIC_MARK, MOST_SPECIFIC_COUNTED_BELOW, syllables + silentE);
  return out;
}

const SYLLABLE_MARK = '#';
const MOST_SPECIFIC_MARK = '!';
const MOST_SPECIFIC_COUNTED_BELOW = 4;

/**
 * The skeleton that keeps every consonant a key may hold, each by its first letter. Only the first: where a consonant
 * has two (家 as s or k), listing both would add a sixth to the names compared for under a point of recall.
 */
function mostSpecificKey(sounds: readonly Sound[]): string {
  let key = '';
  for (const sound of sounds)
    if (sound.key !== NOT_KEYED && key.length < MAX_KEY_LETTERS) key += sound.keyLetters.charAt(0);
  return key;
}

/**
 * Names a transliteration can stand for or be: Latin names of one or two words short enough for a Chinese mark of a
 * few syllables to render them, and every Chinese mark (one written for its meaning may still sound like a Latin
 * name: 宜家 IKEA, 方太 FOTILE).
 */
function mayTransliterate(a: NameReading): boolean {
  return a.hasHan || (a.latin.length <= MAX_LATIN_LETTERS && a.words.length <= MAX_LATIN_WORDS);
}

const NO_KEYS: readonly string[] = [];

/**
 * Whether a Chinese mark is written in the characters Chinese uses for foreign sounds (see the table); one that is not
 * is written for its meaning, and is listed under its most specific skeleton only (`transliterationKeys`).
 */
export function readsAsTransliteration(exact: string): boolean {
  let han = 0;
  let transliterating = 0;
  for (const char of exact) {
    if (!HAN_CHAR_RE.test(char)) continue;
    han++;
    if (TRANSLITERATION_CHARACTERS.has(char)) transliterating++;
  }
  return han > 0 && transliterating >= han * TRANSLITERATION_CHARACTER_SHARE;
}

const HAN_CHAR_RE = /\p{Script=Han}/u;

/** The sounds of a name: pinyin syllables through the pinyin tables, Latin words through English-style spelling. */
export function soundsOf(a: NameReading): readonly Sound[] {
  return reading(a).sounds;
}

/**
 * A name's sounds and what is derived from them, read once: the query is compared with many names in turn, and a
 * two-entry cache, most recent first, keeps it.
 */
function reading(a: NameReading): RecentReading {
  if (recent[0]?.analysis === a) return recent[0];
  if (recent[1]?.analysis === a) {
    recent.reverse();
    return recent[0] as RecentReading;
  }
  const sounds: Sound[] = [];
  let syllable = 0;
  for (let i = 0; i < a.words.length; i++) {
    const word = a.words[i] as string;
    const wordSounds =
      a.fromHan[i] === true
        ? memoized(syllable === 0 ? firstSyllableMemo : syllableMemo, word, syllable++, hanSyllableSounds)
        : memoized(wordMemo, word, 0, latinWordSounds);
    for (const sound of wordSounds) sounds.push(sound);
  }
  recent[1] = recent[0];
  recent[0] = { analysis: a, sounds };
  return recent[0];
}

interface RecentReading {
  readonly analysis: NameReading;
  readonly sounds: readonly Sound[];
  keys?: readonly string[];
  numbers?: Uint16Array;
  forMeaning?: boolean;
  cheapest?: CheapestCosts;
}

const recent: Array<RecentReading | undefined> = [];

// Words and syllables recur across names (STAR, TECH, 克): their sounds are kept, up to a bound, so a bulk load reads
// each once. Sounds are never changed, so names share them. Pinyin syllables, a name's first apart (its bare-consonant
// syllable is not optional), have memos of their own: there are only some 1,300, and the many Latin words of a load
// would otherwise push them out over and over.
const MEMO_BOUND = 2048;
const wordMemo = new BoundedMemo<string, readonly Sound[]>(MEMO_BOUND);
const firstSyllableMemo = new BoundedMemo<string, readonly Sound[]>(MEMO_BOUND);
const syllableMemo = new BoundedMemo<string, readonly Sound[]>(MEMO_BOUND);

function memoized(
  memo: BoundedMemo<string, readonly Sound[]>,
  word: string,
  index: number,
  read: (word: string, index: number, out: Sound[]) => void,
): readonly Sound[] {
  let sounds = memo.get(word);
  if (sounds === undefined) {
    const out: Sound[] = [];
    read(word, index, out);
    memo.set(word, out);
    sounds = out;
  }
  return sounds;
}

function consonant(
  classes: readonly number[],
  omit: number,
  key: Sound['key'],
  keyLetters = '',
  aspirated = -1,
): Sound {
  const byRest = soundsMadeOf(classes, NONE);
  const rest = `${omit}|${key}|${keyLetters}|${aspirated}`;
  let sound = byRest.get(rest);
  if (sound === undefined) {
    let letters = keyLetters;
    if (key !== NOT_KEYED && letters === '') {
      for (const cls of classes) {
        const letter = KEY_LETTER[cls] as string;
        if (!letters.includes(letter)) letters += letter;
      }
    }
    sound = interned(classes, NONE, omit, letters === '' ? NOT_KEYED : key, letters, 1, aspirated);
    byRest.set(rest, sound);
  }
  return sound;
}

function vowel(
  vowels: readonly string[],
  omit: number,
  freeReadings = 1,
  long = false,
  spoken: readonly string[] = vowels,
): Sound {
  const byRest = soundsMadeOf(vowels, spoken);
  const rest = `${omit}|${freeReadings}|${long}`;
  let sound = byRest.get(rest);
  if (sound === undefined) {
    sound = interned(NONE, vowels, omit, NOT_KEYED, '', freeReadings, -1, long, spoken);
    byRest.set(rest, sound);
  }
  return sound;
}

// Sounds by the arrays they are made of (the tables' own, or shared by `withReadings`), then by the rest of what
// defines them: building each sound's whole signature (`interned`) was the largest part of reading a Latin word,
// which a bulk load does for some 400,000 words and the PostgreSQL mode for thousands a search. Held weakly, so an
// array made for one word goes with it.
const soundsByArrays = new WeakMap<readonly unknown[], WeakMap<readonly unknown[], Map<string, Sound>>>();

function soundsMadeOf(first: readonly unknown[], second: readonly unknown[]): Map<string, Sound> {
  let bySecond = soundsByArrays.get(first);
  if (bySecond === undefined) {
    bySecond = new WeakMap();
    soundsByArrays.set(first, bySecond);
  }
  let byRest = bySecond.get(second);
  if (byRest === undefined) {
    byRest = new Map();
    bySecond.set(second, byRest);
  }
  return byRest;
}

// The tables allow a few hundred distinct sounds; each is made once, so names share them and an index can keep a
// name's sounds as 16-bit numbers.
const soundsById: Sound[] = [];
const soundBySignature = new Map<string, Sound>();
/** `Sound.omit` by sound number, for the alignment's inner loop. */
let omitById = new Float32Array(256);
const MAX_SOUNDS = 1 << 16;

function interned(
  classes: readonly number[],
  vowels: readonly string[],
  omit: number,
  key: Sound['key'],
  keyLetters: string,
  freeReadings = 1,
  aspirated = -1,
  long = false,
  spoken: readonly string[] = NONE,
): Sound {
  // Every sound of every name comes through here while an index loads: a short vowel is spoken as its readings, so
  // only a long one adds what it is spoken with.
  const signature = `${classes.join(',')}|${vowels.join(',')}|${omit}|${key}|${keyLetters}|${freeReadings}|${aspirated}${long ? `|${spoken.join(',')}` : ''}`;
  let sound = soundBySignature.get(signature);
  if (sound === undefined) {
    // Stored names keep sound numbers in 16 bits; the tables make far fewer, so this would be a bug in them.
    if (soundsById.length >= MAX_SOUNDS)
      throw new RangeError('more transliteration sounds than 16 bits number');
    sound = {
      id: soundsById.length,
      classes,
      vowels,
      omit,
      key,
      keyLetters,
      freeReadings,
      aspirated,
      long,
      spoken,
    };
    soundsById.push(sound);
    soundBySignature.set(signature, sound);
    omitById = ensureCapacity(omitById, sound.id + 1);
    omitById[sound.id] = omit;
  }
  return sound;
}

/**
 * Every sound numbered so far in this process, in number order, each as the JSON of what defines it: numbers are
 * given in the order sounds are first met, so a snapshot keeps these beside the numbers it stores.
 */
export function soundDefinitions(): string[] {
  return soundsById.map(soundDefinition);
}

/** What defines a sound, as JSON (`soundNumbersFor` reads it back). */
export function soundDefinition(s: Sound): string {
  return JSON.stringify([
    s.classes,
    s.vowels,
    s.omit,
    s.key,
    s.keyLetters,
    s.freeReadings,
    s.aspirated,
    s.long,
    s.spoken,
  ]);
}

const codeById: number[] = [];

/**
 * A number for the sound `id` that every process gives it (its numbers differ, in the order each meets its sounds):
 * the 32-bit FNV-1a hash of its definition. Two definitions may share one, rarely; whoever stores codes checks.
 */
export function soundCode(id: number): number {
  let code = codeById[id];
  if (code === undefined) {
    code = fnvHash(soundDefinition(soundById(id)));
    codeById[id] = code;
  }
  return code;
}

/**
 * This process's number for each sound of `definitions` (`soundDefinitions` of another process), by its number
 * there; throws a TypeError for one that is not such a definition.
 */
export function soundNumbersFor(definitions: readonly string[]): Uint16Array {
  const isNumbers = (value: unknown): value is number[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'number');
  const isStrings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'string');
  return Uint16Array.from(definitions, (definition) => {
    const [classes, vowels, omit, key, keyLetters, freeReadings, aspirated, long, spoken] = JSON.parse(
      definition,
    ) as unknown[];
    if (
      !isNumbers(classes) ||
      !isStrings(vowels) ||
      typeof omit !== 'number' ||
      (key !== NOT_KEYED && key !== KEYED && key !== OPTIONAL_KEY) ||
      typeof keyLetters !== 'string' ||
      typeof freeReadings !== 'number' ||
      typeof aspirated !== 'number' ||
      typeof long !== 'boolean' ||
      !isStrings(spoken)
    )
      throw new TypeError(`not a transliteration sound: ${definition}`);
    return interned(classes, vowels, omit, key, keyLetters, freeReadings, aspirated, long, spoken).id;
  });
}

/** The sound numbered `id` (`Sound.id`). */
export function soundById(id: number): Sound {
  const sound = soundsById[id];
  if (sound === undefined) throw new RangeError(`no transliteration sound ${id}`);
  return sound;
}

const STOP_CLASSES: ReadonlySet<number> = new Set([P, T, K, J, Z]);

/** `Sound.aspirated` of a Latin spelling or a pinyin initial read as the class `cls`: both scripts ask it. */
function aspirationOf(spelling: string, cls: number | undefined): number {
  return cls !== undefined && STOP_CLASSES.has(cls) ? (ASPIRATED[spelling] ?? -1) : -1;
}

// ---- Chinese -------------------------------------------------------------------------------------------------------

const JQX = new Set(['j', 'q', 'x']);
const J_OR_K: readonly number[] = [J, K];

function hanSyllableSounds(syllable: string, index: number, out: Sound[]): void {
  const zero = ZERO_INITIAL[syllable];
  let initial = '';
  let rimeText = syllable;
  if (zero !== undefined) {
    rimeText = zero[0];
    const glide = zero[1];
    if (glide !== null)
      out.push(
        consonant(
          [glide],
          glide === Y && index > 0 ? Y_GLIDE : ADDED_GLIDE,
          glide === W ? OPTIONAL_KEY : NOT_KEYED,
        ),
      );
  } else {
    initial = PINYIN_INITIALS.find((candidate) => syllable.startsWith(candidate)) ?? '';
    rimeText = syllable.slice(initial.length);
    if (JQX.has(initial) && rimeText.startsWith('u')) rimeText = `v${rimeText.slice(1)}`;
  }
  const rime = RIMES[rimeText] ?? { vowel: 'e' };
  const bare = isBareConsonantSyllable(initial, rimeText);
  if (initial !== '') {
    const optional = bare && index > 0;
    const cls = INITIAL_CLASS[initial] as number;
    const vLike = cls === H && rime.glide === W;
    // j and q are k and g palatalised before i and ü: Xinhua writes KI 基, GI 吉, KEE 奇 with them.
    const palatal = initial === 'j' || initial === 'q';
    out.push(
      consonant(
        vLike ? [H, W] : palatal ? J_OR_K : [cls],
        optional ? ADDED_BARE_CONSONANT : FIRM,
        // h before a u glide keys as the f or v it may stand for (华 VA), or as nothing for a Latin h (霍 HO).
        optional || vLike ? OPTIONAL_KEY : KEYED,
        vLike ? HAN_H_BEFORE_U_GLIDE : (HAN_KEY_LETTERS[initial] ?? ''),
        aspirationOf(initial, cls),
      ),
    );
  }
  if (rime.glide !== undefined) out.push(consonant([rime.glide], MEDIAL_GLIDE, NOT_KEYED));
  const vowelOmit = !bare ? ADDED_VOWEL : JQX.has(initial) ? BARE_I_VOWEL : BARE_VOWEL;
  out.push(vowel([rime.vowel], vowelOmit));
  // -n and -ng may render a Latin nasal (安 AN-KER); 尔's r is left out of keys like a Latin r after a vowel.
  if (rime.coda !== undefined)
    out.push(consonant([rime.coda], ADDED_CODA, rime.coda === N ? OPTIONAL_KEY : NOT_KEYED));
}

// ---- Latin ---------------------------------------------------------------------------------------------------------

interface LatinToken {
  readonly classes: readonly number[];
  /** The letters it was read from (for the kind of consonant left out). */
  readonly letters: string;
  readonly vowels: readonly string[];
  readonly freeReadings: number;
  readonly aspirated: number;
  readonly silent: boolean;
  readonly long: boolean;
  readonly spoken: readonly string[];
}

// Shared, never changed: words are read by the hundred thousand during a load.
const NONE: readonly never[] = [];
const ONLY_K: readonly number[] = [K];
const ONLY_S: readonly number[] = [S];
const ONLY_L: readonly number[] = [L];
const ONLY_N: readonly number[] = [N];
const ONLY_W: readonly number[] = [W];
const SOFT_G: readonly number[] = [J, K];
const withReading = new Map<string, readonly string[]>();

const MAGIC_E_RE = /^[b-df-hj-np-tv-z]es?$/;
const CLOSED_RE = /^[b-df-hj-np-tv-z]([b-df-hj-np-tv-z]|$)/;

/**
 * A vowel letter's readings in its context: long before a consonant and a silent e (NIKE, DOVE), or at the end of a
 * word with no other vowel (GO, HI); a final vowel after others is short (FENDI 芬迪, PRADA 普拉达, not 芬代).
 */
function singleVowel(char: string, rest: string, long: string | undefined): readonly string[] {
  const options = LATIN_VOWELS[char] ?? ['e'];
  if (long !== undefined) return withReadings(char, [...options, long]);
  if (char === 'u' && CLOSED_RE.test(rest)) return withReadings(char, [...options, LATIN_CLOSED_U]);
  return options;
}

/**
 * The long reading a vowel letter has where English gives it one, which is as likely as the short one: before a
 * consonant and a silent e (at the end of the word or of a compound's first part), at the end of a word with no other vowel, and i before a silent gh (NIGHT, LIGHT 莱特).
 */
function longReading(
  char: string,
  rest: string,
  hasEarlierVowel: boolean,
  beforeInnerSilentE: boolean,
): string | undefined {
  const long = LATIN_LONG_VOWELS[char];
  return long !== undefined &&
    (MAGIC_E_RE.test(rest) ||
      beforeInnerSilentE ||
      (rest === '' && !hasEarlierVowel) ||
      (char === 'i' && SILENT_GH_RE.test(rest)))
    ? long
    : undefined;
}

const SILENT_GH_RE = /^gh([^aeiouy]|$)/;

function withReadings(char: string, readings: readonly string[]): readonly string[] {
  const key = char + readings.join('|');
  let shared = withReading.get(key);
  if (shared === undefined) {
    shared = readings;
    withReading.set(key, shared);
  }
  return shared;
}

function isVowelAt(word: string, i: number): boolean {
  const char = word.charAt(i);
  if (isVowelLetter(char)) return true;
  // y and w are consonants before a vowel (YAHOO, BAYER, WALDEN), vowels or part of one elsewhere (LYNK, SNOW).
  if (char === 'y') return i > 0 && !isVowelLetter(word.charAt(i + 1));
  if (char === 'w') return i > 0 && isVowelLetter(word.charAt(i - 1)) && !isVowelAt(word, i + 1);
  return false;
}

/** Reads a word's spelling into vowel and consonant tokens by English-style rules. */
function latinTokens(word: string): LatinToken[] {
  const tokens: LatinToken[] = [];
  let hasEarlierVowel = false;
  let i = 0;
  while (i < word.length) {
    const char = word.charAt(i);
    const next = word.charAt(i + 1);
    if (isVowelAt(word, i)) {
      const pair = isVowelAt(word, i + 1) ? LATIN_VOWELS[char + next] : undefined;
      const letters = pair === undefined ? char : char + next;
      const rest = word.slice(i + letters.length);
      // A final e (or -es) after a consonant, in a word with an earlier vowel, is silent (NIKE, DOVE, LONGINES), and
      // so is one that ends a compound's first part inside the word (LITEWAY, SAFEWAY: `innerSilentE`).
      const silent =
        letters === 'e' &&
        (((rest === '' || rest === 's') && !isVowelAt(word, i - 1) && hasEarlierVowel) ||
          innerSilentE(word, i));
      const long =
        pair === undefined ? longReading(char, rest, hasEarlierVowel, innerSilentE(word, i + 2)) : undefined;
      const vowels = pair ?? singleVowel(char, rest, long);
      // A y before a consonant and a silent e is a long i (NYKE, BYTE), which its readings already hold; a final i
      // or y after a consonant, in a word with an earlier vowel, is spoken as ee is (SUNNY, JENNI ~ JENNEE).
      const longY =
        char === 'y' && pair === undefined && MAGIC_E_RE.test(rest) ? LATIN_LONG_VOWELS.i : undefined;
      const finalEe =
        pair === undefined &&
        (char === 'i' || char === 'y') &&
        rest === '' &&
        hasEarlierVowel &&
        !isVowelAt(word, i - 1)
          ? LATIN_LONG_VOWELS.e
          : undefined;
      const spokenLong = long ?? longY ?? finalEe;
      tokens.push({
        classes: NONE,
        letters,
        vowels,
        // Where English gives a letter its long reading (NIKE 耐克), the short one is as likely (DOVE 德芙).
        freeReadings: long === undefined ? 1 : 2,
        aspirated: -1,
        silent,
        long: pair !== undefined || spokenLong !== undefined,
        spoken: pair ?? (spokenLong === undefined ? vowels : withReadings(char, [spokenLong])),
      });
      hasEarlierVowel = true;
      i += letters.length;
      continue;
    }
    if (char < 'a' || char > 'z') {
      i++;
      continue;
    }
    if (i === 0 && (char + next === 'wr' || char + next === 'kn' || char + next === 'ps')) {
      pushConsonant(tokens, char === 'w' ? ONLY_L : char === 'k' ? ONLY_N : ONLY_S, char + next);
      i += 2;
      continue;
    }
    if (char === 'g' && next === 'h') {
      // Silent after a vowel (LEIGH), a hard g before one (GHANA, LAMBORGHINI).
      if (i === 0 || isVowelAt(word, i + 2)) pushConsonant(tokens, ONLY_K, 'gh');
      i += 2;
      continue;
    }
    if (char === 'c' && next === 'h' && !isVowelAt(word, i + 2) && i + 2 < word.length) {
      // ch before a consonant is a k (CHRYSLER).
      pushConsonant(tokens, ONLY_K, 'ch');
      i += 2;
      continue;
    }
    const digraph = DIGRAPH_SECOND.includes(next)
      ? LATIN_DIGRAPHS.find(([spelling]) => word.startsWith(spelling, i))
      : undefined;
    if (digraph !== undefined) {
      pushConsonant(tokens, digraph[1], digraph[0]);
      i += digraph[0].length;
      continue;
    }
    // A doubled consonant is one sound (FERRARI, MATTEL).
    if (next === char) {
      i++;
      continue;
    }
    const soft = 'eiy'.includes(next) && next !== '';
    if (char === 'q') {
      pushConsonant(tokens, ONLY_K, 'q');
      if (next === 'u') {
        pushConsonant(tokens, ONLY_W, 'u');
        i++;
      }
    } else if (char === 'x') {
      if (i === 0) pushConsonant(tokens, ONLY_S, 'x');
      else {
        pushConsonant(tokens, ONLY_K, 'x');
        pushConsonant(tokens, ONLY_S, 'x');
      }
    } else if (char === 'c') {
      pushConsonant(tokens, soft ? ONLY_S : ONLY_K, 'c');
    } else if (char === 'g') {
      pushConsonant(tokens, soft ? SOFT_G : ONLY_K, 'g');
    } else if (char === 'n' && next === 'g' && !isVowelAt(word, i + 2)) {
      // -ng is one nasal (LONGINES keeps its g before the vowel).
      pushConsonant(tokens, ONLY_N, 'ng');
      i++;
    } else {
      pushConsonant(tokens, LATIN_CONSONANTS[char] ?? [], char);
    }
    i++;
  }
  return tokens.filter((token) => token.classes.length > 0 || token.vowels.length > 0);
}

// Module functions rather than closures: a bulk load reads hundreds of thousands of words, and tsx (esbuild's
// keepNames) names every closure as it is made.
function pushConsonant(tokens: LatinToken[], classes: readonly number[], letters: string): void {
  tokens.push({
    classes,
    letters,
    vowels: NONE,
    freeReadings: 1,
    aspirated: aspirationOf(letters, classes[0]),
    silent: false,
    long: false,
    spoken: NONE,
  });
}

function voiced(t: LatinToken | undefined): boolean {
  return t !== undefined && t.vowels.length > 0 && !t.silent;
}

function latinWordSounds(word: string, _index: number, out: Sound[]): void {
  const tokens = latinTokens(word);
  let seenVowel = false;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t] as LatinToken;
    if (token.vowels.length > 0) {
      out.push(
        vowel(
          token.vowels,
          token.silent ? SILENT_E : DROPPED_VOWEL,
          token.freeReadings,
          token.long,
          token.spoken,
        ),
      );
      seenVowel = true;
      continue;
    }
    const next = tokens[t + 1];
    const cls = token.classes[0] as number;
    const beforeVowel = voiced(next);
    // A stop or fricative before l or r and a vowel begins the syllable with it (BRAUN, CITROEN, PRADA).
    const cluster =
      next !== undefined &&
      next.classes[0] === L &&
      voiced(tokens[t + 2]) &&
      cls !== L &&
      cls !== N &&
      cls !== M;
    // Before a silent e the consonant may end the name (LANCOME 兰蔻) or be voiced with its own syllable (ADOBE 奥多比).
    const beforeSilentE = next?.silent === true;
    const firm = beforeVowel || cluster || !seenVowel;
    let omit: number;
    let key: Sound['key'] = NOT_KEYED;
    if (cls === H) omit = beforeVowel ? DROPPED_ONSET_H : DROPPED_H;
    else if (cls === Y || (cls === W && t > 0 && tokens[t - 1]?.vowels.length === 0)) omit = DROPPED_GLIDE;
    else if (firm) {
      omit = FIRM;
      key = KEYED;
    } else {
      if (token.letters === 'r') omit = DROPPED_R;
      else if (cls === L) omit = DROPPED_L;
      else if (cls === N || cls === M) omit = DROPPED_NASAL;
      else if ((cls === S || token.letters === 'z') && t === tokens.length - 1) omit = DROPPED_FINAL_S;
      else omit = DROPPED_CODA;
      // Chinese writes a final or cluster consonant as a syllable of its own (克, 特, 斯, 勒), as a syllable's -n
      // (安克 ANKER), or drops it; r mostly becomes 尔, which keys leave out.
      if (beforeSilentE || token.letters !== 'r') key = OPTIONAL_KEY;
    }
    out.push(consonant(token.classes, omit, key, '', token.aspirated));
  }
}

// ---- Keys ----------------------------------------------------------------------------------------------------------

/**
 * Every skeleton of a name, up to `MAX_KEYS`: each keyed sound contributes one of its letters, each optional one also
 * nothing. Choices are taken sound by sound in order, so the first keys are the same wherever they are computed.
 */
function keysOf(sounds: readonly Sound[], limit: number): string[] {
  let keys = [''];
  for (const sound of sounds) {
    if (sound.key === NOT_KEYED) continue;
    const next: string[] = [];
    for (const key of keys) {
      if (sound.key === OPTIONAL_KEY) next.push(key);
      if (key.length >= MAX_KEY_LETTERS) continue;
      for (const letter of sound.keyLetters) next.push(key + letter);
    }
    keys = [];
    for (const key of next) if (keys.length < limit && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

// ---- Alignment -----------------------------------------------------------------------------------------------------

let scratch = new Float32Array(256);

/**
 * Substitution cost of two sounds; consonant for vowel only where a glide meets its vowel (y ~ i, w ~ u). A sound's
 * first reading costs nothing, each other one `OTHER_READING`: every free alternative would let more chance
 * near-homophones through (GUCCI read with a short a and 佳 read as a k: GUCCI ~ 佳丝).
 */
function substitution(a: Sound, b: Sound): number {
  if (a.vowels.length > 0 && b.vowels.length > 0) return cheapestPair(a, b, a.vowels, b.vowels, vowelCost);
  if (a.classes.length > 0 && b.classes.length > 0) {
    const aspiration =
      a.aspirated >= 0 && b.aspirated >= 0 && a.aspirated !== b.aspirated ? ASPIRATION_COST : 0;
    return cheapestPair(a, b, a.classes, b.classes, classCost, aspiration);
  }
  const [glide, vowelSound] = a.classes.length > 0 ? [a, b] : [b, a];
  const cls = glide.classes[0];
  if ((cls === Y && vowelSound.vowels.includes('i')) || (cls === W && vowelSound.vowels.includes('u')))
    return DROPPED_GLIDE;
  return UNREACHABLE_STEP;
}

/**
 * The cheapest way two sounds' readings (vowels or classes) stand for each other: each reading after a sound's free
 * ones costs `OTHER_READING`, and `firstReadingsCost` (a mismatch of aspiration) counts only between free readings.
 */
function cheapestPair<T>(
  a: Sound,
  b: Sound,
  aReadings: readonly T[],
  bReadings: readonly T[],
  cost: (x: T, y: T) => number,
  firstReadingsCost = 0,
): number {
  let best = UNREACHABLE_STEP;
  for (let i = 0; i < aReadings.length; i++)
    for (let j = 0; j < bReadings.length; j++) {
      const aFree = i < a.freeReadings;
      const bFree = j < b.freeReadings;
      const other =
        aFree && bFree ? firstReadingsCost : (aFree ? 0 : OTHER_READING) + (bFree ? 0 : OTHER_READING);
      best = Math.min(best, cost(aReadings[i] as T, bReadings[j] as T) + other);
    }
  return best;
}

// Substitution costs by sound numbers, worked out once each: a search aligns thousands of names, and the tables allow
// only some hundred distinct sounds (102 in 300,000 of the bench's marks).
const TABLED_SOUNDS = 256;
const substitutions = new Float64Array(TABLED_SOUNDS * TABLED_SOUNDS).fill(Number.NaN);

function substitutionOf(a: number, b: number): number {
  if (a >= TABLED_SOUNDS || b >= TABLED_SOUNDS) return substitution(soundById(a), soundById(b));
  const at = a * TABLED_SOUNDS + b;
  let cost = substitutions[at] as number;
  if (Number.isNaN(cost)) {
    cost = substitution(soundById(a), soundById(b));
    substitutions[at] = cost;
  }
  return cost;
}

const COST_MARGIN = 1e-3;

/**
 * A lower bound on what each sound of the other name costs in any alignment with the query, by sound number: an
 * alignment leaves the sound out or pairs it with a sound of the query, each query sound with one at most, so
 * whatever else it does it pays at least the cheaper of the two for each. Worked out once per query (`cheapestFor`).
 */
interface CheapestCosts {
  readonly cheapest: Float32Array;
  /** What leaving out every sound of the query costs. */
  readonly queryTotal: number;
}

/** `CheapestCosts` of a query, kept with its reading. */
function cheapestFor(q: NameReading): CheapestCosts {
  const entry = reading(q);
  if (entry.cheapest !== undefined) return entry.cheapest;
  const query = soundNumbersOf(q);
  const cheapest = new Float32Array(soundsById.length);
  for (let s = 0; s < cheapest.length; s++) {
    let best = omitById[s] as number;
    for (const t of query) best = Math.min(best, q.hasHan ? substitutionOf(s, t) : substitutionOf(t, s));
    cheapest[s] = best;
  }
  let queryTotal = 0;
  for (const t of query) queryTotal += omitById[t] as number;
  entry.cheapest = { cheapest, queryTotal };
  return entry.cheapest;
}

/**
 * Whether the other name's sounds could align with the query's within what the floor allows, by `cheapestFor`'s
 * bound: a short Chinese query reaches tens of thousands of Latin names by their skeletons, and most have a sound no
 * sound of the query comes near, which one pass over the sounds shows before an alignment (乔丹 at ten million marks:
 * 5,044 of 88,796 names aligned). Splitting each pairing's cost between its two sounds, which also bounds the query's
 * side, halves the alignments again but saves no time: what is left is waiting for the names' sounds.
 */
function mayReach(
  { cheapest, queryTotal }: CheapestCosts,
  other: ArrayLike<number>,
  otherStart: number,
  otherLength: number,
  floor: number,
  slope: number,
): boolean {
  let bound = 0;
  let otherTotal = 0;
  for (let i = otherStart; i < otherStart + otherLength; i++) {
    const sound = other[i] as number;
    otherTotal += omitById[sound] as number;
    // A sound numbered after the table was made is bounded by nothing.
    bound += sound < cheapest.length ? (cheapest[sound] as number) : 0;
  }
  // The bound is summed in double precision, the alignment's cells in single: one margin more.
  return bound <= affordableCost(floor, slope, otherTotal + queryTotal) + COST_MARGIN;
}

/**
 * The most an alignment may cost and still score `floor` or more, given what leaving out both names costs (`total`);
 * the margin keeps a score exactly at the floor, whose cost the alignment's table holds in single precision.
 */
function affordableCost(floor: number, slope: number, total: number): number {
  return ((TRANSLITERATION_TOP - floor) / slope) * total + COST_MARGIN;
}

/**
 * Weighted edit distance between two sound sequences given by sound number (`a` the Latin name's from `aStart`, `b`
 * the Chinese name's from `bStart`), normalised by the cost of leaving both names out.
 */
function scoreOfAlignment(
  a: ArrayLike<number>,
  aStart: number,
  aLength: number,
  b: ArrayLike<number>,
  bStart: number,
  bLength: number,
  floor: number,
  slope: number,
): number {
  const width = bLength + 1;
  if (scratch.length < (aLength + 1) * width) scratch = new Float32Array((aLength + 1) * width * 2);
  const cost = scratch;
  const omit = omitById;
  cost[0] = 0;
  for (let j = 1; j <= bLength; j++)
    cost[j] = (cost[j - 1] as number) + (omit[b[bStart + j - 1] as number] as number);
  const hanTotal = cost[bLength] as number;
  let latinTotal = 0;
  for (let i = 0; i < aLength; i++) latinTotal += omit[a[aStart + i] as number] as number;
  // Costs only grow along an alignment, so a cell costing more than the floor allows leads nowhere: each row is
  // worked out only from the first to the last cell of the row above within it (`low`, `high`), plus the cells the
  // last one reaches leftwards, and once a whole row is out of reach no alignment reaches the floor.
  const affordable = affordableCost(floor, slope, latinTotal + hanTotal);
  let low = 0;
  let high = 0;
  while (high < bLength && (cost[high + 1] as number) <= affordable) high++;
  for (let i = 1; i <= aLength; i++) {
    const sa = a[aStart + i - 1] as number;
    const omitA = omit[sa] as number;
    const row = i * width;
    let first = -1;
    let last = -1;
    for (let j = low; j <= bLength; j++) {
      const up = j <= high ? (cost[row - width + j] as number) + omitA : Number.POSITIVE_INFINITY;
      let here = up;
      if (j > low) {
        const sb = b[bStart + j - 1] as number;
        const left = (cost[row + j - 1] as number) + (omit[sb] as number);
        const diagonal =
          j - 1 <= high
            ? (cost[row - width + j - 1] as number) + substitutionOf(sa, sb)
            : Number.POSITIVE_INFINITY;
        here = Math.min(diagonal, up, left);
      }
      cost[row + j] = here;
      if (here <= affordable) {
        if (first < 0) first = j;
        last = j;
      } else if (j > high) break;
    }
    if (first < 0) return 0;
    low = first;
    high = last;
  }
  if (high < bLength) return 0;
  const total = latinTotal + hanTotal;
  if (total === 0) return 0;
  const distance = (cost[aLength * width + bLength] as number) / total;
  return Math.max(0, TRANSLITERATION_TOP - slope * distance);
}
