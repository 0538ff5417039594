import { setImmediate as nextTurn } from 'node:timers/promises';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { markDeletionsAfter, marksChangedAfter } from './repository.ts';

/**
 * Marks read and indexed per step. The index is built on the event loop that serves requests, and a step holds it
 * for its whole length: 500 marks take ~20 ms on an idle core (5,000 took ~150 ms, and over a second with the cores
 * busy, so each request waited that long per I/O turn while 200,000 marks were indexed).
 */
export const INDEX_PAGE = 500;

/**
 * The in-memory trademark index of this server process, built from the marks table at start and kept current by
 * reading the rows changed since the last look (imports by this or any other process, every few seconds). Rows are
 * followed by (updated_at, id); a row another process commits with a timestamp older than one already read is only
 * picked up at the next start, which imports (written in one go by one command) do not produce.
 */
export class MarkIndexService {
  readonly index = new TrademarkIndex();
  #cursor = { updatedAt: '', id: 0 };
  #deletionCursor = 0;
  #ready: Promise<void> | undefined;
  #built = false;
  #refreshing: Promise<number> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Kysely<DB>) {}

  /** Resolves once every mark in the database is indexed; starts the build on first call. */
  ready(): Promise<void> {
    this.#ready ??= this.refresh().then(() => {
      this.#built = true;
    });
    return this.#ready;
  }

  /** Whether every mark that was in the database at start is indexed (searches wait for it until then). */
  get built(): boolean {
    return this.#built;
  }

  /** Indexes the marks changed since the last call; answers how many were (re)indexed. */
  refresh(): Promise<number> {
    this.#refreshing ??= this.#readChanges().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  /** Refreshes every `intervalMs` until stopped; the timer does not keep the process alive. */
  follow(intervalMs: number) {
    this.#timer = setInterval(() => void this.refresh().catch(() => undefined), intervalMs);
    this.#timer.unref();
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer);
  }

  async #readChanges(): Promise<number> {
    let cursor = this.#cursor;
    let count = 0;
    for (;;) {
      const page = await marksChangedAfter(this.db, cursor, INDEX_PAGE);
      if (page.length === 0) break;
      this.index.warmPinyin(page.map((row) => row.mark.name));
      this.index.add(page.map((row) => row.mark));
      count += page.length;
      const last = page.at(-1);
      if (last) cursor = { updatedAt: last.updatedAt, id: last.mark.id };
      if (page.length < INDEX_PAGE) break;
      // Let requests through between pages of a large build.
      await nextTurn();
    }
    this.#cursor = cursor;
    return count + (await this.#readDeletions());
  }

  /** Drops the marks deleted since the last look (an office's delete records, imported by any process). */
  async #readDeletions(): Promise<number> {
    let removed = 0;
    for (;;) {
      const page = await markDeletionsAfter(this.db, this.#deletionCursor, INDEX_PAGE);
      for (const row of page) if (this.index.remove(row.mark_id)) removed += 1;
      const last = page.at(-1);
      if (last) this.#deletionCursor = last.id;
      if (page.length < INDEX_PAGE) return removed;
    }
  }
}
