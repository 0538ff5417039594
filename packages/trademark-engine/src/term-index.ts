import type { NameAnalysis } from './analyze.ts';
import { END, FNV_OFFSET, fnvHash, fnvStep, forEachTrigram, START, trigramCode } from './grams.ts';
import { HashedPostingStore } from './hashed-postings.ts';
import { forEachNameTerm, forEachQueryKey, isSkeleton, type TermKind } from './name-terms.ts';
import { forEachOneEdit, hasRareLetter, lettersLeftOut, NEAR_SPELLING_MAX_LENGTH } from './near-spellings.ts';
import { PackedPostingStore } from './packed-postings.ts';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';
import { wordUnits } from './word-units.ts';

/** Trigram lists are kept per name length 1 to 46, and one for every longer name. */
export const LENGTH_BUCKETS = 48;
// A word unit in more than this share of the names (TECH, GROUP) makes a weak containment finding; the minimum keeps
// small indexes from calling anything common.
const COMMON_WORD_SHARE = 0.005;
const COMMON_WORD_MINIMUM = 200;
const MAX_QUERY_UNITS = 63;
/** Trigram positions are kept in a byte; later ones share the last value. */
export const MAX_POSITION = 255;
// Typical postings of one name, for reserving room ahead of a bulk load.
const GRAMS_PER_NAME = 14;
const TERMS_PER_NAME = 4;
// Seeds that keep the kinds of hashed terms apart.
const TERM_SEEDS: Record<TermKind, number> = {
  name: FNV_OFFSET,
  lookalike: FNV_OFFSET ^ 0x5bd1e995,
  word: FNV_OFFSET ^ 0x27d4eb2f,
  sound: FNV_OFFSET ^ 0x165667b1,
  latinSkeleton: FNV_OFFSET ^ 0x2f8b3c1d,
  hanSkeleton: FNV_OFFSET ^ 0x61c88647,
};
// A one-letter-out variant of a name with a rare letter (`near-spellings.ts`); the in-memory index's own kind.
const LEFT_OUT_SEED = FNV_OFFSET ^ 0x3c6ef372;

/** What a query looks up. */
export interface QueryTerms {
  /** Trigram ids; -1 for a trigram no name has. */
  readonly grams: readonly number[];
  /** The trigram codes (`trigramCode`) those ids stand for, in the same order. */
  readonly codes: readonly number[];
  /** Per trigram, the first and last position it has in the query (see `forEachTrigram`). */
  readonly firstPositions: readonly number[];
  readonly lastPositions: readonly number[];
  /** Distinct trigrams of the query, including those no name has. */
  readonly gramCount: number;
  /** Hashed terms (`TermIndex.terms`) of the units of the query's distinctive part (`coreUnits`) that some name has. */
  readonly rareWords: readonly number[];
  /** The query's other known units: descriptive, generic or frequent. */
  readonly commonWords: readonly number[];
  /** Units of the query's distinctive part, known to the index or not: a name has them all only if all are known. */
  readonly coreUnits: number;
  /** Distinct word units of the query (see `wordUnits`). */
  readonly units: number;
  /** Sound keys, the printed shape, and whole names equal to a beginning of the query long enough for containment. */
  readonly keys: readonly number[];
  /** Transliteration skeletons of the query, as listed for names of the other script. */
  readonly skeletons: readonly number[];
}

/**
 * The inverted lists of distinct names. Trigrams of the look-alike folded name have ids of their own (dense and few,
 * so a query marks its own in a small table) and lists per name length. Everything else is listed under a 30-bit
 * hash of its text, each kind with its own seed: distinctive word units, sound keys, the whole folded name, the
 * printed shape, and transliteration skeletons (Latin and Chinese names apart). A hash collision only merges two lists; it adds candidates, which the comparison then rejects.
 */
export class TermIndex {
  readonly grams = new PackedPostingStore();
  /** Words, keys and skeletons, under their 30-bit hash: their postings carry no position. */
  readonly terms = new HashedPostingStore();
  readonly #gramIds = new Map<number, number>();
  #names = 0;

  /** Number of distinct trigrams. */
  get gramIds(): number {
    return this.#gramIds.size;
  }

