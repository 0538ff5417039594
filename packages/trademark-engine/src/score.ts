import type { NameAnalysis } from './analyze.ts';
import { osaDistance } from './edit-distance.ts';
import { jaroWinkler } from './jaro-winkler.ts';
import { SIGNAL_BIT } from './signals.ts';
import { spellingScore } from './spelling.ts';
import { type WordUnits, wordUnits } from './word-units.ts';

/**
 * Marks scoring below this are not reported, counted or used for risk. 50 keeps the weaker resemblances an examiner
 * would still glance at (they show as low risk, below 60) and drops names that merely share letters.
 */
export const SCORE_FLOOR = 50;

/** Scores of the signals that are a yes-or-no finding rather than a degree. */
const SIGNAL_SCORE = {
  exact: 100,
  pinyin: 95,
  plural: 92,
  homophone: 90,
  stopwordsOnly: 90,
  lookalike: 97,
  wordOrder: 88,
} as const;

// Containment grows with the share of the longer mark that the shorter one covers.
const CONTAINMENT_BASE = 60;
const CONTAINMENT_SPAN = 30;
const CONTAINED_AT_START_BONUS = 3;
// A mark at the start of one word of another (APPLE in APPLEPAY) is a weaker finding than a whole word inside a
// name. It needs five letters, half of the longer name, and a word's worth after it (APPLE+PAY, not FANTA+SY); the
// index relies on these limits to find such names.
const PREFIX_BASE = 50;
const PREFIX_SPAN = 40;
export const PREFIX_MIN_LENGTH = 5;
const PREFIX_MIN_SHARE = 0.5;
export const PREFIX_MIN_REST = 3;
const CONTAINED_MIN_LETTERS = 3;
// Folding look-alikes is a step away from what the mark actually says.
const LOOKALIKE_PENALTY = 3;
// Sound: stronger the longer the consonant key. Names sharing only consonants (not the vowels) count for keys of at
// least four consonants; the index does not look shorter ones up.
const SOUND_BASE_BY_KEY_LENGTH = [72, 72, 72, 78, 82, 85, 88, 90];
export const METAPHONE_ONLY_MIN_KEY = 4;
const VOWEL_MISMATCH_PENALTY = 40;
const MAX_VOWEL_MISMATCH = 1 / 3;

export interface CompareOptions {
  /** Words so frequent among the marks (TECH, GROUP) that containing one of them says little. */
  readonly isCommonStem?: (stem: string) => boolean;
}

export interface Comparison {
  /** 0–100, one decimal. */
  readonly score: number;
  /** Bits of `SIGNAL_BIT` for every signal that reached the score floor on its own. */
  readonly signals: number;
}

const NEVER_COMMON = (): boolean => false;

/**
 * How confusingly similar an earlier mark `c` is to the searched name `q`: each signal scores on its own and the best
 * one is the score; the signals are all those that reached the floor. Symmetric except for the common-word check.
 */
export function compareNames(q: NameAnalysis, c: NameAnalysis, options: CompareOptions = {}): Comparison {
  if (q.exact === c.exact) return { score: 100, signals: SIGNAL_BIT.exact };
  let best = 0;
  let signals = 0;
  const consider = (score: number, bits: number): void => {
    if (score > best) best = score;
    if (score >= SCORE_FLOOR) signals |= bits;
  };
  const readAloud = q.hasHan || c.hasHan ? SIGNAL_BIT.pinyin : 0;

  // Same reading, different writing: everything else would only compare the pinyin with itself.
  if (q.latin === c.latin) {
    return q.hasHan && c.hasHan
      ? { score: SIGNAL_SCORE.homophone, signals: SIGNAL_BIT.homophone }
      : { score: SIGNAL_SCORE.pinyin, signals: SIGNAL_BIT.pinyin };
  }

  if (q.lookalike === c.lookalike) {
    consider(SIGNAL_SCORE.lookalike, SIGNAL_BIT.lookalike | readAloud);
  }
  const spelling = spellingOf(q.latin, c.latin);
  consider(spelling, SIGNAL_BIT.spelling | readAloud);
  if (q.visual !== q.latin || c.visual !== c.latin) {
    const visual = spellingOf(q.visual, c.visual) - LOOKALIKE_PENALTY;
    if (visual > spelling) consider(visual, SIGNAL_BIT.spelling | SIGNAL_BIT.lookalike | readAloud);
  }

  if (!q.hasHan && !c.hasHan) consider(soundScore(q, c), SIGNAL_BIT.phonetic);
  wordSignals(q, c, options.isCommonStem ?? NEVER_COMMON, consider);
  return { score: Math.round(best * 10) / 10, signals };
}

function spellingOf(a: string, b: string): number {
  return spellingScore(osaDistance(a, b), Math.max(a.length, b.length), jaroWinkler(a, b));
}

function soundScore(q: NameAnalysis, c: NameAnalysis): number {
  for (const key of q.sound) {
    if (c.sound.includes(key)) return soundBase(key.indexOf('|'));
  }
  // Same consonants but not quite the same vowels (KRISPY KREME ~ CRISPY CREAM): only for long consonant keys, and
  // only while most vowels agree; DIAMOND and DOMINATE share consonants and nothing else.
  for (const key of q.metaphone) {
    if (key.length < METAPHONE_ONLY_MIN_KEY || !c.metaphone.includes(key)) continue;
    const vowels = Math.max(1, q.vowels.length, c.vowels.length);
    const mismatch = osaDistance(q.vowels, c.vowels) / vowels;
    return mismatch <= MAX_VOWEL_MISMATCH ? soundBase(key.length) - VOWEL_MISMATCH_PENALTY * mismatch : 0;
  }
  return 0;
}

