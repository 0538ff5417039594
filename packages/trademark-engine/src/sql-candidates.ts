import type { NameAnalysis } from './analyze.ts';
import type { EstablishedNames } from './established-names.ts';
import { forEachQueryKey, isSkeleton, TERM_KINDS, type TermKind } from './name-terms.ts';
import { lettersLeftOut } from './near-spellings.ts';
import { PREFIX_MIN_LENGTH, PREFIX_MIN_REST } from './score.ts';
import { maxEditsForScore } from './spelling.ts';
import { coreUnits, type WeakWords, wordUnits } from './word-units.ts';

/**
 * Ordered trigrams (pg_trgm's) of the query one edit can break: an insertion the two spanning its place, a deletion
 * the three holding the letter, any edit (a swap of neighbours) the four holding either letter.
 */
const BROKEN_BY_INSERTION = 2;
const BROKEN_BY_DELETION = 3;
const BROKEN_BY_ANY_EDIT = 4;
/** A query of more distinct words than this finds the names made of its words through the GIN index instead. */
const MAX_SUBSET_WORDS = 8;
/** The lowest similarity a query is looked up at: below it a trigram in common is chance, and the lists are long. */
const MIN_SIMILARITY = 0.1;

/** What a query looks up, as the table writes it (`termText`). */
export interface SqlQueryTerms {
  /** Sound keys, whole names and printed shapes. */
  readonly keys: string[];
  /** The other script's transliteration skeletons matching the query's. */
  readonly skeletons: string[];
  /** All distinctive units: a name holding them all may contain the query's distinctive part. */
  readonly coreWords: string[];
  /** Every unit: a name whose units are all among them is contained in the query. */
  readonly allWords: string[];
  /** Every unit of the established names in the other script of the brand the query names: a name sharing one is read. */
  readonly renderingWords: string[];
}

/**
 * The terms of `q`, split as the in-memory search splits them: a name sharing a key is compared; one sharing words
 * only when its units are all in the query or it holds every distinctive unit of the query (`#wordsMayReach`).
 */
export function queryTerms(
  q: NameAnalysis,
  weak: WeakWords,
  established: EstablishedNames | null = null,
): SqlQueryTerms {
  const keys: string[] = [];
  const skeletons: string[] = [];
  forEachQueryKey(q, (kind, text) => {
    const list = isSkeleton(kind) ? skeletons : keys;
    const term = termText(kind, text);
    if (!list.includes(term)) list.push(term);
  });
  // The established names are looked up by their whole names and word units, as the in-memory index counts them.
  const renderingWords: string[] = [];
  if (established !== null) {
    for (const rendering of established.renderingsOf(q, weak.descriptive)) {
      const name = termText('name', rendering.visual);
      if (!keys.includes(name)) keys.push(name);
      for (const unit of established.namingUnits(rendering)) renderingWords.push(termText('word', unit));
    }
  }
  const core = coreUnits(q, weak);
  const allWords = wordUnits(q).units.map((unit) => termText('word', unit));
  const coreWords = core.units.map((unit) => termText('word', unit));
  return { keys, skeletons, coreWords, allWords, renderingWords };
}

/** A term as the table stores it: the kind's letter, a colon, the text. */
export function termText(kind: TermKind, text: string): string {
  return `${TERM_KINDS[kind]}:${text}`;
}

/**
 * The pg_trgm similarity (shared over all trigrams, `similarity()`) below which no name of any length can reach
 * `floor` by spelling: within the edits the floor allows (`maxEditsForScore`), each breaking at most two, three or
 * four of the query's ordered trigrams (`BROKEN_BY_…`), and a name starting with the query sharing all but the
 * last. Never below `MIN_SIMILARITY`. Names that may share no trigram at all are left to `swappedNames`.
 */
export function similarityFloor(floor: number, queryLength: number): number {
  let lowest = 1;
  forEachReachableLength(floor, queryLength, (n, shared) => {
    lowest = Math.min(lowest, Math.max(1, shared) / (queryLength + 1 + n + 1 - Math.max(1, shared)));
  });
  return Math.max(MIN_SIMILARITY, Math.floor(lowest * 100) / 100);
}

