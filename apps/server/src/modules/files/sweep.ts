import { type FileDeps, fileIdOfKey } from './keep.ts';
import type { StoredEntry } from './storage.ts';

export interface FileSweepResult {
  /** Temporary files of writes whose row never committed. */
  stagedRemoved: number;
  /** Files in place that no row names (a rolled-back transaction, a row deleted before its bytes). */
  unreferencedRemoved: number;
  /** Temporary files whose row did commit (a crash between the commit and the move), moved into place. */
  published: number;
}

/** Rows are looked up this many keys at a time. */
const BATCH = 500;

/**
 * Removes bytes no row names, once they are older than `graceMs` (a write in progress is younger), and moves into
 * place temporary files whose row committed, whatever their age, so their downloads work again at once. A file a
 * row names is never removed.
 */
export async function sweepOrphanFiles(
  deps: FileDeps,
  options: { graceMs: number; now?: Date },
): Promise<FileSweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - options.graceMs;
  const result: FileSweepResult = { stagedRemoved: 0, unreferencedRemoved: 0, published: 0 };
  let batch: StoredEntry[] = [];
  const settle = async () => {
    const referenced = await referencedKeys(
      deps,
      batch.map((entry) => entry.key),
    );
    for (const entry of batch) {
      if (referenced.has(entry.key)) {
        if (entry.staged) {
          await deps.storage.publish(entry.key);
          result.published += 1;
        }
      } else if (entry.modifiedAt.getTime() <= cutoff) {
        await deps.storage.remove(entry.key);
        if (entry.staged) result.stagedRemoved += 1;
        else result.unreferencedRemoved += 1;
      }
    }
    batch = [];
  };
  for await (const entry of deps.storage.list()) {
    // Young files in place need no look-up: they are kept either way.
    if (!entry.staged && entry.modifiedAt.getTime() > cutoff) continue;
    batch.push(entry);
    if (batch.length >= BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  return result;
}

/** The keys among `keys` that a files row names (looked up by the row id each key ends with). */
async function referencedKeys(deps: FileDeps, keys: string[]): Promise<Set<string>> {
  const rows = await deps.db
    .selectFrom('files')
    .select('storage_key')
    .where('id', 'in', keys.map(fileIdOfKey))
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}
