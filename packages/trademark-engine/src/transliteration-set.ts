import { readFileSync } from 'node:fs';
import { analyzeName } from './analyze.ts';
import { descriptiveWordsFor } from './descriptive.ts';
import type { EstablishedNames } from './established-names.ts';
import { PinyinCache } from './pinyin.ts';
import type { MarkRecord, SearchQuery, SearchResult } from './types.ts';

/** What answers a search: a `TrademarkIndex`, or the answers of the PostgreSQL mode read ahead. */
export interface Searcher {
  search(query: SearchQuery): SearchResult;
}

export const TRANSLITERATION_KINDS = ['brand', 'seller', 'invented'] as const;
export type TransliterationKind = (typeof TRANSLITERATION_KINDS)[number];
/** How the Chinese name renders the Latin one: by sound, or wholly or partly by meaning (星巴克 STARBUCKS, 星 star). */
export const RENDERINGS = ['sound', 'meaning'] as const;
export type Rendering = (typeof RENDERINGS)[number];

/** A mark's Latin name and its Chinese transliteration (or the Latin rendering of a Chinese name). */
export interface TransliterationPair {
  readonly latin: string;
  readonly chinese: string;
  readonly kind: TransliterationKind;
  /** Kept out of tuning: evaluated on its own. */
  readonly heldOut: boolean;
  /** `meaning` pairs cannot be found by sound: recall is reported with and without them. */
  readonly rendering: Rendering;
  readonly note?: string;
}

/** The pairs of `transliteration/transliteration.json`, as the tests and the bench read them. */
export function readTransliterationSet(): TransliterationPair[] {
  const file = new URL('../transliteration/transliteration.json', import.meta.url);
  return parseTransliterationSet(JSON.parse(readFileSync(file, 'utf8')));
}

/** Reads `transliteration/transliteration.json`; throws a TypeError naming the first malformed pair. */
export function parseTransliterationSet(json: unknown): TransliterationPair[] {
  const pairs = (json as { pairs?: unknown } | null)?.pairs;
  if (!Array.isArray(pairs)) throw new TypeError('transliteration set: expected { pairs: [...] }');
  return pairs.map((entry: unknown, i): TransliterationPair => {
    const where = `transliteration pair ${i}`;
    if (typeof entry !== 'object' || entry === null) throw new TypeError(`${where}: not an object`);
    const { latin, chinese, kind, heldOut, rendering, note } = entry as Record<string, unknown>;
    if (typeof latin !== 'string' || latin.trim() === '')
      throw new TypeError(`${where}: "latin" must be text`);
    if (typeof chinese !== 'string' || !/\p{Script=Han}/u.test(chinese))
      throw new TypeError(`${where}: "chinese" must hold Chinese characters`);
    if (!TRANSLITERATION_KINDS.includes(kind as TransliterationKind))
      throw new TypeError(`${where}: "kind" must be one of ${TRANSLITERATION_KINDS.join(', ')}`);
    if (heldOut !== undefined && typeof heldOut !== 'boolean')
      throw new TypeError(`${where}: "heldOut" must be true or false`);
    if (rendering !== undefined && !RENDERINGS.includes(rendering as Rendering))
      throw new TypeError(`${where}: "rendering" must be one of ${RENDERINGS.join(', ')}`);
    return {
      latin,
      chinese,
      kind: kind as TransliterationKind,
      heldOut: heldOut === true,
      rendering: (rendering as Rendering | undefined) ?? 'sound',
      ...(typeof note === 'string' ? { note } : {}),
    };
  });
}

/** Two marks per pair, numbered from `firstId`: the Latin one (even offset), then the Chinese one, both filed in CN. */
export function transliterationMarks(pairs: readonly TransliterationPair[], firstId: number): MarkRecord[] {
  return pairs.flatMap((pair, i) => [
    { id: firstId + 2 * i, name: pair.latin, dataset: 'CN', niceClass: [25], status: 'registered' as const },
    {
      id: firstId + 2 * i + 1,
      name: pair.chinese,
      dataset: 'CN',
      niceClass: [25],
      status: 'registered' as const,
    },
  ]);
}

export interface TransliterationEvaluation {
  /** Searches run: each pair's Latin name and its Chinese name. */
  readonly queries: number;
  /** Share of searches with the other script's mark in the top ten at `foundScore` or above. */
  readonly recall: number;
  /** Searches and recall of the pairs rendered by sound only (`rendering` not `meaning`). */
  readonly phoneticQueries: number;
  readonly phoneticRecall: number;
  /** Share of searches where another pair's mark in the other script scored `foundScore` or above. */
  readonly falseFlagRate: number;
  /** The same for another pair's mark in the query's own script (spelling, pinyin and word findings). */
  readonly sameScriptFlagRate: number;
  readonly missed: readonly string[];
  readonly flagged: readonly string[];
}

