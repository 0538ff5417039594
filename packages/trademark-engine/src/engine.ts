import { analyzeName, type NameAnalysis } from './analyze.ts';
import { sharedGramFloors, spellingMayReach, UNREACHABLE } from './bounds.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import { OsaMatcher } from './edit-distance.ts';
import { type EstablishedNames, establishedNames } from './established-names.ts';
import { type CompiledFilter, compileFilter, type DatasetMasks, datasetMasks } from './filters.ts';
import {
  CLASSES_HIGH,
  CLASSES_LOW,
  DATASETS_HIGH,
  DATASETS_LOW,
  FIELDS,
  FormColumns,
  SHAPE,
  SHAPE_LENGTH_MASK,
  SHAPE_STATUS_SHIFT,
  SHAPE_WIDE_DATASET,
  SIGNATURE_HIGH,
  SIGNATURE_LOW,
  signatureHighMask,
  signatureHolds,
  signatureLowMask,
} from './form-columns.ts';
import { FormStore } from './form-store.ts';
import { TrigramSet } from './grams.ts';
import { ensureCapacity, GrowableUint32 } from './growable.ts';
import type { HashedPostingStore } from './hashed-postings.ts';
import { MarkTable } from './mark-table.ts';
import { nearSpellingLengths } from './near-spellings.ts';
import { PinyinCache } from './pinyin.ts';
import { PostingStore } from './postings.ts';
import { PrefixOrder } from './prefix-order.ts';
import { packMatch, rankMatches } from './rank.ts';
import {
  type CompareOptions,
  compareNames,
  HIGH_RISK_SCORE,
  KNOWN_APART_CEILING,
  PREFIX_MIN_LENGTH,
  PREFIX_MIN_REST,
  SCORE_FLOOR,
  standApart,
} from './score.ts';
import { SIGNAL_BIT } from './signals.ts';
import { readSnapshot, SnapshotWriter, snapshotFingerprint, writeSnapshot } from './snapshot-file.ts';
import { maxEditsForScore } from './spelling.ts';
import { LENGTH_BUCKETS, type QueryTerms, TermIndex } from './term-index.ts';
import { transliterationScoreOfSounds, transliterationSounds, writtenForMeaning } from './transliteration.ts';
import type { MarkRecord, SearchQuery, SearchResult } from './types.ts';
import { coreUnits } from './word-units.ts';

export interface IndexOptions {
  /** Matches below it are dropped; defaults to `SCORE_FLOOR`. Candidates are pruned against it. */
  readonly scoreFloor?: number;
  /**
   * Names that one signal alone could bring near the query, their spelling or their transliteration into the other
   * script, are read from this score up (at least `scoreFloor`; by default `HIGH_RISK_SCORE`, as in the PostgreSQL
   * mode). Up to twelve letters it allows one edit, so such names are looked up one edit away (`near-spellings.ts`)
   * instead of counted by trigrams over the whole register; a short Chinese query's transliteration skeletons list
   * tens of thousands of Latin names in a large register, and their alignments stop sooner against it. A name that
   * only its spelling or only its transliteration brings to between `scoreFloor` and this is not listed.
   */
  readonly singleSignalFloor?: number;
  /** Share a cache between indexes, or prime it from stored pinyin. */
  readonly pinyin?: PinyinCache;
  /**
   * Which word units are frequent in the register, when this index holds only part of it (the candidates the
   * PostgreSQL mode read); by default, those in more than 0.5% of this index's names.
   */
  readonly isCommonStem?: (unit: string) => boolean;
  /** Brands' established names in both scripts; the shipped list (`establishedNames`) by default, null for none. */
  readonly established?: EstablishedNames | null;
}

/** What the last search did, for benchmarks and tuning. */
export interface SearchDiagnostics {
  /** Distinct names listed under a counted trigram, word or key of the query. */
  touched: number;
  /** Names whose shared trigrams left room to reach the floor and got an edit-distance check. */
  checked: number;
  /** Names compared in full. */
  compared: number;
}

