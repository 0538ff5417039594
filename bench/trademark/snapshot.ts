import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrademarkIndex } from '@kxt/trademark-engine/engine';
import type { BenchQuery } from './queries.ts';

const START_SCRIPT = fileURLToPath(new URL('./snapshot-start.ts', import.meta.url));

export interface SnapshotResult {
  readonly saveMs: number;
  readonly fileMb: number;
  /** From reading the file to the first search answered, in a fresh process: what a server's start costs. */
  readonly startMs: number;
  readonly loadMs: number;
  /** What the loaded index holds (no pinyin cache yet, unlike a built one). */
  readonly memoryMb: number;
  /** Queries whose matches differ between the built and the loaded index (0 expected). */
  readonly differing: number;
  /**
   * The query mix timed in that fresh process, which like a server's holds the index and little else (`ROUNDS` of
   * `snapshot-start.ts` pooled): the bench's own process also holds every generated mark, and at ten million marks
   * each collection of its young generation costs several times what it does in a server's.
   */
  readonly served: { readonly p50Ms: number; readonly p95Ms: number; readonly rounds: number };
}

/**
 * Saves the built index to a temporary folder and starts a fresh process from it, as a server would (a load next to
 * the built index would pay for collecting that index's heap), then checks both answer the query mix alike.
 */
export async function measureSnapshot(
  built: TrademarkIndex,
  queries: readonly BenchQuery[],
  log: (line: string) => void,
): Promise<SnapshotResult> {
  const folder = mkdtempSync(join(tmpdir(), 'kxt-bench-snapshot-'));
  try {
    const path = join(folder, 'trademark.idx');
    const started = performance.now();
    const bytes = await built.save(path, { bench: true });
    const saveMs = Math.round(performance.now() - started);
    const queriesFile = join(folder, 'queries.json');
    writeFileSync(queriesFile, JSON.stringify(queries.map((query) => query.text)));
    // Waited for without an event loop: this process, holding every generated mark, then does no idle-time
    // collection of its heap while the other one is timed (the machine has two cores).
    const stdout = execFileSync(
      process.execPath,
      // The bench's own flags: its heap and the TypeScript loader.
      [...process.execArgv, START_SCRIPT, path, queriesFile],
      { maxBuffer: 1 << 30, encoding: 'utf8' },
    );
    const fresh = JSON.parse(stdout) as {
      loadMs: number;
      startMs: number;
      memoryMb: number;
      answers: string[];
      served: SnapshotResult['served'];
    };
    let differing = 0;
    queries.forEach((query, i) => {
      if (JSON.stringify(built.search({ text: query.text, limit: 20 })) !== fresh.answers[i]) differing++;
    });
    const result: SnapshotResult = {
      saveMs,
      fileMb: Math.round(bytes / 1e5) / 10,
      startMs: Math.round(fresh.startMs),
      loadMs: Math.round(fresh.loadMs),
      memoryMb: fresh.memoryMb,
      differing,
      served: fresh.served,
    };
    log(
      `snapshot: saved in ${saveMs} ms (${result.fileMb} MB); a fresh process answers its first search ` +
        `${result.startMs} ms after it starts reading (load ${result.loadMs} ms), holding ${result.memoryMb} MB; ` +
        `${differing} of ${queries.length} queries answered differently; there the query mix takes p50 ` +
        `${result.served.p50Ms} ms, p95 ${result.served.p95Ms} ms (${result.served.rounds} rounds)`,
    );
    return result;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