/** Score of two names that sound alike, by the length of their consonant key. */
function soundBase(keyLength: number): number {
  return SOUND_BASE_BY_KEY_LENGTH[Math.min(keyLength, SOUND_BASE_BY_KEY_LENGTH.length - 1)] as number;
}

function wordSignals(
  q: NameAnalysis,
  c: NameAnalysis,
  isCommonStem: (unit: string) => boolean,
  consider: (score: number, bits: number) => void,
): void {
  prefixContainment(q, c, isCommonStem, consider);
  // Latin words and pinyin syllables are different units: across scripts only whole pinyin counts.
  if (q.hasHan !== c.hasHan) return;
  const qv = wordUnits(q);
  const cv = wordUnits(c);
  if (qv.units.length === 0 || cv.units.length === 0) return;
  const shared = qv.units.filter((unit) => cv.units.includes(unit));
  const pluralBit = differsByPlural(qv, cv) ? SIGNAL_BIT.plural : 0;
  if (shared.length === qv.units.length && shared.length === cv.units.length) {
    const sameOrder =
      qv.units.every((unit, i) => cv.units[i] === unit) && sameSequence(qv.syllables, cv.syllables);
    if (!sameOrder) {
      consider(SIGNAL_SCORE.wordOrder - (pluralBit ? 2 : 0), SIGNAL_BIT.wordOrder | pluralBit);
    } else if (pluralBit) {
      consider(SIGNAL_SCORE.plural, SIGNAL_BIT.plural);
    } else {
      // Same distinctive words in the same order: only articles or repeats differ (THE APPLE ~ APPLE).
      consider(SIGNAL_SCORE.stopwordsOnly, SIGNAL_BIT.containment | homophoneOf(q, c));
    }
    return;
  }
  if (shared.length !== Math.min(qv.units.length, cv.units.length)) return;
  const [inner, outer] = qv.units.length < cv.units.length ? [qv, cv] : [cv, qv];
  // Chinese characters must stand together, in order, inside the other name.
  if (inner.syllables.length > 0 && !containsRun(outer.syllables, inner.syllables)) return;
  if (inner.letters < CONTAINED_MIN_LETTERS || inner.units.every(isCommonStem)) return;
  const atStart = inner.units.every((unit, i) => outer.units[i] === unit);
  const score =
    CONTAINMENT_BASE +
    (CONTAINMENT_SPAN * inner.letters) / outer.letters +
    (atStart ? CONTAINED_AT_START_BONUS : 0);
  consider(
    Math.min(score, SIGNAL_SCORE.stopwordsOnly),
    SIGNAL_BIT.containment | pluralBit | homophoneOf(q, c),
  );
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => b[i] === item);
}

function containsRun(outer: readonly string[], inner: readonly string[]): boolean {
  for (let start = 0; start + inner.length <= outer.length; start++) {
    if (inner.every((item, i) => outer[start + i] === item)) return true;
  }
  return false;
}

/** Between two Chinese marks, the same reading in other characters is a homophone. */
function homophoneOf(q: NameAnalysis, c: NameAnalysis): number {
  if (!q.hasHan || !c.hasHan) return 0;
  return q.exact.includes(c.exact) || c.exact.includes(q.exact) ? 0 : SIGNAL_BIT.homophone;
}

/** One mark is the beginning of a single word of the other: APPLE ~ APPLEPAY, XIAOMI ~ 小米科技. */
function prefixContainment(
  q: NameAnalysis,
  c: NameAnalysis,
  isCommonStem: (unit: string) => boolean,
  consider: (score: number, bits: number) => void,
): void {
  const [inner, outer] = q.visual.length <= c.visual.length ? [q, c] : [c, q];
  const share = inner.visual.length / outer.visual.length;
  if (inner.visual.length < PREFIX_MIN_LENGTH || share < PREFIX_MIN_SHARE) return;
  if (outer.visual.length - inner.visual.length < PREFIX_MIN_REST) return;
  if (!outer.visual.startsWith(inner.visual)) return;
  if (!inner.hasHan && inner.stems.length === 1) {
    // A whole first word (or its plural) is word containment, which knows about common words.
    if (outer.stems[0] === inner.stems[0] || isCommonStem(inner.stems[0] as string)) return;
  }
  const lookalike = outer.latin.startsWith(inner.latin) ? 0 : SIGNAL_BIT.lookalike;
  const script = q.hasHan === c.hasHan ? homophoneOf(q, c) : SIGNAL_BIT.pinyin;
  consider(PREFIX_BASE + PREFIX_SPAN * share, SIGNAL_BIT.containment | lookalike | script);
}

/** Whether a Latin word shared by both is written with a plural ending on one side only. */
function differsByPlural(a: WordUnits, b: WordUnits): boolean {
  for (let i = 0; i < a.units.length; i++) {
    const unit = a.units[i] as string;
    const j = b.units.indexOf(unit);
    if (j >= 0 && !unit.includes('+') && a.surfaces[i] !== b.surfaces[j]) return true;
  }
  return false;
}