/**
 * The query with two neighbouring letters swapped, each a whole name to look up, when a name that close may share no
 * ordered trigram with it (a swap breaks four: "ucc" and "cuc" share none); only a query of at most three letters
 * under the score floor of 50, where one edit is allowed and a single other edit breaks at most three.
 */
export function swappedNames(floor: number, visual: string): string[] {
  let sharesNone = false;
  forEachReachableLength(floor, visual.length, (_, shared) => {
    if (shared <= 0) sharesNone = true;
  });
  if (!sharesNone) return [];
  const names: string[] = [];
  for (let i = 0; i + 1 < visual.length; i++) {
    names.push(visual.slice(0, i) + visual[i + 1] + visual[i] + visual.slice(i + 2));
  }
  return names;
}

/** Names up to this long are listed under their one-letter-out keys (`nearKeys`). */
export const NEAR_MAX_LENGTH = 12;
/** Names of these lengths are listed under the one-letter-out keys of their halves. */
export const HALVES_MIN_LENGTH = 11;
export const HALVES_MAX_LENGTH = 30;

/**
 * A name's near keys, exact keys under which a query finds every name one or two edits away without the trigram
 * lookup's recheck (pg_trgm hands back every name sharing a few of the query's trigrams, thousands at a million marks,
 * each read and compared):
 * - up to `NEAR_MAX_LENGTH` letters, the name and the name with each one of its letters left out. Two strings one
 *   edit apart (a letter replaced, added, dropped, or two neighbours swapped) share one: a replaced letter left out
 *   of both, an added one out of the longer, either swapped letter out of both ("xaby", "xbay": "xby");
 * - from `HALVES_MIN_LENGTH` to `HALVES_MAX_LENGTH` letters, the same keys of the first half, and the second half
 *   without its first letter, each marked as such (not with the name's length: a query looks up fewer keys, and a
 *   half says much of a name's length). Within two edits, either the first half holds at most one, and is within one
 *   edit of the query's beginning as long as the half, one letter more or one less; or it holds both, and the second
 *   half differs from the query's end as long as it at most in its first letter (a swap across the middle is one
 *   replaced letter in each half), so the two end alike (`queryNearKeys`).
 */
export function nearKeys(visual: string): string[] {
  const n = visual.length;
  const keys = n <= NEAR_MAX_LENGTH ? oneLetterOut(visual, ':') : [];
  if (n >= HALVES_MIN_LENGTH && n <= HALVES_MAX_LENGTH) {
    const half = n >> 1;
    keys.push(...oneLetterOut(visual.slice(0, half), '<'), `>${wellFormed(visual.slice(half + 1))}`);
  }
  return keys;
}

/**
 * The near keys a query looks up when they reach every name spelling can bring to `floor` (`maxEditsForScore`): each
 * length within reach allows one edit and is listed whole, or two and is listed by halves. Otherwise undefined, and
 * the query is looked up by trigram similarity. Names the query begins are a lookup of their own (`candidateQuery`).
 *
 * By halves, the query's beginnings are looked up with a letter left out, its ends only as they are (`nearKeys`): a
 * name's end is often a common word (KITCHEN, 食品 shipin) whose one-letter-out keys listed thousands of names of
 * other beginnings, each read and compared (昌寿食品: 4,711 names, 15 ms of a 30 ms statement).
 */
export function queryNearKeys(floor: number, visual: string): string[] | undefined {
  const m = visual.length;
  const keys = new Set<string>();
  const beginnings = new Set<number>();
  const ends = new Set<number>();
  for (let n = 1; n <= 2 * m + 2; n++) {
    const edits = maxEditsForScore(floor, Math.max(m, n));
    if (Math.abs(n - m) > edits) continue;
    if (edits <= 1 && n <= NEAR_MAX_LENGTH) {
      for (const key of oneLetterOut(visual, ':')) keys.add(key);
    } else if (edits <= 2 && n >= HALVES_MIN_LENGTH && n <= HALVES_MAX_LENGTH) {
      const half = n >> 1;
      for (let shift = -1; shift <= 1; shift++) {
        const start = half + shift;
        if (start >= 0 && start <= m) beginnings.add(start);
      }
      // Both edits in the first half: the second half is the query's end of its length, but for its first letter.
      const end = n - half - 1;
      if (edits === 2 && end <= m) ends.add(end);
    } else return undefined;
  }
  // Lengths of different names share their parts' keys: each length of part is looked up once, whatever name it is
  // half of (a key looked up costs a probe of every register's index).
  for (const length of beginnings)
    for (const key of oneLetterOut(visual.slice(0, length), '<')) keys.add(key);
  for (const length of ends) keys.add(`>${wellFormed(visual.slice(m - length))}`);
  return [...keys];
}

