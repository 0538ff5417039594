import { effectIn, hasEffect } from '@kxt/contracts/jurisdictions';
import { expandDatasets } from '@kxt/contracts/trademarks';
import type { TrademarkIndex } from '@kxt/trademark-engine/engine';
import type { MarkRecord, SearchResult } from '@kxt/trademark-engine/types';
import type { BenchQuery } from './queries.ts';
import { latency } from './stats.ts';

// Country tabs as the screen shows them: national, EU members (one in Benelux), regional and international
// registers, and a market without a register in the corpus (Norway: only international registrations reach it).
const MARKETS = ['US', 'FR', 'DE', 'NL', 'GB', 'CN', 'JP', 'EM', 'WO', 'NO'] as const;
const QUERIES_PER_MARKET = 60;

export interface JurisdictionRow {
  readonly market: string;
  readonly queries: number;
  /** Marks the tab lists (and counts in its totals and risk). */
  readonly listed: number;
  /** Marks of the expanded datasets found similar but without effect in the market, so left out. */
  readonly leftOut: number;
  /** Listed marks without effect, plus marks with effect the tab missed: must be 0. */
  readonly wrong: number;
  /** Class statistics or totals that disagree with the marks with effect: must be 0. */
  readonly wrongCounts: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
}

/**
 * The jurisdiction rule check: for each market tab, the search over its expanded datasets (spec §9) with its effect
 * rule must list exactly the marks the same search without the rule finds and `hasEffect` (contracts) accepts,
 * and count only those in its total and per-class statistics. Prints a table and returns the rows for the JSON.
 */
export function checkJurisdictions(
  index: TrademarkIndex,
  marks: readonly MarkRecord[],
  queries: readonly BenchQuery[],
  log: (line: string) => void,
): JurisdictionRow[] {
  const byId = new Map(marks.map((mark) => [mark.id, mark]));
  const sample = queries.filter((query) => query.pair === undefined).slice(0, QUERIES_PER_MARKET);
  const rows = MARKETS.map((market): JurisdictionRow => {
    const datasets = expandDatasets([market]);
    const effect = effectIn([market]);
    const times: number[] = [];
    let listed = 0;
    let leftOut = 0;
    let wrong = 0;
    let wrongCounts = 0;
    for (const { text } of sample) {
      const everything = index.search({ text, datasets });
      const started = performance.now();
      const tab = index.search({ text, datasets, effect });
      times.push(performance.now() - started);
      const expected = everything.matches.filter((match) =>
        hasEffect(effect, byId.get(match.id) as MarkRecord),
      );
      const expectedIds = new Set(expected.map((match) => match.id));
      const listedIds = new Set(tab.matches.map((match) => match.id));
      wrong += tab.matches.filter((match) => !expectedIds.has(match.id)).length;
      wrong += expected.filter((match) => !listedIds.has(match.id)).length;
      if (tab.total !== expected.length || !sameClassCounts(tab, expected, byId)) wrongCounts++;
      listed += tab.total;
      leftOut += everything.total - tab.total;
    }
    return { market, queries: sample.length, listed, leftOut, wrong, wrongCounts, ...latency(times) };
  });
  log(formatJurisdictionTable(rows));
  return rows;
}

function sameClassCounts(
  result: SearchResult,
  expected: readonly { id: number }[],
  byId: ReadonlyMap<number, MarkRecord>,
): boolean {
  const counts = new Map<number, number>();
  for (const { id } of expected)
    for (const cls of (byId.get(id) as MarkRecord).niceClass) counts.set(cls, (counts.get(cls) ?? 0) + 1);
  const stats = Object.entries(result.classStatistics);
  return stats.length === counts.size && stats.every(([cls, stat]) => counts.get(Number(cls)) === stat.count);
}

function formatJurisdictionTable(rows: readonly JurisdictionRow[]): string {
  const lines = rows.map(
    (row) =>
      `| ${row.market} | ${row.queries} | ${row.listed} | ${row.leftOut} | ${row.wrong} | ${row.wrongCounts} | ` +
      `${row.p50Ms.toFixed(2)} ms | ${row.p95Ms.toFixed(2)} ms |`,
  );
  return [
    'jurisdiction rule check (tab = expanded datasets + effect rule; wrong must be 0):',
    '| market | queries | listed | left out (no effect) | wrong marks | wrong totals/classes | p50 | p95 |',
    '|---|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
