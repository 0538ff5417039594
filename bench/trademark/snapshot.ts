import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { megabytes, memorySnapshot } from './memory.ts';
import type { BenchQuery } from './queries.ts';

export interface SnapshotResult {
  readonly saveMs: number;
  readonly fileMb: number;
  /** From reading the file to the first search answered: what a server's start costs with a snapshot. */
  readonly startMs: number;
  readonly loadMs: number;
  readonly firstSearchMs: number;
  /** What the loaded index holds (no pinyin cache yet, unlike the built one). */
  readonly memoryMb: number;
  /** Queries whose matches differ between the built and the loaded index (0 expected). */
  readonly differing: number;
}

/**
 * Saves the built index to a temporary folder, loads it into a second index as a server would at start, and checks
 * that both answer the query mix alike. The loaded index is dropped before the function returns.
 */
export async function measureSnapshot(
  built: TrademarkIndex,
  queries: readonly BenchQuery[],
  log: (line: string) => void,
): Promise<SnapshotResult> {
  const folder = mkdtempSync(join(tmpdir(), 'kxt-bench-snapshot-'));
  try {
    const path = join(folder, 'trademark.idx');
    let started = performance.now();
    const bytes = await built.save(path, { bench: true });
    const saveMs = Math.round(performance.now() - started);
    const before = memorySnapshot();
    started = performance.now();
    const { index } = await TrademarkIndex.load(path);
    const loadMs = Math.round(performance.now() - started);
    index.search({ text: (queries[0] as BenchQuery).text });
    const startMs = Math.round(performance.now() - started);
    const memoryMb = megabytes(memorySnapshot().retained - before.retained);
    let differing = 0;
    for (const query of queries) {
      const expected = JSON.stringify(built.search({ text: query.text, limit: 20 }));
      if (JSON.stringify(index.search({ text: query.text, limit: 20 })) !== expected) differing++;
    }
    const result: SnapshotResult = {
      saveMs,
      fileMb: megabytes(bytes),
      startMs,
      loadMs,
      firstSearchMs: startMs - loadMs,
      memoryMb,
      differing,
    };
    log(
      `snapshot: saved in ${saveMs} ms (${result.fileMb} MB); start from it ${startMs} ms (load ${loadMs} ms, ` +
        `first search ${result.firstSearchMs} ms), ${memoryMb} MB retained, ${differing} of ${queries.length} ` +
        'queries answered differently',
    );
    return result;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
