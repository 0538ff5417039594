import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { generateMarks } from '@kxt/trademark-engine/generate-marks';
import { parseRelevanceSet, type RelevanceSet, relevanceMarks } from '@kxt/trademark-engine/relevance-set';
import { HIGH_RISK_SCORE } from '@kxt/trademark-engine/score';
import type { MarkRecord } from '@kxt/trademark-engine/types';
import { writeResults } from './results-file.ts';
import { type BenchOptions, parseBenchArgs } from './trademark/args.ts';
import { reportCalibration } from './trademark/calibration.ts';
import { checkJurisdictions } from './trademark/jurisdiction.ts';
import { megabytes, memorySnapshot } from './trademark/memory.ts';
import { fusePeer, miniSearchPeer, type Peer, type PeerDoc, pgTrgmPeer } from './trademark/peers.ts';
import { measurePostgresMode, type PostgresModeResult } from './trademark/postgres-mode.ts';
import { type BenchQuery, buildQueries } from './trademark/queries.ts';
import { formatChecks, formatTable, type SystemRow, type TargetCheck } from './trademark/report.ts';
import { measureSnapshot } from './trademark/snapshot.ts';
import { type Latency, latency, round } from './trademark/stats.ts';
import { measureTransliterations } from './trademark/transliteration.ts';

// Targets of the architecture guide, for a million marks on one core.
const TARGETS = { marks: 1_000_000, p50Ms: 10, p95Ms: 30, buildMs: 30_000, memoryMb: 600 } as const;
// Issue #22: at every size, memory retained per million marks and how many times MiniSearch's p50 the engine's is;
// at ten million marks, the engine's p50 and p95 as a server answers (in the process started from the snapshot, which
// holds the index and not the bench's ten million generated marks); at a million marks, the PostgreSQL mode's p95.
const ISSUE_22 = {
  memoryMbPerMillion: 150,
  timesFasterThanMiniSearch: 3,
  marksForLatency: 10_000_000,
  p50Ms: 5,
  p95Ms: 30,
  postgresP95Ms: 50,
} as const;
// A match counts for recall when it is in the top ten at this score or above (high risk and up).
const RECALL_SCORE = HIGH_RISK_SCORE;
const WARM_UP_QUERIES = 30;
// The evaluation sets' marks are added after the corpus, each set from its own first id.
const SET_ID_SPACING = 100_000;
const RELEVANCE_FILE = fileURLToPath(
  new URL('../packages/trademark-engine/relevance/relevance.json', import.meta.url),
);

/**
 * Benchmarks the trademark engine over generated marks plus the relevance set against Fuse.js, MiniSearch and
 * PostgreSQL pg_trgm (when TEST_DATABASE_URL or DATABASE_URL is set), prints a table and writes
 * `bench/results/trademark.json`. Arguments: --count (default 1,000,000; a list such as 1000000,5000000 runs each size
 * in turn and ends with a table per size), --queries, --fuse-queries, --seed, --peers fuse,minisearch,pg_trgm.
 */
export async function runTrademarkBench(args: string[]): Promise<void> {
  const options = parseBenchArgs(args);
  const log = (line: string): void => console.log(line);
  const runs: SizeRun[] = [];
  for (const count of options.counts) {
    runs.push(await benchOneSize({ ...options, count }, log));
    if (options.counts.length > 1) log('');
  }
  if (runs.length === 1) {
    await writeResults('trademark', runs[0]);
    return;
  }
  log(formatSizes(runs));
  await writeResults('trademark', { sizes: runs });
}

type SizeRun = Awaited<ReturnType<typeof benchOneSize>>;

/** One line per size: what grows with the register. */
function formatSizes(runs: readonly SizeRun[]): string {
  const lines = [
    '| marks | build | memory | snapshot | start from it | p50 | p95 | started from it: p50 / p95 | recall@10 | peers p50 | PostgreSQL mode |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map((run) => {
      const peers = Object.entries(run.peers)
        .map(([name, peer]) => `${name} ${peer.p50Ms} ms`)
        .join(', ');
      return (
        `| ${run.marks.toLocaleString('en')} | ${(run.buildMs / 1000).toFixed(1)} s | ${run.memoryMb} MB ` +
        `(${Math.round((run.memoryMb * 1e6) / run.marks)} per million) | ${run.snapshot.fileMb} MB | ` +
        `${run.snapshot.startMs} ms (${run.snapshot.memoryMb} MB) | ` +
        `${run.p50Ms} ms | ${run.p95Ms} ms | ${run.snapshot.served.p50Ms} / ${run.snapshot.served.p95Ms} ms | ` +
        `${run.recall} | ${peers || '—'} | ${postgresCell(run.postgres)} |`
      );
    }),
  ];
  return lines.join('\n');
}