/**
 * `tag` and the string, then `tag` and each of its one-letter-out variants, distinct. Letters are UTF-16 units, as the
 * engine counts edits; half of a surrogate pair becomes U+FFFD (PostgreSQL text holds no lone surrogate), the same
 * on both sides.
 */
function oneLetterOut(text: string, tag: string): string[] {
  return [...new Set([text, ...lettersLeftOut(text)].map((key) => tag + wellFormed(key)))];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with each lone surrogate replaced by U+FFFD (`String.prototype.toWellFormed`, past this target's lib). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** Each name length that may reach `floor`, with the fewest ordered trigrams it shares with the query for certain. */
function forEachReachableLength(
  floor: number,
  m: number,
  visit: (length: number, shared: number) => void,
): void {
  // pg_trgm pads a word with two spaces before and one after: a word of n letters has n + 1 trigrams.
  const queryGrams = m + 1;
  for (let n = 1; n <= 2 * m + 1; n++) {
    const edits = maxEditsForScore(floor, Math.max(m, n));
    const startsWithQuery = m >= PREFIX_MIN_LENGTH && n >= m + PREFIX_MIN_REST && n <= 2 * m;
    if (startsWithQuery) visit(n, m);
    else if (Math.abs(n - m) <= edits) {
      // A longer name needs an insertion per extra letter, a shorter one a deletion; the other edits may be anything.
      const lengthEdits = Math.abs(n - m);
      const perLengthEdit = n > m ? BROKEN_BY_INSERTION : BROKEN_BY_DELETION;
      visit(n, queryGrams - perLengthEdit * lengthEdits - BROKEN_BY_ANY_EDIT * (edits - lengthEdits));
    }
  }
}

/**
 * What the caller ranks a mark by (`CandidateRow` in `sql-search.ts`). The arrays come as JSON text: the driver parses
 * a text array character by character in JavaScript, which took most of a search with thousands of candidates (EL
 * CIELO: 6,698 rows, 24 ms in the executor and 80 ms or more to the caller).
 */
const CANDIDATE_COLUMNS =
  'dataset, mark_id, name, status, to_json(classes)::text AS classes, to_json(designations)::text AS designations, ' +
  'NULL::bytea AS sounds';
/** What the candidate statement reads of a mark only a skeleton reached: its name and sounds, the rest left null. */
const SKELETON_COLUMNS =
  'dataset, mark_id, name, NULL::varchar AS status, NULL::text AS classes, NULL::text AS designations, sounds';

/** The statement reading every column of the marks numbered `$1`: those of the skeleton rows the caller keeps. */
export function marksQuery(table: string): string {
  return `SELECT ${CANDIDATE_COLUMNS}, false AS by_skeleton FROM ${table} WHERE mark_id = ANY($1::bigint[])`;
}

/**
 * The statement reading a query's candidates: one branch per kind of finding, each able to use its own GIN index (an
 * OR across them makes the planner scan the table), only those the query has, within the query's registers.
 */
export function candidateQuery(
  table: string,
  floor: number,
  visual: string,
  terms: SqlQueryTerms,
  datasets: readonly string[] | undefined,
): { text: string; params: unknown[]; shape: string } {
  const m = visual.length;
  // What `spellingMayReach` lets through, a little wider: within the edits the floor allows at the longer length
  // (Levenshtein counts a swap of neighbours as two edits, the engine as one), or the query starting a longer name.
  const edits = Array.from({ length: m + maxEditsForScore(floor, 2 * m) + 1 }, (_, i) =>
    i === 0 ? 0 : 2 * Math.max(0, maxEditsForScore(floor, Math.max(m, i))),
  );
  const prefixes = m >= PREFIX_MIN_LENGTH ? [m + PREFIX_MIN_REST, 2 * m] : [1, 0];
  const words = [...new Set(terms.allWords)];
  const fewWords = words.length <= MAX_SUBSET_WORDS;
  const near = queryNearKeys(floor, visual);
  const withinEdits = `levenshtein_less_equal(visual, $2, ($7::integer[])[length(visual) + 1])
        <= ($7::integer[])[length(visual) + 1]`;
  const startsWithQuery =
    'length(visual) BETWEEN $8::integer AND $9::integer AND left(visual, length($2)) = $2';
  const spelling =
    near === undefined
      ? [`visual % $2 AND (${withinEdits} OR (${startsWithQuery}))`]
      : [
          `near && $10::text[] AND ${withinEdits}`,
          // Names the query begins, from the C-ordered index: they sort after the query and before it followed by
          // the last code point.
          ...(m >= PREFIX_MIN_LENGTH
            ? [`visual COLLATE "C" >= $2 AND visual COLLATE "C" < $11 AND ${startsWithQuery}`]
            : []),
        ];
  const branches = [
    ...spelling,
    'keys && $3::text[]',
    // Names holding every distinctive word of the query (the GIN index intersects the words' lists).
    'words @> $4::text[]',
    // Names whose words are all among the query's: their sets of words are the query's subsets.
    'word_set = ANY($5::text[])',
    // The same for a query of many words, through the GIN index.
    'words && $6::text[] AND words <@ $6::text[]',
    // Names sharing a distinctive word with an established name of a brand the query names (none for most queries).
    'words && $13::text[]',
  ];
  // Two statements, with and without registers: an `$1 IS NULL OR …` would keep the planner from leaving out the
  // partitions of other registers.
  const within = datasets?.length ? ' AND dataset = ANY($1::text[])' : ' AND $1::text[] IS NULL';
  // Names only a skeleton reaches can score by transliteration alone: the caller scores their names first and reads
  // the rest of the few it keeps (`SKELETON_COLUMNS`). A short Chinese name's skeletons list thousands of Latin names,
  // and sending each one's classes and designations, deduplicating and sorting them all took most of its search.
  const union = [
    ...branches.map(
      (where) => `SELECT ${CANDIDATE_COLUMNS}, false AS by_skeleton FROM ${table} WHERE ${where}${within}`,
    ),
    `SELECT ${SKELETON_COLUMNS}, true AS by_skeleton FROM ${table} WHERE keys && $12::text[]${within}`,
  ].join('\nUNION ALL\n');
  return {
    // Every form takes the same parameters; the CTE gives those a form leaves out their types (never evaluated). Rows
    // come unordered and may repeat, one per branch that found them: the caller deduplicates and orders the few kept.
    text: `WITH typed AS (SELECT $8::integer, $9::integer, $10::text[], $11::text)
      SELECT * FROM (${union}) AS found`,
    // A name for the statement's form, to prepare each form once.
    shape: `${datasets?.length ? 'in' : 'all'}_${near === undefined ? 'trigrams' : m >= PREFIX_MIN_LENGTH ? 'near_prefix' : 'near'}`,
    params: [
      datasets?.length ? [...datasets] : null,
      visual,
      [...terms.keys, ...swappedNames(floor, visual).map((name) => termText('name', name))],
      terms.coreWords.length > 0 ? terms.coreWords : null,
      fewWords ? nonEmptySubsets(words).map(wordSet) : [],
      fewWords ? null : words,
      edits,
      prefixes[0],
      prefixes[1],
      near ?? [],
      `${wellFormed(visual)}\u{10FFFF}`,
      terms.skeletons,
      terms.renderingWords,
    ],
  };
}

/** A name's words as the `word_set` column keeps them: distinct, sorted, one per line. */
export function wordSet(words: readonly string[]): string {
  return [...new Set(words)].sort().join('\n');
}

function nonEmptySubsets<T>(items: readonly T[]): T[][] {
  const subsets: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) subsets.push(items.filter((_, i) => (mask >> i) & 1));
  return subsets;
}
