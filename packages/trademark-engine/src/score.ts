import type { NameAnalysis } from './analyze.ts';
import { type DescriptiveWords, descriptiveWordsFor } from './descriptive.ts';
import { osaDistance } from './edit-distance.ts';
import { type EstablishedNames, establishedNames } from './established-names.ts';
import { jaroWinkler } from './jaro-winkler.ts';
import { spokenSpelling } from './phonetic.ts';
import { singular } from './plural.ts';
import { SIGNAL_BIT, withLead } from './signals.ts';
import { spellingScore } from './spelling.ts';
import { type Sound, soundsOf, transliterationScore } from './transliteration.ts';
import { SILENT_E } from './transliteration-table.ts';
import {
  type CoreUnits,
  coreUnits,
  hasUnitAmong,
  type WeakWords,
  type WordUnits,
  wordUnits,
} from './word-units.ts';

/**
 * Marks scoring below this are not reported, counted or used for risk. 50 keeps the weaker resemblances an examiner
 * would still glance at (they show as low risk, below 60) and drops names that merely share letters.
 */
export const SCORE_FLOOR = 50;
/** Scores from here are high risk (spec §9: 60 to 79.99 high, 80 and up very high). */
export const HIGH_RISK_SCORE = 60;

/** Scores of the signals that are a yes-or-no finding rather than a degree. */
const SIGNAL_SCORE = {
  exact: 100,
  pinyin: 95,
  plural: 92,
  homophone: 90,
  stopwordsOnly: 90,
  lookalike: 97,
  wordOrder: 88,
  // The same distinctive part, descriptive or generic words aside (BELLA HOME ~ BELLA, 喜科科技 ~ 喜科).
  descriptiveSetAside: 85,
  oneLetter: 82,
  // A mark and the established name of the same brand in the other script (STARBUCKS ~ 星巴克) are one brand to a
  // Chinese consumer: above a name read the same but written differently (丰田 ~ 丰天, 90), below a mark's own name
  // written the same or spelt out in pinyin (the Chinese name is the brand's, not the mark's, and an owner may hold
  // only one of them).
  established: 92,
  // The same brand named around descriptive words (IKEA HOME ~ 宜家, NIKE ~ 耐克体育): as the same distinctive part is,
  // descriptive words aside, in one script.
  establishedAround: 85,
} as const;

// Marks under four letters are short enough to be read letter by letter (BMW, AOC), so one letter tells them apart and
// their sound is the names of their letters, which Double Metaphone does not know: neither rule below applies to them.
export const SHORT_MARK_LENGTH = 4;
// One letter added, dropped or changed is what examiners refuse most often. It keeps the beginning: the first letter
// for an added or dropped letter, the first two for a changed one, because a changed letter there changes how the mark
// is read (DIOR ~ DOOR).
const ONE_LETTER_KEPT_BY_INSERTION = 1;
const ONE_LETTER_KEPT_BY_SUBSTITUTION = 2;

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
// An identical sound is what examiners refuse, so equal keys (consonants and vowels) score at least 80 once they hold
// three consonants and the names begin with the same sound. Double Metaphone folds B into P, G into K, V into F and
// vowels into five classes, so shorter keys, or names beginning differently, are often unrelated names (PAWS ~ BOIS,
// CLIIOS ~ GLEAS); they keep the lower score unless a finer reading hears them alike (`sameSpokenSounds`).
const IDENTICAL_SOUND_MIN_KEY = 3;
const IDENTICAL_SOUND_SCORE = 80;
export const METAPHONE_ONLY_MIN_KEY = 4;
const VOWEL_MISMATCH_PENALTY = 40;
const MAX_VOWEL_MISMATCH = 1 / 3;

export interface CompareOptions {
  /** Words so frequent among the marks that containing one of them says little (word units, see `wordUnits`). */
  readonly isCommonStem?: (stem: string) => boolean;
  /** Descriptive and generic words of the searched classes (`descriptiveWordsFor`); the general ones by default. */
  readonly descriptive?: DescriptiveWords;
  /** Brands' established names in both scripts (`establishedNames`, the shipped list, by default); null for none. */
  readonly established?: EstablishedNames | null;
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
  const verdict = new Verdict();
  const readAloud = q.hasHan || c.hasHan ? SIGNAL_BIT.pinyin : 0;

  // Same reading, different writing: everything else would only compare the pinyin with itself.
  if (q.latin === c.latin) {
    return q.hasHan && c.hasHan
      ? { score: SIGNAL_SCORE.homophone, signals: SIGNAL_BIT.homophone }
      : { score: SIGNAL_SCORE.pinyin, signals: SIGNAL_BIT.pinyin };
  }

