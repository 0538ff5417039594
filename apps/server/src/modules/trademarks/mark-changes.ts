import type { MarkRecord } from '@kxt/trademark-engine/types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { markDeletionsAfter, marksChangedAfter } from './repository.ts';

/** Where a follower of the marks table has read to: rows by (update time, id), deletions by their row id. */
export interface ChangeCursors {
  readonly cursor: { readonly updatedAt: string; readonly id: number };
  readonly deletionCursor: number;
}

export const START_OF_CHANGES: ChangeCursors = { cursor: { updatedAt: '', id: 0 }, deletionCursor: 0 };

/** Where the changes go: an in-memory index or the PostgreSQL keys table. */
export interface ChangeSink {
  /** Takes a page of new or changed marks. */
  add(marks: MarkRecord[]): void | Promise<void>;
  /** Drops deleted marks; answers how many it held. */
  remove(ids: number[]): number | Promise<number>;
  /** After each page, with the cursors it reached (a follower that can resume keeps them). */
  reached?(cursors: ChangeCursors): void | Promise<void>;
}

/**
 * Reads the marks changed and deleted after `from`, page by page, into `sink`, yielding between pages through
 * `between` (so a large build lets requests through); answers the cursors reached and how many marks changed.
 */
export async function followMarkChanges(
  db: Kysely<DB>,
  from: ChangeCursors,
  sink: ChangeSink,
  options: { readonly pageSize: number; readonly between?: () => Promise<unknown> },
): Promise<{ cursors: ChangeCursors; count: number }> {
  let { cursor, deletionCursor } = from;
  let count = 0;
  for (;;) {
    const page = await marksChangedAfter(db, cursor, options.pageSize);
    if (page.length === 0) break;
    await sink.add(page.map((row) => row.mark));
    count += page.length;
    const last = page.at(-1);
    if (last) cursor = { updatedAt: last.updatedAt, id: last.mark.id };
    await sink.reached?.({ cursor, deletionCursor });
    if (page.length < options.pageSize) break;
    await options.between?.();
  }
  for (;;) {
    const page = await markDeletionsAfter(db, deletionCursor, options.pageSize);
    if (page.length > 0) count += await sink.remove(page.map((row) => row.mark_id));
    const last = page.at(-1);
    if (last) {
      deletionCursor = last.id;
      await sink.reached?.({ cursor, deletionCursor });
    }
    if (page.length < options.pageSize) break;
  }
  return { cursors: { cursor, deletionCursor }, count };
}