/** An index read back from its snapshot, and what the snapshot says it covers. */
export interface LoadedIndex {
  readonly index: TrademarkIndex;
  readonly meta: unknown;
}

const MAX_QUERY_LENGTH = 200;
// No word mark is longer, and every reading of a name must fit the name store's 16-bit lengths: pinyin takes up to
// six letters for a Chinese character, and folding makes ß two letters.
export const MAX_NAME_LENGTH = 2_000;
const MAX_QUERY_GRAMS = 255;
const BULK_LOAD = 10_000;

// Counter per touched name: counted trigrams in the low byte, then hits of rare words, of common words, of sound
// keys or whole-name keys, and of transliteration skeletons. A name none of whose marks can pass the filters is
// blocked on first touch.
const GRAM = 1;
const RARE_WORD = 1 << 8;
const COMMON_WORD = 1 << 14;
const KEY_HIT = 1 << 20;
const SKELETON_HIT = 1 << 26;
const BLOCKED = 1 << 30;

/** What scoring one touched name needs to know about the search. */
interface ScoringContext {
  readonly q: NameAnalysis;
  readonly terms: QueryTerms;
  /** Fewest trigrams shared with the query, per name length, for the score to reach the floor. */
  readonly floors: Int16Array;
  /** Fewest of the counted trigrams in the current length pass (0 outside the passes). */
  countedFloor: number;
  readonly matcher: OsaMatcher;
  readonly options: Required<CompareOptions>;
  /** Each of the query's trigrams in a name's signature (`signatureLowMask`): a bit it lacks is a trigram it lacks. */
  readonly signatureLow: Int32Array;
  readonly signatureHigh: Int32Array;
  /** The query's trigrams, for counting exactly those a name shares. */
  readonly trigrams: TrigramSet;
  readonly matching: number[];
  checked: number;
  compared: number;
}

/**
 * In-memory index of earlier marks answering "which are confusingly similar to this name".
 *
 * Each distinct name (a "form") is analysed once (`FormStore`) and listed in inverted lists (`TermIndex`) under its
 * trigrams, word units, sound keys and whole-name keys; marks are rows of typed columns pointing at their form
 * (`MarkTable`). A search counts what each name shares with the query in one reused counter per name
 * (`FormColumns`), skipping names none of whose marks can pass the filters. Shared trigrams bound the spelling score
 * (`bounds.ts`), so only names that could still reach the score floor get an edit-distance check, and only those
 * that pass get the full comparison (`score.ts`); the marks of each matching name are then filtered exactly and
 * ranked (`rank.ts`).
 */
export class TrademarkIndex {
  readonly scoreFloor: number;
  readonly singleSignalFloor: number;
  readonly pinyin: PinyinCache;
  /** Whether the pinyin cache is this index's own (not shared through the options). */
  readonly #ownsPinyin: boolean;
  readonly #isCommon: (unit: string) => boolean;
  /** Brands' established names in both scripts that searches use (`IndexOptions.established`); null for none. */
  established: EstablishedNames | null;
  readonly lastSearch: SearchDiagnostics = { touched: 0, checked: 0, compared: 0 };
  readonly #forms = new FormStore();
  readonly #terms = new TermIndex();
  readonly #columns = new FormColumns();
  readonly #marks = new MarkTable();
  /** Mark rows per form. */
  #marksOfForm = new PostingStore();
  /** Names in the order of their visual form, for the names a query begins. */
  readonly #prefixes = new PrefixOrder(this.#forms);

  // Scratch reused by every search, so a query allocates little beyond its result.
  /**
   * Forms in the order the current search first touched them: those words and keys touched first, then those first
   * touched in the current length pass. Each form is touched first once per search, so it never holds more than
   * every form.
   */
  #fresh = new Uint32Array(1024);
  #freshCount = 0;
  /** Per name, the score and signals of the last search that matched it (`packMatch`). */
  #formMatch = new Uint32Array(1024);
  /** The names of one list being counted (`collect` of the trigram or the hashed lists). */
  readonly #collected = new GrowableUint32();
  readonly #gramScratch: number[] = [];
  /** Names only a transliteration skeleton reached (`#scoreTransliterations`), and where each one's sounds are. */
  #heard = new Uint32Array(1024);
  #soundsEnd = new Uint32Array(1024);
  #soundsStart = new Uint32Array(1024);