  if (q.lookalike === c.lookalike) {
    verdict.consider(SIGNAL_SCORE.lookalike, SIGNAL_BIT.lookalike | readAloud);
  }
  const spelling = spellingOf(q.latin, c.latin);
  verdict.consider(spelling, SIGNAL_BIT.spelling | readAloud);
  if (q.visual !== q.latin || c.visual !== c.latin) {
    const visual = spellingOf(q.visual, c.visual) - LOOKALIKE_PENALTY;
    if (visual > spelling) verdict.consider(visual, SIGNAL_BIT.spelling | SIGNAL_BIT.lookalike | readAloud);
  }

  if (!q.hasHan && !c.hasHan) {
    verdict.consider(oneLetterScore(q.latin, c.latin), SIGNAL_BIT.oneLetter | SIGNAL_BIT.spelling);
    verdict.consider(soundScore(q, c), SIGNAL_BIT.phonetic);
  } else if (q.hasHan !== c.hasHan) {
    // A transliteration under both the best score so far and the floor changes neither: its alignment stops early.
    verdict.consider(
      transliterationScore(q, c, Math.min(verdict.best, SCORE_FLOOR)),
      SIGNAL_BIT.transliteration,
    );
  }
  const weak: WeakWords = {
    descriptive: options.descriptive ?? descriptiveWordsFor(),
    isCommon: options.isCommonStem ?? NEVER_COMMON,
  };
  wordSignals(q, c, weak, verdict);
  const established = options.established === undefined ? establishedNames() : options.established;
  let ceiling = 100;
  if (q.hasHan !== c.hasHan && established !== null) {
    const known = establishedScore(q, c, established, weak.descriptive, verdict.best);
    verdict.consider(known.score, SIGNAL_BIT.established);
    if (known.apart) ceiling = KNOWN_APART_CEILING;
  }
  return {
    score: Math.round(Math.min(verdict.best, ceiling) * 10) / 10,
    signals: withLead(verdict.signals, verdict.deciding),
  };
}

// Two known brands whose established names are not each other (NIVEA 妮维雅 and 奈飞 NETFLIX, DIOR 迪奥 and 奥迪 AUDI)
// already stand apart in the register: a resemblance across their scripts is heard or read, not known, and stays
// under high risk.
export const KNOWN_APART_CEILING = HIGH_RISK_SCORE - 1;

/** Whether the two names each name a known brand and none in common (see `KNOWN_APART_CEILING`). */
export function standApart(
  q: NameAnalysis,
  c: NameAnalysis,
  established: EstablishedNames,
  descriptive: DescriptiveWords,
): boolean {
  const ofQuery = established.brandsOf(q, descriptive).all;
  if (ofQuery.length === 0) return false;
  const ofMark = established.brandsOf(c, descriptive).all;
  return ofMark.length > 0 && !ofQuery.some((brand) => ofMark.includes(brand));
}

/**
 * Whether the two marks name the same known brand (the names are looked up by `EstablishedNames.brandsOf`): by their
 * whole names, `SIGNAL_SCORE.established` (NIKE ~ 耐克), else around descriptive words,
 * `SIGNAL_SCORE.establishedAround` (IKEA HOME ~ 宜家, NIKE ~ 耐克体育); `apart` when both name known brands and none is
 * the same. A name close to a known brand's name without naming it (NIKEE) is not chained to the brand's other
 * name: such a chain needs a search of the list for every candidate, and the name's own resemblances still count.
 */
function establishedScore(
  q: NameAnalysis,
  c: NameAnalysis,
  established: EstablishedNames,
  descriptive: DescriptiveWords,
  scoreSoFar: number,
): { score: number; apart: boolean } {
  const ofQuery = established.brandsOf(q, descriptive);
  if (ofQuery.all.length === 0) return NOT_KNOWN;
  if (!established.mayNameOneOf(c, ofQuery.all)) {
    // Not the same brand; standing apart matters only to a score it would hold under high risk.
    if (scoreSoFar < HIGH_RISK_SCORE) return NOT_KNOWN;
    return standApart(q, c, established, descriptive) ? KNOWN_APART : NOT_KNOWN;
  }
  const ofMark = established.brandsOf(c, descriptive);
  if (ofMark.all.length === 0) return NOT_KNOWN;
  if (ofQuery.byName.some((brand) => ofMark.byName.includes(brand))) return SAME_BRAND;
  return ofQuery.all.some((brand) => ofMark.all.includes(brand)) ? SAME_BRAND_AROUND : KNOWN_APART;
}