function postgresCell(postgres: PostgresModeResult | undefined): string {
  if (postgres === undefined) return '—';
  return (
    `p50 ${postgres.p50Ms} ms, p95 ${postgres.p95Ms} ms, recall ${postgres.recall}, ` +
    `${postgres.differing} differ (${postgres.differingHighRisk} at high risk), filled in ${(postgres.fillMs / 1000).toFixed(0)} s, ${postgres.tableMb} MB`
  );
}

async function benchOneSize(options: BenchOptions, log: (line: string) => void) {
  log(`trademark bench: ${options.count.toLocaleString('en')} marks, seed ${options.seed}`);

  let started = performance.now();
  const relevance = parseRelevanceSet(JSON.parse(readFileSync(RELEVANCE_FILE, 'utf8')));
  const corpus = generateMarks({ count: options.count, seed: options.seed });
  const extra = relevanceMarks(relevance, options.count + 1);
  const marks: MarkRecord[] = [...corpus, ...extra];
  const queries = buildQueries(
    corpus,
    relevance,
    Math.max(options.queries, relevance.pairs.length),
    options.seed + 1,
  );
  log(
    `generated ${marks.length.toLocaleString('en')} marks and ${queries.length} queries in ${ms(started)} ms`,
  );

  const engine = buildEngine(marks);
  log(`engine built in ${engine.buildMs} ms (pinyin ${engine.pinyinMs} ms), ${engine.memoryMb} MB retained`);
  const snapshot = await measureSnapshot(engine.index, queries, log);

  const docs: PeerDoc[] = marks.map((mark) => ({ id: mark.id, name: mark.name }));
  const peers: Array<{ peer: Peer; buildMs: number; queries: ReadonlySet<BenchQuery> }> = [];
  const database = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  try {
    for (const name of options.peers) {
      if (name === 'pg_trgm' && database === undefined) {
        log('pg_trgm skipped: set TEST_DATABASE_URL or DATABASE_URL');
        continue;
      }
      const peer =
        name === 'fuse' ? fusePeer() : name === 'minisearch' ? miniSearchPeer() : pgTrgmPeer(database ?? '');
      started = performance.now();
      try {
        await peer.build(docs);
      } catch (error) {
        log(`${peer.name} skipped: ${error instanceof Error ? error.message : String(error)}`);
        await peer.close();
        continue;
      }
      const sample = name === 'fuse' ? sampleQueries(queries, options.fuseQueries) : queries;
      peers.push({ peer, buildMs: ms(started), queries: new Set(sample) });
      log(`${peer.name} built in ${ms(started)} ms`);
    }

    // Every system answers each query in turn, so a busy machine slows them alike.
    for (const query of queries.slice(0, WARM_UP_QUERIES)) {
      engine.index.search({ text: query.text, limit: 10 });
      for (const { peer, queries: sample } of peers) if (sample.has(query)) await peer.search(query.text);
    }
    const engineRun = new RunRecorder(options.count + 1);
    const peerRuns = peers.map(() => new RunRecorder(options.count + 1));
    const byKind = new Map<string, number[]>();
    const totals = { touched: 0, checked: 0, compared: 0 };
    for (const query of queries) {
      const start = performance.now();
      const result = engine.index.search({ text: query.text, limit: 10 });
      const elapsed = performance.now() - start;
      const found = result.matches.filter((match) => match.score >= RECALL_SCORE).map((match) => match.id);
      engineRun.record(query, elapsed, found);
      byKind.set(query.kind, [...(byKind.get(query.kind) ?? []), elapsed]);
      totals.touched += engine.index.lastSearch.touched;
      totals.checked += engine.index.lastSearch.checked;
      totals.compared += engine.index.lastSearch.compared;
      for (let p = 0; p < peers.length; p++) {
        const { peer, queries: sample } = peers[p] as (typeof peers)[number];
        if (!sample.has(query)) continue;
        const peerStart = performance.now();
        const ids = await peer.search(query.text);
        (peerRuns[p] as RunRecorder).record(query, performance.now() - peerStart, ids);
      }
    }

    const falseFlagRate = measureDecoys(engine.index, relevance, extra.slice(relevance.pairs.length));
    const engineRow: SystemRow = {
      name: 'trademark-engine',
      settings: `score floor ${engine.index.scoreFloor}`,
      buildMs: engine.buildMs,
      ...engineRun.summary(),
    };
    const peerRows: SystemRow[] = peers.map(({ peer, buildMs }, p) => ({
      name: peer.name,
      settings: peer.settings,
      buildMs,
      ...(peerRuns[p] as RunRecorder).summary(),
    }));
    const average = (value: number): number => Math.round(value / queries.length);
    const p50ByKind = Object.fromEntries([...byKind].map(([kind, times]) => [kind, latency(times).p50Ms]));
    const checks = targetChecks(options, engineRow, engine.memoryMb, peerRows, snapshot.served);
    const meetsTargets = Object.values(checks).every((check) => check.met);
    log('');
    log(formatTable([engineRow, ...peerRows]));
    log('');
    log(
      `engine: build ${engine.buildMs} ms (pinyin ${engine.pinyinMs} ms), memory ${engine.memoryMb} MB retained,`,
    );
    log(`        ${engine.rssMb} MB RSS, false flags ${falseFlagRate} on ${relevance.decoys.length} decoys`);
    log(`        p50 by query kind: ${JSON.stringify(p50ByKind)}`);
    log(
      `        started from the snapshot, as a server: p50 ${snapshot.served.p50Ms} ms, p95 ` +
        `${snapshot.served.p95Ms} ms (here, next to the ${marks.length.toLocaleString('en')} generated marks: ` +
        `${engineRow.p50Ms} / ${engineRow.p95Ms} ms)`,
    );
    const jurisdiction = checkJurisdictions(engine.index, marks, queries, log);
    // After the jurisdiction check, which knows only the corpus marks: these add their sets' marks to the index, each
    // under ids of its own.
    const transliteration = measureTransliterations(engine.index, marks.length + 1, log);
    if (peerRows.some((row) => row.name === 'fuse.js' && row.queries < queries.length)) {
      log(`fuse.js ran on a sample of ${options.fuseQueries} queries (it scans every mark per query).`);
    }
    log(formatChecks(checks));
    log(meetsTargets ? 'All targets met.' : 'Some targets are not met.');
    // After the transliteration set is in the index (the mode's table gets it too), before the calibration's marks.
    const postgres =
      options.postgresMode && database !== undefined
        ? await measurePostgresMode({
            url: database,
            index: engine.index,
            marks,
            queries,
            firstPairId: options.count + 1,
            transliterationFirstId: marks.length + 1,
            memoryTransliteration: transliteration,
            log,
          })
        : undefined;
    if (options.postgresMode && database === undefined)
      log('postgres mode skipped: set TEST_DATABASE_URL or DATABASE_URL');
    // Issue #22 sets the mode's p95 at a million marks; at other sizes it is reported without a target.
    if (postgres !== undefined && options.count === 1_000_000)
      log(formatChecks({ postgresP95Ms: atMost(ISSUE_22.postgresP95Ms, postgres.p95Ms) }));
    const calibration = reportCalibration(engine.index, marks.length + SET_ID_SPACING + 1, log);

    const result = {
      marks: marks.length,
      p50Ms: engineRow.p50Ms,
      p95Ms: engineRow.p95Ms,
      buildMs: engine.buildMs,
      memoryMb: engine.memoryMb,
      snapshot,
      recall: engineRow.recall,
      falseFlagRate,
      rssMb: engine.rssMb,
      queries: queries.length,
      p50ByKind,
      jurisdiction,
      transliteration,
      postgres,
      perQuery: {
        touched: average(totals.touched),
        checked: average(totals.checked),
        compared: average(totals.compared),
      },
      peers: Object.fromEntries(
        peerRows.map((row) => [
          row.name,
          {
            p50Ms: row.p50Ms,
            p95Ms: row.p95Ms,
            recall: row.recall,
            buildMs: row.buildMs,
            queries: row.queries,
            recallPairs: row.recallPairs,
            settings: row.settings,
          },
        ]),
      ),
      targets: { ...TARGETS, fasterThanEveryPeer: true, higherRecallThanEveryPeer: true },
      checks,
      meetsTargets,
      calibration,
    };
    return result;
  } finally {
    for (const { peer } of peers) await peer.close();
  }
}