  constructor(options: IndexOptions = {}) {
    this.scoreFloor = options.scoreFloor ?? SCORE_FLOOR;
    this.singleSignalFloor = Math.max(this.scoreFloor, options.singleSignalFloor ?? HIGH_RISK_SCORE);
    this.pinyin = options.pinyin ?? new PinyinCache();
    this.#ownsPinyin = options.pinyin === undefined;
    this.#isCommon = options.isCommonStem ?? ((unit) => this.#terms.isCommon(unit));
    this.established = options.established === undefined ? establishedNames() : options.established;
  }

  /** Number of marks in the index. */
  get size(): number {
    return this.#marks.size;
  }

  /** Number of distinct names (removed marks' names included, until the process restarts). */
  get names(): number {
    return this.#forms.count;
  }

  has(id: number): boolean {
    return this.#marks.has(id);
  }

  /** Bytes the index holds in typed arrays, by part; strings and maps on the heap come on top. */
  memory(): Record<string, number> {
    const scratch = [this.#fresh, this.#formMatch, this.#heard, this.#soundsEnd, this.#soundsStart];
    return {
      names: this.#forms.bytes + this.#prefixes.bytes,
      terms: this.#terms.bytes,
      nameColumns: this.#columns.bytes,
      marks: this.#marks.bytes + this.#marksOfForm.bytes,
      scratch: scratch.reduce((sum, array) => sum + array.byteLength, 0),
    };
  }

  /** Adds marks; a mark whose id is already indexed replaces the earlier one. */
  add(records: Iterable<MarkRecord>): void {
    // Room for a known batch up front spares growing (and the collector's work) record by record; new names are
    // fewer than records, so that is an upper bound, trimmed after the load.
    if (Array.isArray(records) && records.length >= BULK_LOAD) {
      const batch = records.length;
      this.#marks.reserve(batch);
      this.#marksOfForm.reserve(batch);
      this.#terms.reserve(batch);
      this.#columns.reserve(this.#forms.count + batch);
    }
    let added = 0;
    for (const record of records) {
      this.remove(record.id);
      const name = indexedName(record.name);
      let form = this.#forms.find(name);
      if (form < 0) {
        const analysis = analyzeName(name, this.pinyin);
        form = this.#forms.store(
          name,
          analysis,
          transliterationSounds(analysis),
          writtenForMeaning(analysis),
        );
        const units = this.#terms.add(form, analysis, this.#gramScratch);
        this.#prefixes.add(form);
        this.#columns.describe(form, analysis.visual.length, units, this.#gramScratch);
      }
      this.#join(this.#marks.append(record, form));
      added++;
    }
    this.#terms.settle();
    this.#prefixes.settle();
    this.#marksOfForm.settle();
    // Growing by doubling leaves up to half of each column unused; after a bulk load, give that back, with the
    // caches the load filled.
    if (added >= BULK_LOAD) {
      this.releaseCaches();
      this.#forms.trim();
      this.#columns.trim(this.#forms.count);
      this.#marks.trim();
    }
  }

  /**
   * Writes the whole index to `path` (see `snapshot-file.ts`) with `meta`, the caller's note of what it covers (such
   * as the data cursor it was built to); answers the bytes written. Searches may run meanwhile, but nothing may be
   * added or removed until it resolves: the arrays are written as they lie.
   */
  save(path: string, meta: unknown = null): Promise<number> {
    const out = new SnapshotWriter();
    this.#forms.save(out.child('forms'));
    this.#terms.save(out.child('terms'));
    this.#columns.save(out.child('columns'), this.#forms.count);
    this.#marks.save(out.child('marks'));
    this.#marksOfForm.save(out.child('marksOfForm'));
    this.#prefixes.save(out.child('prefixes'));
    return writeSnapshot(path, snapshotFingerprint(), meta, out);
  }