const NOT_KNOWN = { score: 0, apart: false };
const SAME_BRAND = { score: SIGNAL_SCORE.established, apart: false };
const SAME_BRAND_AROUND = { score: SIGNAL_SCORE.establishedAround, apart: false };
const KNOWN_APART = { score: 0, apart: true };

/**
 * The best score of a comparison so far, the signal bits that gave it, and every signal that reached the floor. An
 * object rather than a closure over a comparison's locals: the server runs through tsx, which names every function
 * made per call (esbuild's keepNames), and that was a quarter of a comparison's time.
 */
class Verdict {
  best = 0;
  deciding = 0;
  signals = 0;

  consider(score: number, bits: number): void {
    if (score > this.best) {
      this.best = score;
      this.deciding = bits;
    }
    if (score >= SCORE_FLOOR) this.signals |= bits;
  }
}

function spellingOf(a: string, b: string): number {
  return spellingScore(osaDistance(a, b), Math.max(a.length, b.length), jaroWinkler(a, b));
}

/** `SIGNAL_SCORE.oneLetter` when one letter is added, dropped or changed past the beginning of a long enough mark. */
function oneLetterScore(a: string, b: string): number {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length < SHORT_MARK_LENGTH || longer.length - shorter.length > 1) return 0;
  let at = 0;
  while (at < shorter.length && shorter.charCodeAt(at) === longer.charCodeAt(at)) at++;
  if (longer.length > shorter.length) {
    const added = at >= ONE_LETTER_KEPT_BY_INSERTION && longer.endsWith(shorter.slice(at));
    return added ? SIGNAL_SCORE.oneLetter : 0;
  }
  const changed =
    at >= ONE_LETTER_KEPT_BY_SUBSTITUTION && at < shorter.length && longer.endsWith(shorter.slice(at + 1));
  return changed ? SIGNAL_SCORE.oneLetter : 0;
}

