import type { NameAnalysis } from './analyze.ts';
import type { DescriptiveWords } from './descriptive.ts';
import { isDistinctiveWord } from './stopwords.ts';

/**
 * The units of a name that word-level signals compare: each distinctive Latin word (as its stem), and for Chinese
 * each pair of neighbouring characters, read as pinyin and taken in either order. A single Chinese character says
 * little (华 is in thousands of marks) while two together name something (华为), so pairs are the unit there.
 */
export interface WordUnits {
  /** Distinct units in order of first appearance; a pair is written `a+b` with its syllables sorted. */
  readonly units: readonly string[];
  /** Per unit, the word as written (for plural endings); the syllables joined for a pair. */
  readonly surfaces: readonly string[];
  /** Letters of the distinctive words and of the syllables in pairs, for the share one name covers of another. */
  readonly letters: number;
  /** Syllables of the Chinese characters, in order. */
  readonly syllables: readonly string[];
}

/** `WordUnits` of what is left once descriptive and generic words are set aside. */
export interface CoreUnits extends WordUnits {
  /** Whether any word was set aside. */
  readonly setAside: boolean;
}

/** Which words count as weak: descriptive or generic by the list, or frequent among the indexed marks. */
export interface WeakWords {
  readonly descriptive: DescriptiveWords;
  readonly isCommon: (unit: string) => boolean;
}

/** Visits the parts of a name in order (`forEachPart`). */
interface PartVisitor {
  /** A run of Chinese characters: its syllables, and its characters when asked for and lined up (else empty). */
  run(syllables: readonly string[], chars: readonly string[]): void;
  latin(stem: string, word: string): void;
}

// Collectors are objects with methods rather than closures over a call's locals: a search builds the units of
// thousands of names, and under tsx each closure made per call is also named (esbuild's keepNames).
abstract class UnitCollector implements PartVisitor {
  readonly units: string[] = [];
  readonly surfaces: string[] = [];
  readonly syllables: string[] = [];
  letters = 0;

  abstract run(syllables: readonly string[], chars: readonly string[]): void;
  abstract latin(stem: string, word: string): void;

  push(unit: string, surface: string, length: number): void {
    if (this.units.includes(unit)) return;
    this.units.push(unit);
    this.surfaces.push(surface);
    this.letters += length;
  }

  /** Pairs of neighbouring syllables of one run of Chinese characters; false for a pair `isCommon` refuses. */
  pushRun(run: readonly string[], isCommon: (unit: string) => boolean): boolean {
    let kept = true;
    for (let i = 0; i < run.length; i++) {
      const word = run[i] as string;
      this.syllables.push(word);
      this.letters += word.length;
      const next = run[i + 1];
      if (next === undefined) continue;
      const unit = word < next ? `${word}+${next}` : `${next}+${word}`;
      if (!isCommon(unit)) this.push(unit, word + next, 0);
      else kept = false;
    }
    return kept;
  }
}

const NONE_COMMON = (): boolean => false;

class AllUnits extends UnitCollector {
  run(syllables: readonly string[]): void {
    this.pushRun(syllables, NONE_COMMON);
  }

  latin(stem: string, word: string): void {
    if (isDistinctiveWord(stem, false)) this.push(stem, word, stem.length);
  }
}

class DistinctiveUnits extends UnitCollector implements CoreUnits {
  setAside = false;
  readonly #weak: WeakWords;

  constructor(weak: WeakWords) {
    super();
    this.#weak = weak;
  }