  get bytes(): number {
    return this.grams.bytes + this.terms.bytes;
  }

  /** Makes room for about `names` more names at once, ahead of a bulk load. */
  reserve(names: number): void {
    this.grams.reserve(names * GRAMS_PER_NAME);
    this.terms.reserve(names * TERMS_PER_NAME);
  }

  /** Lists a new name; fills `grams` with its trigram ids and returns its number of word units. */
  add(form: number, a: NameAnalysis, grams: number[]): number {
    this.#names++;
    grams.length = 0;
    const visual = a.visual;
    const bucket = Math.min(visual.length, LENGTH_BUCKETS - 1);
    // Every occurrence is listed with its position, so a search can skip names holding the trigram far from where
    // the query has it; `grams` keeps each trigram once. The loop is `forEachTrigram` unrolled: names are added by
    // the hundred thousand.
    let first = START;
    let second = START;
    for (let position = 0; position < visual.length + 2 && visual.length > 0; position++) {
      const third = position < visual.length ? visual.charCodeAt(position) : END;
      const gram = this.#gramId(trigramCode(first, second, third), true);
      this.grams.add(gram * LENGTH_BUCKETS + bucket, form, Math.min(position, MAX_POSITION));
      if (!grams.includes(gram)) grams.push(gram);
      first = second;
      second = third;
    }
    const terms: number[] = [];
    let units = 0;
    forEachNameTerm(a, (kind, text) => {
      const term = termHash(text, kind);
      if (terms.includes(term)) return;
      terms.push(term);
      if (kind === 'word') units++;
    });
    if (visual.length <= NEAR_SPELLING_MAX_LENGTH && hasRareLetter(visual)) {
      for (const variant of lettersLeftOut(visual)) {
        const term = leftOutTerm(variant);
        if (!terms.includes(term)) terms.push(term);
      }
    }
    for (const term of terms) this.terms.add(term, form);
    return Math.min(units, 255);
  }