function soundScore(q: NameAnalysis, c: NameAnalysis): number {
  if (Math.min(q.latin.length, c.latin.length) < SHORT_MARK_LENGTH) return 0;
  for (const key of q.sound) {
    if (!c.sound.includes(key)) continue;
    const consonants = key.indexOf('|');
    const identical =
      firstSound(q.latin) === firstSound(c.latin) &&
      (consonants >= IDENTICAL_SOUND_MIN_KEY || sameSpokenSounds(q, c));
    return identical ? Math.max(IDENTICAL_SOUND_SCORE, soundBase(consonants)) : soundBase(consonants);
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

/**
 * Whether two Latin names read as the same sounds by the English spelling rules of the transliteration reader
 * (`soundsOf`), which keeps apart what Double Metaphone folds: voicing (PAWS ~ BOIS, VOTO ~ FOTO), vowel qualities,
 * and short vowels from long ones (PICK ~ PEAK). KWEEN and QUEEN are k, w, i, n both. A silent e is no sound (LITE ~
 * LIGHT), and two long vowels are alike when one can be spoken as the other (ROSE ~ ROWS: ou; MEAT ~ MEET: i).
 */
function sameSpokenSounds(q: NameAnalysis, c: NameAnalysis): boolean {
  const a = soundsOf(q).filter(isSpoken);
  const b = soundsOf(c).filter(isSpoken);
  return a.length === b.length && a.every((sound, i) => soundsAlike(sound, b[i] as Sound));
}

function isSpoken(sound: Sound): boolean {
  return sound.omit !== SILENT_E || sound.vowels.length === 0;
}

function soundsAlike(a: Sound, b: Sound): boolean {
  if (a === b) return true;
  // A consonant has classes and no vowels, a vowel the reverse: equal classes tell both apart.
  if (a.vowels.length === 0 || b.vowels.length === 0)
    return a.aspirated === b.aspirated && sameSequence(a.classes, b.classes);
  if (a.long !== b.long) return false;
  return a.long ? a.spoken.some((quality) => b.spoken.includes(quality)) : sameSequence(a.vowels, b.vowels);
}

/** The sound a name begins with, keeping voicing apart: C/K/Q, PH/F, soft C/S/Z and Y/I are alike, B and P are not. */
function firstSound(name: string): string {
  const first = name.charAt(0);
  const next = name.charAt(1);
  if (first === 'p' && next === 'h') return 'f';
  // XPRESS is heard as EXPRESS (`spokenSpelling`).
  if (first === 'x' && spokenSpelling(name) !== name) return 'e';
  if (first === 'c') return next === 'e' || next === 'i' || next === 'y' ? 's' : 'k';
  return FIRST_SOUND[first] ?? first;
}

const FIRST_SOUND: Readonly<Record<string, string>> = { q: 'k', z: 's', y: 'i' };

/** Score of two names that sound alike, by the length of their consonant key. */
function soundBase(keyLength: number): number {
  return SOUND_BASE_BY_KEY_LENGTH[Math.min(keyLength, SOUND_BASE_BY_KEY_LENGTH.length - 1)] as number;
}

function wordSignals(q: NameAnalysis, c: NameAnalysis, weak: WeakWords, verdict: Verdict): void {
  prefixContainment(q, c, weak, verdict);
  // Latin words and pinyin syllables are different units: across scripts only whole pinyin counts.
  if (q.hasHan !== c.hasHan) return;
  const qv = queryUnits(q);
  // Without a shared unit there is no word finding: asked before the name's own units are built.
  if (!hasUnitAmong(c, qv.units)) return;
  const cv = wordUnits(c);
  const shared = qv.units.filter((unit) => cv.units.includes(unit));
  const pluralBit = differsByPlural(qv, cv) ? SIGNAL_BIT.plural : 0;
  if (shared.length === qv.units.length && shared.length === cv.units.length) {
    const sameOrder =
      qv.units.every((unit, i) => cv.units[i] === unit) && sameSequence(qv.syllables, cv.syllables);
    if (!sameOrder) {
      verdict.consider(SIGNAL_SCORE.wordOrder - (pluralBit ? 2 : 0), SIGNAL_BIT.wordOrder | pluralBit);
    } else if (pluralBit) {
      verdict.consider(SIGNAL_SCORE.plural, SIGNAL_BIT.plural);
    } else {
      // Same distinctive words in the same order: only articles or repeats differ (THE APPLE ~ APPLE).
      verdict.consider(SIGNAL_SCORE.stopwordsOnly, SIGNAL_BIT.containment | homophoneOf(q, c));
    }
    return;
  }
  const qCore = queryCore(q, weak);
  const cCore = coreUnits(c, weak);
  if (
    (qCore.setAside || cCore.setAside) &&
    sameCore(qCore, cCore) &&
    qCore.letters >= CONTAINED_MIN_LETTERS
  ) {
    // One mark inside the other (BELLA HOME ~ BELLA) is also containment; ZORVEX GROUP ~ ZORVEX TECH is not.
    const inside = shared.length === Math.min(qv.units.length, cv.units.length) ? SIGNAL_BIT.containment : 0;
    const bits = SIGNAL_BIT.descriptiveIgnored | inside | homophoneOf(q, c);
    verdict.consider(
      SIGNAL_SCORE.descriptiveSetAside,
      bits | (differsByPlural(qCore, cCore) ? SIGNAL_BIT.plural : 0),
    );
    return;
  }
  if (shared.length !== Math.min(qv.units.length, cv.units.length)) return;
  const queryInside = qv.units.length < cv.units.length;
  const [inner, outer] = queryInside ? [qv, cv] : [cv, qv];
  const [innerCore, outerCore] = queryInside ? [qCore, cCore] : [cCore, qCore];
  if (inner.syllables.length > 0) {
    // Chinese characters must stand together, in order, inside the other name; read alike in other characters, only
    // at its beginning: past it they are a chance echo (百威 in 赛百味), not the mark.
    const at = runStart(outer.syllables, inner.syllables);
    if (at < 0 || (at > 0 && homophoneOf(q, c) !== 0)) return;
  }
  // A mark that shares only descriptive, generic or frequent words with another is not inside it (TECH, FOX TECH).
  if (inner.letters < CONTAINED_MIN_LETTERS || innerCore.units.length === 0) return;
  const atStart = inner.units.every((unit, i) => outer.units[i] === unit);
  // Set-aside words do not dilute the share, as long as the inner mark's distinctive part is in the outer one's (in
  // 喜科科技, 科科 straddles the set-aside 科技, so it is measured against the whole mark).
  const coreInside = innerCore.units.every((unit) => outerCore.units.includes(unit));
  const share = coreInside
    ? innerCore.letters / Math.max(innerCore.letters, outerCore.letters)
    : inner.letters / outer.letters;
  const score = CONTAINMENT_BASE + CONTAINMENT_SPAN * share + (atStart ? CONTAINED_AT_START_BONUS : 0);
  verdict.consider(
    Math.min(score, SIGNAL_SCORE.stopwordsOnly),
    SIGNAL_BIT.containment | pluralBit | homophoneOf(q, c),
  );
}

// The engine compares one query with many names (under the same weak words): its units and core are worked out once,
// rather than for each name compared (they were a fifth of what a search allocated, and so of its collections).
let lastUnits: { q: NameAnalysis; units: WordUnits } | undefined;

function queryUnits(q: NameAnalysis): WordUnits {
  if (lastUnits?.q !== q) lastUnits = { q, units: wordUnits(q) };
  return lastUnits.units;
}

let lastCore: { q: NameAnalysis; weak: WeakWords; core: CoreUnits } | undefined;

function queryCore(q: NameAnalysis, weak: WeakWords): CoreUnits {
  const last = lastCore;
  if (last?.q === q && last.weak.descriptive === weak.descriptive && last.weak.isCommon === weak.isCommon) {
    return last.core;
  }
  const core = coreUnits(q, weak);
  lastCore = { q, weak, core };
  return core;
}

/**
 * Whether two names' distinctive parts are the same. A single Chinese character makes no unit (units are pairs), so
 * where neither has a unit their characters decide: 红科技 ~ 红 are the same 红, but 深圳红 ~ 深圳 are not, 深圳
 * being wholly set aside (a mark of descriptive words only shares no distinctive part with any other).
 */
function sameCore(a: WordUnits, b: WordUnits): boolean {
  if (!sameUnits(a, b)) return false;
  return a.units.length > 0 || (a.syllables.length > 0 && sameSequence(a.syllables, b.syllables));
}

function sameUnits(a: WordUnits, b: WordUnits): boolean {
  return a.units.length === b.units.length && a.units.every((unit) => b.units.includes(unit));
}

function sameSequence<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => b[i] === item);
}