  run(syllables: readonly string[], chars: readonly string[]): void {
    const core = stripDescriptive(syllables, chars, this.#weak.descriptive);
    if (core.length < syllables.length) this.setAside = true;
    if (!this.pushRun(core, this.#weak.isCommon)) this.setAside = true;
  }

  latin(stem: string, word: string): void {
    if (!isDistinctiveWord(stem, false)) return;
    if (this.#weak.descriptive.hasLatin(stem) || this.#weak.isCommon(stem)) this.setAside = true;
    else this.push(stem, word, stem.length);
  }
}

export function wordUnits(a: NameAnalysis): WordUnits {
  const collector = new AllUnits();
  forEachPart(a, false, collector);
  return collector;
}

/**
 * Whether `a` has one of `units` (units of `wordUnits`, so distinctive ones only), found without building `a`'s own:
 * a search asks this of thousands of names, and those sharing none need no units built.
 */
export function hasUnitAmong(a: NameAnalysis, units: readonly string[]): boolean {
  for (let i = 0; i < a.words.length; i++) {
    if (a.fromHan[i] !== true) {
      if (units.includes(a.stems[i] as string)) return true;
      continue;
    }
    for (const unit of units) if (readsAsPair(a, i, unit)) return true;
  }
  return false;
}

/** Where two neighbouring characters of `a` read as the pair `unit` (in either order): the first one's word; else -1. */
export function pairAt(a: NameAnalysis, unit: string): number {
  for (let i = 0; i + 1 < a.words.length; i++) if (readsAsPair(a, i, unit)) return i;
  return -1;
}

/** Whether the words at `i` and after it were read from two characters that make the pair `unit`. */
function readsAsPair(a: NameAnalysis, i: number, unit: string): boolean {
  const next = a.words[i + 1];
  if (next === undefined || a.fromHan[i] !== true || a.fromHan[i + 1] !== true) return false;
  const word = a.words[i] as string;
  return word < next ? isPair(unit, word, next) : isPair(unit, next, word);
}

/** Whether `unit` is the pair `first+second` (as `UnitCollector.pushRun` writes it). */
function isPair(unit: string, first: string, second: string): boolean {
  return (
    unit.length === first.length + 1 + second.length &&
    unit.charCodeAt(first.length) === PAIR_JOINER &&
    unit.startsWith(first) &&
    unit.endsWith(second)
  );
}

const PAIR_JOINER = '+'.charCodeAt(0);

/**
 * The units of a name with its descriptive and generic words set aside, as an examiner compares marks by their
 * distinctive part: Latin words on the list or frequent among the marks, Chinese words on the list at the beginning or
 * end of a run of characters (深圳喜科科技 → 喜科), and frequent pairs of characters.
 */
export function coreUnits(a: NameAnalysis, weak: WeakWords): CoreUnits {
  const collector = new DistinctiveUnits(weak);
  forEachPart(a, true, collector);
  return collector;
}

/** Visits each run of Chinese characters and each Latin word in order; with `withChars`, runs carry their characters. */
function forEachPart(a: NameAnalysis, withChars: boolean, visitor: PartVisitor): void {
  const written = withChars ? writtenCharacters(a) : NO_CHARS;
  let syllables: string[] = [];
  let chars: string[] = [];
  for (let i = 0; i <= a.words.length; i++) {
    const word = a.words[i];
    if (word !== undefined && a.fromHan[i] === true) {
      syllables.push(word);
      if (written.length > 0) chars.push(written[i] as string);
      continue;
    }
    // A run ends at a Latin word or at the end of the name.
    if (syllables.length > 0) {
      visitor.run(syllables, written.length > 0 ? chars : NO_CHARS);
      syllables = [];
      chars = [];
    }
    if (word === undefined) break;
    visitor.latin(a.stems[i] as string, word);
  }
}

const NO_CHARS: readonly string[] = [];

/**
 * Per word of the name, the character it was read from (undefined for a Latin word); none for a name without
 * Chinese characters, or should a reading ever break one character, one syllable.
 */
export function writtenCharacters(a: NameAnalysis): readonly (string | undefined)[] {
  if (!a.hasHan) return NO_CHARS;
  const characters = [...a.exact];
  const written: (string | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < a.words.length; i++) {
    if (a.fromHan[i] === true) written.push(characters[at++]);
    else {
      written.push(undefined);
      at += [...(a.words[i] as string)].length;
    }
  }
  return at === characters.length ? written : NO_CHARS;
}

/** The syllables of a run left after taking listed words off its beginning and end, longest word first. */
function stripDescriptive(
  syllables: readonly string[],
  chars: readonly string[],
  descriptive: DescriptiveWords,
): readonly string[] {
  if (chars.length === 0) return syllables;
  let first = 0;
  let last = chars.length;
  while (first < last) {
    const atStart = descriptive.hanByFirst
      .get(chars[first] as string)
      ?.find((word) => fitsWithin(chars, word, first, first, last));
    if (atStart !== undefined) {
      first += atStart.length;
      continue;
    }
    const atEnd = descriptive.hanByLast
      .get(chars[last - 1] as string)
      ?.find((word) => fitsWithin(chars, word, last - word.length, first, last));
    if (atEnd === undefined) break;
    last -= atEnd.length;
  }
  return syllables.slice(first, last);
}

/** Whether `word` is written in `chars` at `at`, between `first` and `last`. */
function fitsWithin(
  chars: readonly string[],
  word: readonly string[],
  at: number,
  first: number,
  last: number,
): boolean {
  return at >= first && at + word.length <= last && word.every((char, i) => chars[at + i] === char);
}