  /**
   * An index read back from a snapshot written by `save`, with its `meta`; undefined, without reading the index, when
   * `accept` refuses the `meta` (a snapshot of other data). Throws `SnapshotError` when the file is from another
   * engine version ('stale') or damaged ('corrupt'): then the caller builds the index afresh.
   */
  static load(path: string, options?: IndexOptions): Promise<LoadedIndex>;
  static load(
    path: string,
    options: IndexOptions,
    accept: (meta: unknown) => boolean | Promise<boolean>,
  ): Promise<LoadedIndex | undefined>;
  static async load(
    path: string,
    options: IndexOptions = {},
    accept?: (meta: unknown) => boolean | Promise<boolean>,
  ): Promise<LoadedIndex | undefined> {
    const read = await readSnapshot(path, snapshotFingerprint(), accept);
    if (read === undefined) return undefined;
    const { meta, reader } = read;
    const index = new TrademarkIndex(options);
    index.#forms.restore(reader.child('forms'));
    index.#terms.restore(reader.child('terms'));
    index.#columns.restore(reader.child('columns'), index.#forms.count);
    index.#marks.restore(reader.child('marks'));
    index.#marksOfForm.restore(reader.child('marksOfForm'));
    index.#prefixes.restore(reader.child('prefixes'));
    return { index, meta };
  }

