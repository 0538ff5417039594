import type { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { HIGH_RISK_SCORE } from '@kxt/trademark-engine/score';
import { poolClient } from '@kxt/trademark-engine/sql-client';
import { SqlMarkSearch } from '@kxt/trademark-engine/sql-search';
import {
  evaluateTransliterations,
  readTransliterationSet,
  type Searcher,
  type TransliterationPair,
  transliterationMarks,
} from '@kxt/trademark-engine/transliteration-set';
import type { MarkRecord, SearchResult } from '@kxt/trademark-engine/types';
import pg from 'pg';
import { percentile } from '../results-file.ts';
import type { BenchQuery } from './queries.ts';
import { latency, round } from './stats.ts';
import type { TransliterationResult } from './transliteration.ts';

const WARM_UP_QUERIES = 30;

export interface PostgresModeResult {
  /** Writing every mark's keys into the table, then merging its indexes. */
  readonly fillMs: number;
  readonly tableMb: number;
  /** Counting the register's frequent words, done once per ten minutes per process. */
  readonly commonWordsMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly recall: number;
  /** Queries whose ten best (ids and scores) differ from the in-memory index's. */
  readonly differing: number;
  /** Queries whose matches at high risk among the ten best differ (the mode reads spelling-only names from 60). */
  readonly differingHighRisk: number;
  readonly candidates: { readonly p50: number; readonly p95: number };
  /** Of a search's time: reading the candidates, and ranking them in the engine (p50). */
  readonly readP50Ms: number;
  readonly rankP50Ms: number;
  readonly transliteration: {
    readonly recall: number;
    readonly heldOutRecall: number;
    readonly falseFlagRate: number;
  };
}

/**
 * Fills a keys table of its own with the bench's marks and the transliteration set's, runs the query mix and the
 * transliteration set through the PostgreSQL mode (`SqlMarkSearch`) and compares its answers with the in-memory
 * index's; the table is dropped after. The in-memory index must hold the same marks (after `measureTransliterations`).
 */
export async function measurePostgresMode(options: {
  readonly url: string;
  readonly index: TrademarkIndex;
  readonly marks: readonly MarkRecord[];
  readonly queries: readonly BenchQuery[];
  readonly firstPairId: number;
  readonly transliterationFirstId: number;
  /** What `measureTransliterations` found in memory over the same marks. */
  readonly memoryTransliteration: TransliterationResult;
  readonly log: (line: string) => void;
}): Promise<PostgresModeResult> {
  const { index, queries, log } = options;
  const pool = new pg.Pool({ connectionString: options.url, max: 2 });
  const table = `bench_search_keys_${process.pid}`;
  const store = new SqlMarkSearch(poolClient(pool), { table, pinyin: index.pinyin });
  try {
    let started = performance.now();
    await store.prepare();
    await store.clear();
    const transliterationPairs = readTransliterationSet();
    await store.upsert([
      ...options.marks,
      ...transliterationMarks(transliterationPairs, options.transliterationFirstId),
    ]);
    await store.optimize();
    const fillMs = Math.round(performance.now() - started);
    const tableMb = Math.round((await store.bytes()) / 1e6);
    log(
      `postgres mode: keys of ${options.marks.length.toLocaleString('en')} marks written in ${fillMs} ms, ${tableMb} MB`,
    );
    started = performance.now();
    await store.commonWords();
    const commonWordsMs = Math.round(performance.now() - started);

    for (const query of queries.slice(0, WARM_UP_QUERIES))
      await store.search({ text: query.text, limit: 10 });
    const times: number[] = [];
    const candidates: number[] = [];
    const reads: number[] = [];
    const ranks: number[] = [];
    let pairs = 0;
    let hits = 0;
    let differing = 0;
    let differingHighRisk = 0;
    for (const query of queries) {
      const before = performance.now();
      const result = await store.search({ text: query.text, limit: 10 });
      times.push(performance.now() - before);
      candidates.push(store.lastSearch.candidates);
      reads.push(store.lastSearch.readMs);
      ranks.push(store.lastSearch.rankMs);
      const memory = index.search({ text: query.text, limit: 10 });
      if (topTen(result) !== topTen(memory)) differing++;
      if (topTen(result, HIGH_RISK_SCORE) !== topTen(memory, HIGH_RISK_SCORE)) differingHighRisk++;
      if (query.pair === undefined) continue;
      pairs++;
      const expected = options.firstPairId + query.pair;
      if (result.matches.some((match) => match.id === expected && match.score >= HIGH_RISK_SCORE)) hits++;
    }
    const { p50Ms, p95Ms } = latency(times);
    const transliteration = await measureTransliterations(
      store,
      transliterationPairs,
      options.transliterationFirstId,
    );
    const result: PostgresModeResult = {
      fillMs,
      tableMb,
      commonWordsMs,
      p50Ms,
      p95Ms,
      recall: round(hits / Math.max(1, pairs), 3),
      differing,
      differingHighRisk,
      candidates: { p50: median(candidates), p95: p95(candidates) },
      readP50Ms: round(median(reads), 2),
      rankP50Ms: round(median(ranks), 2),
      transliteration,
    };
    log(
      `postgres mode: p50 ${p50Ms} ms, p95 ${p95Ms} ms (reading ${result.readP50Ms} ms, ranking ${result.rankP50Ms} ms ` +
        `at p50), recall@10 ${result.recall}, ${differing} of ${queries.length} queries differ from memory ` +
        `(${differingHighRisk} at high risk), ` +
        `candidates p50 ${result.candidates.p50} / p95 ${result.candidates.p95}, frequent words counted in ` +
        `${commonWordsMs} ms`,
    );
    log(
      `postgres mode: transliteration recall@10 ${transliteration.recall} (memory ` +
        `${options.memoryTransliteration.recall}), held out ${transliteration.heldOutRecall} ` +
        `(memory ${options.memoryTransliteration.heldOutRecall})`,
    );
    return result;
  } finally {
    await pool
      .query(`DROP TABLE IF EXISTS ${table}, ${table}_version, ${table}_sounds CASCADE`)
      .catch(() => undefined);
    await pool.end();
  }
}

/** The transliteration set through the PostgreSQL mode, its table holding the set's marks. */
async function measureTransliterations(
  store: SqlMarkSearch,
  pairs: readonly TransliterationPair[],
  firstId: number,
): Promise<PostgresModeResult['transliteration']> {
  const answers = new Map<string, SearchResult>();
  for (const text of pairs.flatMap((pair) => [pair.latin, pair.chinese])) {
    if (!answers.has(text)) answers.set(text, await store.search({ text }));
  }
  const read: Searcher = { search: ({ text }) => answers.get(text) as SearchResult };
  const evaluate = (heldOut: boolean) =>
    evaluateTransliterations(read, pairs, firstId, (pair) => pair.heldOut === heldOut, HIGH_RISK_SCORE);
  const tuning = evaluate(false);
  return {
    recall: round(tuning.recall, 3),
    heldOutRecall: round(evaluate(true).recall, 3),
    falseFlagRate: round(tuning.falseFlagRate, 3),
  };
}

const topTen = (result: SearchResult, from = 0): string =>
  result.matches
    .filter((match) => match.score >= from)
    .map((match) => `${match.id}:${match.score}`)
    .join();

const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const p95 = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    95,
  );
