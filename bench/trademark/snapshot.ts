import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
    const { stdout } = await promisify(execFile)(
      process.execPath,
      // The bench's own flags: its heap and the TypeScript loader.
      [...process.execArgv, START_SCRIPT, path, queriesFile],
      { maxBuffer: 1 << 30 },
    );
    const fresh = JSON.parse(stdout) as {
      loadMs: number;
      startMs: number;
      memoryMb: number;
      answers: string[];
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
    };
    log(
      `snapshot: saved in ${saveMs} ms (${result.fileMb} MB); a fresh process answers its first search ` +
        `${result.startMs} ms after it starts reading (load ${result.loadMs} ms), holding ${result.memoryMb} MB; ` +
        `${differing} of ${queries.length} queries answered differently`,
    );
    return result;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