/** Latencies and relevance hits of one system over the query mix. */
class RunRecorder {
  readonly #samples: number[] = [];
  readonly #firstPairId: number;
  #pairs = 0;
  #hits = 0;

  constructor(firstPairId: number) {
    this.#firstPairId = firstPairId;
  }

  /** `found`: the ids the system returned in its top ten (for the engine, those scoring at least 60). */
  record(query: BenchQuery, elapsedMs: number, found: readonly number[]): void {
    this.#samples.push(elapsedMs);
    if (query.pair === undefined) return;
    this.#pairs++;
    if (found.includes(this.#firstPairId + query.pair)) this.#hits++;
  }

  summary(): Pick<SystemRow, 'p50Ms' | 'p95Ms' | 'recall' | 'recallPairs' | 'queries'> {
    return {
      ...latency(this.#samples),
      recall: round(this.#hits / Math.max(1, this.#pairs), 3),
      recallPairs: this.#pairs,
      queries: this.#samples.length,
    };
  }
}

interface BuiltEngine {
  readonly index: TrademarkIndex;
  readonly buildMs: number;
  readonly pinyinMs: number;
  readonly memoryMb: number;
  readonly rssMb: number;
}

function buildEngine(marks: readonly MarkRecord[]): BuiltEngine {
  const before = memorySnapshot();
  const started = performance.now();
  const index = new TrademarkIndex();
  index.warmPinyin(marks.map((mark) => mark.name));
  const pinyinMs = ms(started);
  index.add(marks);
  const buildMs = ms(started);
  const after = memorySnapshot();
  return {
    index,
    buildMs,
    pinyinMs,
    memoryMb: megabytes(after.retained - before.retained),
    rssMb: megabytes(after.rss - before.rss),
  };
}

/** Share of decoys the engine scores at high risk or above. */
function measureDecoys(
  index: TrademarkIndex,
  relevance: RelevanceSet,
  decoys: readonly MarkRecord[],
): number {
  let flagged = 0;
  relevance.decoys.forEach((decoy, i) => {
    const id = (decoys[i] as MarkRecord).id;
    const match = index.search({ text: decoy.query }).matches.find((candidate) => candidate.id === id);
    if (match !== undefined && match.score >= RECALL_SCORE) flagged++;
  });
  return round(flagged / Math.max(1, relevance.decoys.length), 3);
}

/** An even spread of `count` queries, half of them relevance pairs when there are enough. */
function sampleQueries(queries: readonly BenchQuery[], count: number): BenchQuery[] {
  if (count >= queries.length) return [...queries];
  const relevance = queries.filter((query) => query.pair !== undefined);
  const others = queries.filter((query) => query.pair === undefined);
  const spread = <T>(items: readonly T[], wanted: number): T[] =>
    Array.from(
      { length: Math.min(wanted, items.length) },
      (_, i) => items[Math.floor((i * items.length) / wanted)] as T,
    );
  const half = Math.ceil(count / 2);
  return [...spread(relevance, half), ...spread(others, count - half)];
}

/** A target the value must not pass. */
function atMost(target: number, value: number): TargetCheck {
  return { target, value, met: value <= target };
}

function targetChecks(
  options: BenchOptions,
  engine: SystemRow,
  memoryMb: number,
  peers: readonly SystemRow[],
  served: Latency,
): Record<string, TargetCheck> {
  const fastest = peers.every((peer) => engine.p50Ms < peer.p50Ms && engine.p95Ms < peer.p95Ms);
  const bestRecall = peers.every((peer) => engine.recall > peer.recall);
  const miniSearch = peers.find((peer) => peer.name === 'minisearch');
  return {
    marks: { target: TARGETS.marks, value: options.count, met: options.count >= TARGETS.marks },
    p50Ms: atMost(TARGETS.p50Ms, engine.p50Ms),
    p95Ms: atMost(TARGETS.p95Ms, engine.p95Ms),
    buildMs: atMost(TARGETS.buildMs, engine.buildMs),
    memoryMb: atMost(TARGETS.memoryMb, memoryMb),
    fasterThanEveryPeer: { target: true, value: fastest, met: fastest && peers.length > 0 },
    higherRecallThanEveryPeer: { target: true, value: bestRecall, met: bestRecall && peers.length > 0 },
    memoryMbPerMillion: atMost(ISSUE_22.memoryMbPerMillion, round(memoryMb / (options.count / 1_000_000), 1)),
    ...(options.count >= ISSUE_22.marksForLatency
      ? {
          p50MsAtTenMillion: atMost(ISSUE_22.p50Ms, served.p50Ms),
          p95MsAtTenMillion: atMost(ISSUE_22.p95Ms, served.p95Ms),
        }
      : {}),
    ...(miniSearch === undefined
      ? {}
      : {
          timesFasterThanMiniSearch: {
            target: ISSUE_22.timesFasterThanMiniSearch,
            value: round(miniSearch.p50Ms / engine.p50Ms, 2),
            met: miniSearch.p50Ms >= ISSUE_22.timesFasterThanMiniSearch * engine.p50Ms,
          },
        }),
  };
}

function ms(since: number): number {
  return Math.round(performance.now() - since);
}