  save(out: SnapshotWriter): void {
    this.grams.save(out.child('grams'));
    this.terms.save(out.child('terms'));
    // Trigram codes by id: ids are given in order, so restoring them in order gives each its id back.
    out.array('gramCodes', Float64Array.from(this.#gramIds.keys()));
    out.value('names', this.#names);
  }

  /** Takes saved lists into this empty index. */
  restore(from: SnapshotReader): void {
    this.grams.restore(from.child('grams'));
    this.terms.restore(from.child('terms'));
    for (const code of from.array('gramCodes', Float64Array)) this.#gramIds.set(code, this.#gramIds.size);
    this.#names = from.count('names');
  }

  /** Merges recent additions when they are many; call after a batch of `add`. */
  settle(): void {
    this.grams.settle();
    this.terms.settle();
  }

  /** Whether a word unit (`wordUnits`) is in so many names that containing it says little. */
  isCommon(unit: string): boolean {
    return this.terms.frequency(termHash(unit, 'word')) > this.#commonThreshold();
  }

  /** Indexes into `terms.grams` of the query's known trigrams, by their list among names of one length, shortest first. */
  rarestGrams(terms: QueryTerms, bucket: number): number[] {
    const frequency = (i: number): number =>
      this.grams.weight((terms.grams[i] as number) * LENGTH_BUCKETS + bucket);
    const known: number[] = [];
    terms.grams.forEach((gram, i) => {
      if (gram >= 0) known.push(i);
    });
    return known.sort((a, b) => frequency(a) - frequency(b));
  }

  /**
   * Terms under which every name that is `a`, or holds all of `units`, is listed: its whole folded name, and the
   * rarest of the units (a name holding them all holds that one; none when some unit no name has).
   */
  namingTerms(a: NameAnalysis, units: readonly string[]): number[] {
    const found: number[] = [];
    const name = this.#knownTerm(a.visual, 'name');
    if (name >= 0) found.push(name);
    let rarest = -1;
    for (const unit of units) {
      const term = this.#knownTerm(unit, 'word');
      if (term < 0) return found;
      if (rarest < 0 || this.terms.frequency(term) < this.terms.frequency(rarest)) rarest = term;
    }
    if (rarest >= 0 && rarest !== name) found.push(rarest);
    return found;
  }

  /**
   * What `q` looks up; `isCore` tells the units of its distinctive part (`coreUnits`) from the rest, by default the
   * units that are not frequent.
   */
  query(q: NameAnalysis, isCore = (unit: string): boolean => !this.isCommon(unit)): QueryTerms {
    const gramCodes: number[] = [];
    const firstPositions: number[] = [];
    const lastPositions: number[] = [];
    forEachTrigram(
      q.visual.length,
      (i) => q.visual.charCodeAt(i),
      (code, position) => {
        const at = gramCodes.indexOf(code);
        if (at >= 0) {
          lastPositions[at] = position;
          return;
        }
        gramCodes.push(code);
        firstPositions.push(position);
        lastPositions.push(position);
      },
    );
    const grams = gramCodes.map((code) => this.#gramId(code, false));
    const rareWords: number[] = [];
    const commonWords: number[] = [];
    const units = wordUnits(q).units.slice(0, MAX_QUERY_UNITS);
    let coreUnits = 0;
    for (const unit of units) {
      const core = isCore(unit);
      if (core) coreUnits++;
      const term = this.#knownTerm(unit, 'word');
      if (term < 0) continue;
      if (core) rareWords.push(term);
      else commonWords.push(term);
    }
    const keys: number[] = [];
    const skeletons: number[] = [];
    forEachQueryKey(q, (kind, text) => {
      const term = this.#knownTerm(text, kind);
      const list = isSkeleton(kind) ? skeletons : keys;
      if (term >= 0 && !list.includes(term)) list.push(term);
    });
    return {
      grams,
      firstPositions,
      lastPositions,
      codes: gramCodes,
      gramCount: gramCodes.length,
      rareWords,
      commonWords,
      coreUnits,
      units: units.length,
      keys,
      skeletons,
    };
  }

  /**
   * The hashed terms, known to the index, under which every name one edit from `visual` is listed
   * (`forEachOneEdit`), each once. Each variant's hash is taken from the hash of its beginning, which is `visual`'s,
   * without building the string: an eleven-letter query has some 600 variants.
   */
  nearSpellings(visual: string): number[] {
    const found = new Set<number>();
    const m = visual.length;
    const beginnings = new Uint32Array(m + 1);
    beginnings[0] = TERM_SEEDS.name;
    for (let i = 0; i < m; i++) beginnings[i + 1] = fnvStep(beginnings[i] as number, visual.charCodeAt(i));
    forEachOneEdit(visual, (at, inserted, resume) => {
      let hash = beginnings[at] as number;
      for (let i = 0; i < inserted.length; i++) hash = fnvStep(hash, inserted.charCodeAt(i));
      for (let i = resume; i < m; i++) hash = fnvStep(hash, visual.charCodeAt(i));
      const term = hash >>> 2;
      if (this.terms.frequency(term) > 0) found.add(term);
    });
    for (const variant of [visual, ...lettersLeftOut(visual)]) {
      const term = leftOutTerm(variant);
      if (this.terms.frequency(term) > 0) found.add(term);
    }
    return [...found];
  }

  #commonThreshold(): number {
    return Math.max(COMMON_WORD_MINIMUM, this.#names * COMMON_WORD_SHARE);
  }

  #gramId(code: number, create: boolean): number {
    let gram = this.#gramIds.get(code);
    if (gram === undefined) {
      if (!create) return -1;
      gram = this.#gramIds.size;
      this.#gramIds.set(code, gram);
    }
    return gram;
  }

  /** The hashed term of `text`, or -1 when no name is listed under it. */
  #knownTerm(text: string, kind: TermKind): number {
    const term = termHash(text, kind);
    return this.terms.frequency(term) > 0 ? term : -1;
  }
}

/** The term a one-letter-out variant of a name with a rare letter is listed under. */
function leftOutTerm(variant: string): number {
  return fnvHash(variant, LEFT_OUT_SEED) >>> 2;
}

/** The term `text` of `kind` is listed under: 30 bits of its hash, a small integer. */
function termHash(text: string, kind: TermKind): number {
  return fnvHash(text, TERM_SEEDS[kind]) >>> 2;
}