  /** Removes a mark; false when the id was not indexed. */
  remove(id: number): boolean {
    if (!this.#marks.remove(id)) return false;
    if (this.#marks.wantsCompaction) this.compact();
    return true;
  }

  /**
   * Drops the pinyin of each Chinese run the names added so far were read with, when the cache is this index's own:
   * a million marks leave some 40 MB of it, and only a query or a name added again asks for a run again (each
   * character's reading stays). The memo of word sounds is kept: the names a search compares in full read their
   * words' sounds again, and it is bounded. Called after a bulk `add`; a caller adding in pages calls it once the
   * pages are in.
   */
  releaseCaches(): void {
    if (this.#ownsPinyin) this.pinyin.forgetRuns();
  }

  /** Converts the Chinese in `names` to pinyin ahead of `add`, for example while the rows are still being read. */
  warmPinyin(names: Iterable<string>): void {
    this.pinyin.warm(names);
  }

  /**
   * Renumbers the live marks densely and recomputes what each name's marks have in common. Names stay listed (a
   * name whose marks are all gone just finds no marks); their number is bounded by the distinct names ever added.
   */
  compact(): void {
    this.#columns.clearUnions(this.#forms.count);
    this.#marksOfForm = new PostingStore();
    this.#marks.compact((row) => this.#join(row));
    this.#marksOfForm.merge();
  }

  /** Whether a word unit (`wordUnits`) is in so many names that containing it says little. */
  isCommonStem(unit: string): boolean {
    return this.#isCommon(unit);
  }

  /**
   * What a search in `classes` compares names with: the frequent words of this index and the descriptive words of
   * those classes, which together are the words a name's distinctive part leaves aside.
   */
  compareOptions(classes?: readonly number[]): Required<CompareOptions> {
    return {
      isCommonStem: this.#isCommon,
      descriptive: descriptiveWordsFor(classes),
      established: this.established,
    };
  }

  /**
   * `compareOptions` for one search, with whether a word is frequent remembered for its length: a search compares
   * thousands of names, mostly made of the same few words (新, 礼), and each answer is a binary search among millions
   * of terms (11% of a short Chinese query's time at ten million marks).
   */
  #searchOptions(classes: readonly number[] | undefined): Required<CompareOptions> {
    const options = this.compareOptions(classes);
    const known = new Map<string, boolean>();
    const isCommonStem = (unit: string): boolean => {
      let common = known.get(unit);
      if (common === undefined) {
        common = options.isCommonStem(unit);
        known.set(unit, common);
      }
      return common;
    };
    return { ...options, isCommonStem };
  }

  search(query: SearchQuery): SearchResult {
    const q = analyzeName(query.text.slice(0, MAX_QUERY_LENGTH), this.pinyin);
    const m = q.visual.length;
    if (m === 0 || m >= MAX_QUERY_GRAMS)
      return { total: 0, maxScore: null, matches: [], classStatistics: {} };
    const marks = this.#marks;
    const filter = compileFilter(query, (dataset) => marks.datasetCode(dataset), marks.designationSets);
    const datasets = datasetMasks(filter);
    this.#prepareScratch();
    const options = this.#searchOptions(query.classes);
    const core = coreUnits(q, { descriptive: options.descriptive, isCommon: options.isCommonStem });
    const terms = this.#terms.query(q, (unit) => core.units.includes(unit));
    const floors = sharedGramFloors({
      floor: this.singleSignalFloor,
      queryLength: m,
      queryGrams: terms.gramCount,
    });
    // Names one edit away are looked up where that is all spelling allows; their lengths need no trigram pass.
    const nearLengths = nearSpellingLengths(this.singleSignalFloor, m);
    for (const length of nearLengths) floors[length] = UNREACHABLE;
    const context = this.#scoringContext(q, terms, floors, options);

    // Words and keys first, over names of any length: their hits ride in the counters into the trigram passes, and
    // the names they touched first are scored last.
    const postings = this.#terms.terms;
    let touched = 0;
    this.#freshCount = 0;
    for (const term of terms.rareWords)
      touched += this.#countTerm(postings, term, RARE_WORD, filter, datasets);
    for (const term of terms.commonWords)
      touched += this.#countTerm(postings, term, COMMON_WORD, filter, datasets);
    for (const term of terms.keys) touched += this.#countTerm(postings, term, KEY_HIT, filter, datasets);
    for (const term of terms.skeletons)
      touched += this.#countTerm(postings, term, SKELETON_HIT, filter, datasets);
    // The established names of a brand the query names, in the other script (STARBUCKS: 星巴克): a name that names
    // the same brand is one of them, or has all of their distinctive part, so it is listed under their whole name or
    // the rarest unit of that part (`compareNames` scores it so).
    const { established } = options;
    if (established !== null) {
      for (const rendering of established.renderingsOf(q, options.descriptive)) {
        for (const term of this.#terms.namingTerms(rendering, established.namingUnits(rendering)))
          touched += this.#countTerm(postings, term, KEY_HIT, filter, datasets);
      }
    }
    // Names the query begins, and names one edit away where that is all spelling allows: looked up, not counted.
    if (m >= PREFIX_MIN_LENGTH) {
      const found = this.#prefixes.collect(q.visual, m + PREFIX_MIN_REST, 2 * m, this.#collected);
      touched += this.#count(found, KEY_HIT, filter, datasets);
    }
    if (nearLengths.length > 0) {
      for (const term of this.#terms.nearSpellings(q.visual))
        touched += this.#countTerm(postings, term, KEY_HIT, filter, datasets);
    }

    // Then trigrams, one name length at a time, each length scored right after it is counted while its names are
    // still in cache. Prefix filtering: a name sharing at least `floor` trigrams with the query shares one of any
    // (trigrams - floor + 1) of them, so only that many of the rarest are counted.
    const early = this.#freshCount;
    for (let bucket = 1; bucket < LENGTH_BUCKETS; bucket++) {
      // The last bucket holds every longer name; its floor is the lowest of theirs.
      const last = bucket === LENGTH_BUCKETS - 1;
      const floor = last ? Math.min(...floors.subarray(bucket)) : (floors[bucket] as number);
      if (floor === UNREACHABLE) continue;
      const counted = terms.gramCount - floor + 1;
      // Position filtering: within the edits spelling allows, a shared trigram moves by at most that many places.
      const shift = maxEditsForScore(this.singleSignalFloor, last ? MAX_QUERY_GRAMS : Math.max(m, bucket));
      const rarest = this.#terms.rarestGrams(terms, bucket);
      // Trigrams no name has are counted too: nobody shares them.
      const missing = terms.gramCount - rarest.length;
      this.#freshCount = early;
      for (let i = 0; i < counted - missing; i++) {
        const g = rarest[i] as number;
        const list = (terms.grams[g] as number) * LENGTH_BUCKETS + bucket;
        const from = (terms.firstPositions[g] as number) - shift;
        const to = (terms.lastPositions[g] as number) + shift;
        const found = this.#terms.grams.collect(list, from, to, this.#collected);
        touched += this.#count(found, GRAM, filter, datasets);
      }
      context.countedFloor = Math.max(1, floor - (terms.gramCount - counted));
      for (let i = early; i < this.#freshCount; i++) this.#scoreForm(context, this.#fresh[i] as number);
    }
    // Last, the names words or keys touched first, with what the trigram passes added to their counters; those only a
    // transliteration skeleton reached are set aside and heard together.
    context.countedFloor = 0;
    const fields = this.#columns.fields;
    let heard = 0;
    for (let i = 0; i < early; i++) {
      const form = this.#fresh[i] as number;
      const counter = fields[form * FIELDS] as number;
      if (counter >= BLOCKED || counter % SKELETON_HIT !== 0) {
        this.#scoreForm(context, form);
        continue;
      }
      fields[form * FIELDS] = 0;
      if (heard === this.#heard.length) this.#heard = ensureCapacity(this.#heard, heard + 1);
      this.#heard[heard++] = form;
    }
    this.#scoreTransliterations(context, heard);
    this.lastSearch.touched = touched;
    this.lastSearch.checked = context.checked;
    this.lastSearch.compared = context.compared;
    return rankMatches({
      forms: context.matching,
      formMatch: this.#formMatch,
      marksOfForm: this.#marksOfForm,
      marks: this.#marks,
      filter,
      offset: query.offset ?? 0,
      limit: query.limit,
      inOtherScript: (form) => this.#forms.hasHan(form) !== q.hasHan,
    });
  }

  /** `#count` over the names listed under a hashed term. */
  #countTerm(
    postings: HashedPostingStore,
    term: number,
    increment: number,
    filter: CompiledFilter,
    datasets: DatasetMasks,
  ): number {
    const found = postings.collect(term, this.#collected);
    return this.#count(found, increment, filter, datasets);
  }

  /**
   * Adds `increment` to the counter of each of the `found` names a list's `collect` left in `#collected`, testing on
   * first touch whether any of its marks may pass the filters (from the union of its marks' fields); returns how many
   * names it touched first.
   */
  #count(found: number, increment: number, filter: CompiledFilter, datasets: DatasetMasks): number {
    const fields = this.#columns.fields;
    const fresh = this.#fresh;
    let freshCount = this.#freshCount;
    const statusMask = filter.statusMask << SHAPE_STATUS_SHIFT;
    const byClass = filter.byClass;
    const wantLow = filter.classLow;
    const wantHigh = filter.classHigh;
    let first = 0;
    const names = this.#collected.data;
    for (let i = 0; i < found; i++) {
      const form = names[i] as number;
      const base = form * FIELDS;
      const current = fields[base] as number;
      if (current !== 0) {
        if (current < BLOCKED) fields[base] = current + increment;
        continue;
      }
      first++;
      fresh[freshCount++] = form;
      const shape = fields[SHAPE + base] as number;
      const datasetsMatch =
        datasets.all ||
        (shape & SHAPE_WIDE_DATASET) !== 0 ||
        (((fields[DATASETS_LOW + base] as number) & datasets.low) |
          ((fields[DATASETS_HIGH + base] as number) & datasets.high)) !==
          0;
      const classesMatch =
        !byClass ||
        (((fields[CLASSES_LOW + base] as number) & wantLow) |
          ((fields[CLASSES_HIGH + base] as number) & wantHigh)) !==
          0;
      fields[base] = (shape & statusMask) !== 0 && datasetsMatch && classesMatch ? increment : BLOCKED;
    }
    this.#freshCount = freshCount;
    return first;
  }

  #scoringContext(
    q: NameAnalysis,
    terms: QueryTerms,
    floors: Int16Array,
    options: Required<CompareOptions>,
  ): ScoringContext {
    const known = terms.grams.filter((gram) => gram >= 0);
    return {
      q,
      terms,
      floors,
      countedFloor: 0,
      matcher: new OsaMatcher(q.visual),
      options,
      signatureLow: Int32Array.from(known, signatureLowMask),
      signatureHigh: Int32Array.from(known, signatureHighMask),
      trigrams: new TrigramSet(terms.codes),
      matching: [],
      checked: 0,
      compared: 0,
    };
  }

  /**
   * Scores one touched name if it may reach the floor, and clears its counter. Most touched names share a trigram or
   * two by chance: the counted trigrams rule out many, the signature (which can only overcount) most of the rest,
   * and the exact count the remainder; only then come edit distance and the full comparison.
   */
  #scoreForm(context: ScoringContext, form: number): void {
    const fields = this.#columns.fields;
    const base = form * FIELDS;
    const counter = fields[base] as number;
    fields[base] = 0;
    if (counter >= BLOCKED) return;
    const { q, terms } = context;
    let candidate = counter >= KEY_HIT || (counter >= RARE_WORD && this.#wordsMayReach(terms, counter, form));
    if (!candidate) {
      const length = (fields[SHAPE + base] as number) & SHAPE_LENGTH_MASK;
      const floor = context.floors[length] as number;
      if (floor === UNREACHABLE || (counter & 0xff) < context.countedFloor) return;
      const { signatureLow, signatureHigh } = context;
      const low = fields[SIGNATURE_LOW + base] as number;
      const high = fields[SIGNATURE_HIGH + base] as number;
      let bound = 0;
      for (let g = 0; g < signatureLow.length; g++) {
        if (signatureHolds(low, high, signatureLow[g] as number, signatureHigh[g] as number)) bound++;
      }
      if (bound < floor || this.#sharedGrams(context, form) < floor) return;
      context.checked++;
      candidate = this.#spellingMayReach(q, form, context.matcher);
    }
    if (!candidate) return;
    context.compared++;
    const { score, signals } = compareNames(q, this.#forms.analysis(form), context.options);
    if (score < this.scoreFloor) return;
    this.#formMatch[form] = packMatch(score, signals);
    context.matching.push(form);
  }

  /**
   * Scores the first `count` names of `#heard`, which only a transliteration skeleton reached: such a name shares no
   * counted trigram, word or key with the query, so no other signal can reach the floor and its transliteration is
   * its score (see `compareNames`), aligned from the sounds the store keeps without rebuilding the name's reading (a
   * short Chinese query reaches tens of thousands, 乔丹 89,000 at ten million marks). Each name's sounds are two
   * dependent cache misses away (its offset, then the pool): passes that only load let the processor wait for many at
   * once, where aligning each name as it was found waited for them one by one (a third of such a query's time).
   */
  #scoreTransliterations(context: ScoringContext, count: number): void {
    const forms = this.#forms;
    const heard = this.#heard;
    if (this.#soundsEnd.length < count) {
      this.#soundsEnd = ensureCapacity(this.#soundsEnd, count);
      this.#soundsStart = ensureCapacity(this.#soundsStart, count);
    }
    const ends = this.#soundsEnd;
    const starts = this.#soundsStart;
    for (let i = 0; i < count; i++) ends[i] = forms.soundsEnd(heard[i] as number);
    for (let i = 0; i < count; i++) starts[i] = forms.soundsStartBefore(ends[i] as number);
    const pool = forms.chars.data;
    const { q } = context;
    // Scores are shown to a tenth: one that rounds up to the floor is kept. The transliteration is the name's only
    // signal, so it is read from the single-signal floor.
    const floor = this.singleSignalFloor - 0.05;
    // Skeleton lists hold the other script's names only: a Chinese query meets Latin names, whose flags need not be
    // read (one cache miss less on each name a short Chinese query aligns).
    const hasHan = !q.hasHan;
    // Such a name shares no word or key with the established names of a brand the query names, so it does not name the
    // same brand; when it names another, the two stand apart under high risk (`compareNames`).
    const { established, descriptive } = context.options;
    const known = established !== null && established.brandsOf(q, descriptive).all.length > 0;
    for (let i = 0; i < count; i++) {
      const start = starts[i] as number;
      const end = ends[i] as number;
      if (start === end) continue;
      const form = heard[i] as number;
      context.compared++;
      const exact = transliterationScoreOfSounds(
        q,
        pool,
        hasHan,
        floor,
        hasHan && forms.writtenForMeaning(form),
        start,
        end - start,
      );
      let score = Math.round(exact * 10) / 10;
      if (score < this.scoreFloor) continue;
      if (known && score >= HIGH_RISK_SCORE && standApart(q, forms.analysis(form), established, descriptive))
        score = KNOWN_APART_CEILING;
      this.#formMatch[form] = packMatch(score, score >= SCORE_FLOOR ? SIGNAL_BIT.transliteration : 0);
      context.matching.push(form);
    }
  }

  /**
   * Trigrams a name shares with the query, counted exactly from its characters: a list of each name's trigrams
   * would cost some 50 bytes a name to save a few hash probes on the few thousand names a search counts this way.
   */
  #sharedGrams(context: ScoringContext, form: number): number {
    const forms = this.#forms;
    return context.trigrams.sharedWith(
      forms.chars.data,
      forms.visualOffset[form] as number,
      forms.visualLength[form] as number,
    );
  }

  /**
   * Whether shared word units could make a containment, word-order, plural or descriptive-words finding (see
   * `score.ts`): every unit of the name is in the query, or every unit of the query's distinctive part is in the name.
   */
  #wordsMayReach(terms: QueryTerms, counter: number, form: number): boolean {
    const rare = (counter >>> 8) & 63;
    const words = rare + ((counter >>> 14) & 63);
    if (words === 0) return false;
    if (words === this.#columns.units(form)) return true;
    return rare > 0 && rare === terms.coreUnits;
  }

  /**
   * For a name with enough shared trigrams: the exact check by edit distance (names the query begins were looked up
   * and need none).
   */
  #spellingMayReach(q: NameAnalysis, form: number, matcher: OsaMatcher): boolean {
    const forms = this.#forms;
    const n = forms.visualLength[form] as number;
    const offset = forms.visualOffset[form] as number;
    return spellingMayReach(
      this.singleSignalFloor,
      q.visual.length,
      n,
      matcher.distance(forms.chars.data, offset, n),
    );
  }

  /** Adds a mark to its form's list and to the union of its form's filter fields. */
  #join(row: number): void {
    const marks = this.#marks;
    const form = marks.form[row] as number;
    this.#marksOfForm.add(form, row);
    const dataset = marks.dataset[row] as number;
    const status = marks.status[row] as number;
    this.#columns.join(form, dataset, status, marks.classLowOf(row), marks.classHighOf(row));
  }

  #prepareScratch(): void {
    const forms = this.#forms.count;
    if (this.#formMatch.length < forms) this.#formMatch = ensureCapacity(this.#formMatch, forms);
    if (this.#fresh.length < forms) this.#fresh = new Uint32Array(this.#formMatch.length);
  }
}

/** The part of a mark's name the index keeps: all of it, unless it is longer than any word mark. */
function indexedName(name: string): string {
  if (name.length <= MAX_NAME_LENGTH) return name;
  // A cut between the halves of a surrogate pair would leave half a character.
  const last = name.charCodeAt(MAX_NAME_LENGTH - 1);
  return name.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_NAME_LENGTH - 1 : MAX_NAME_LENGTH);
}