/** Where `inner` first stands as a run inside `outer`, or -1. */
function runStart(outer: readonly string[], inner: readonly string[]): number {
  for (let start = 0; start + inner.length <= outer.length; start++) {
    if (inner.every((item, i) => outer[start + i] === item)) return start;
  }
  return -1;
}

/** Between two Chinese marks, the same reading in other characters is a homophone. */
function homophoneOf(q: NameAnalysis, c: NameAnalysis): number {
  if (!q.hasHan || !c.hasHan) return 0;
  return q.exact.includes(c.exact) || c.exact.includes(q.exact) ? 0 : SIGNAL_BIT.homophone;
}

/** One mark is the beginning of a single word of the other: APPLE ~ APPLEPAY, XIAOMI ~ 小米科技. */
function prefixContainment(q: NameAnalysis, c: NameAnalysis, weak: WeakWords, verdict: Verdict): void {
  const [inner, outer] = q.visual.length <= c.visual.length ? [q, c] : [c, q];
  const share = inner.visual.length / outer.visual.length;
  if (inner.visual.length < PREFIX_MIN_LENGTH || share < PREFIX_MIN_SHARE) return;
  if (outer.visual.length - inner.visual.length < PREFIX_MIN_REST) return;
  if (!outer.visual.startsWith(inner.visual)) return;
  // A whole first word (or its plural) is word containment.
  if (!inner.hasHan && inner.stems.length === 1 && outer.stems[0] === inner.stems[0]) return;
  // A mark of descriptive, generic or frequent words only is not inside another (HOME ~ HOMESTYLE, 青岛 ~ 青岛啤酒).
  if ((inner === q ? queryCore(q, weak) : coreUnits(inner, weak)).units.length === 0) return;
  const lookalike = outer.latin.startsWith(inner.latin) ? 0 : SIGNAL_BIT.lookalike;
  const script = q.hasHan === c.hasHan ? homophoneOf(q, c) : SIGNAL_BIT.pinyin;
  verdict.consider(PREFIX_BASE + PREFIX_SPAN * share, SIGNAL_BIT.containment | lookalike | script);
}

/** Whether a Latin word shared by both is written with a plural ending on one side only. */
function differsByPlural(a: WordUnits, b: WordUnits): boolean {
  for (let i = 0; i < a.units.length; i++) {
    const unit = a.units[i] as string;
    const j = b.units.indexOf(unit);
    if (j < 0 || unit.includes('+')) continue;
    const mine = a.surfaces[i] as string;
    const theirs = b.surfaces[j] as string;
    // The same stem written otherwise is a plural only when the words differ by their endings: DR and DOCTOR, 7
    // and SEVEN are one word written short.
    if (mine !== theirs && singular(mine) === singular(theirs)) return true;
  }
  return false;
}