/**
 * Searches each pair both ways in an index holding `transliterationMarks(pairs, firstId)` (numbered against
 * `allPairs`, the whole set) and measures how often the other script's mark is found and how often another pair's
 * mark is flagged.
 */
export function evaluateTransliterations(
  index: Searcher,
  allPairs: readonly TransliterationPair[],
  firstId: number,
  include: (pair: TransliterationPair) => boolean,
  foundScore: number,
): TransliterationEvaluation {
  const setIds = new Set(transliterationMarks(allPairs, firstId).map((mark) => mark.id));
  let queries = 0;
  let found = 0;
  let phoneticQueries = 0;
  let phoneticFound = 0;
  const missed: string[] = [];
  const flagged: string[] = [];
  let sameScriptFlags = 0;
  allPairs.forEach((pair, i) => {
    if (!include(pair)) return;
    const latinId = firstId + 2 * i;
    const ownIds = [latinId, latinId + 1];
    for (const [text, expected, other] of [
      [pair.latin, latinId + 1, pair.chinese],
      [pair.chinese, latinId, pair.latin],
    ] as const) {
      queries++;
      const phonetic = pair.rendering === 'sound';
      if (phonetic) phoneticQueries++;
      const matches = index.search({ text }).matches;
      const hit = matches.slice(0, 10).find((match) => match.id === expected);
      if (hit !== undefined && hit.score >= foundScore) {
        found++;
        if (phonetic) phoneticFound++;
      } else missed.push(`${text} → ${other}`);
      const others = matches.filter(
        (match) => match.score >= foundScore && setIds.has(match.id) && !ownIds.includes(match.id),
      );
      // Latin marks sit at even offsets from `firstId`, Chinese ones at odd offsets.
      const otherScript = (expected - firstId) % 2;
      if (others.some((match) => (match.id - firstId) % 2 !== otherScript)) sameScriptFlags++;
      const wrong = others.find((match) => (match.id - firstId) % 2 === otherScript);
      if (wrong !== undefined) {
        const at = wrong.id - firstId;
        const pairOf = allPairs[Math.floor(at / 2)] as TransliterationPair;
        flagged.push(`${text} → ${at % 2 === 0 ? pairOf.latin : pairOf.chinese} ${wrong.score}`);
      }
    }
  });
  return {
    queries,
    recall: found / Math.max(1, queries),
    phoneticQueries,
    phoneticRecall: phoneticFound / Math.max(1, phoneticQueries),
    falseFlagRate: flagged.length / Math.max(1, queries),
    sameScriptFlagRate: sameScriptFlags / Math.max(1, queries),
    missed,
    flagged,
  };
}

/** The tuning and the held-out pairs, each evaluated on its own. */
export interface TransliterationHalves {
  readonly tuning: TransliterationEvaluation;
  readonly heldOut: TransliterationEvaluation;
}

/**
 * The set's two halves searched as the index searches (`listed`, with its brands' established names), then by sound
 * alone (`bySound`: the list switched off for those searches, and back on after).
 */
export function evaluateWithAndWithoutList(
  index: Searcher & { established: EstablishedNames | null },
  pairs: readonly TransliterationPair[],
  firstId: number,
  foundScore: number,
): { listed: TransliterationHalves; bySound: TransliterationHalves } {
  const halves = (): TransliterationHalves => ({
    tuning: evaluateTransliterations(index, pairs, firstId, (pair) => !pair.heldOut, foundScore),
    heldOut: evaluateTransliterations(index, pairs, firstId, (pair) => pair.heldOut, foundScore),
  });
  const listed = halves();
  const established = index.established;
  index.established = null;
  try {
    return { listed, bySound: halves() };
  } finally {
    index.established = established;
  }
}

/**
 * How many pairs a list of established names holds (its Latin name gives the pair's Chinese name): the list was
 * written without the set (but for two entries added after, `lexicon/established-names.json`'s `about`), so this is
 * about how much of a set of brands it had never seen it knows.
 */
export function listedPairs(
  pairs: readonly TransliterationPair[],
  established: EstablishedNames | null,
): number {
  if (established === null) return 0;
  const pinyin = new PinyinCache();
  const descriptive = descriptiveWordsFor();
  return pairs.filter((pair) => {
    const chinese = analyzeName(pair.chinese, pinyin).exact;
    return established
      .renderingsOf(analyzeName(pair.latin, pinyin), descriptive)
      .some((rendering) => rendering.exact === chinese);
  }).length;
}
