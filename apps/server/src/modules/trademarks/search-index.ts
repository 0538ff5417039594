import { setImmediate as nextTurn } from 'node:timers/promises';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { SnapshotError } from '@kxt/trademark-engine/snapshot-file';
import type { SearchQuery, SearchResult } from '@kxt/trademark-engine/types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type ChangeCursors, followMarkChanges } from './mark-changes.ts';
import type { MarkSearch } from './mark-search.ts';

/**
 * Marks read and indexed per step. The index is built on the event loop that serves requests, and a step holds it
 * for its whole length: 500 marks take ~20 ms on an idle core (5,000 took ~150 ms, and over a second with the cores
 * busy, so each request waited that long per I/O turn while 200,000 marks were indexed).
 */
export const INDEX_PAGE = 500;
/** After the start, a snapshot is written again once marks changed and this long has passed since the last one. */
export const SNAPSHOT_INTERVAL_MS = 10 * 60_000;

type Cursor = ChangeCursors['cursor'];
/** What a snapshot says it covers: the rows read up to the (update time, id) cursor and the deletions up to an id. */
type SnapshotMeta = ChangeCursors;

export interface MarkIndexOptions {
  /**
   * Where the index is kept between starts (`DATA_DIR/trademark-index.snapshot`): loaded at start when it is from
   * this engine and this database, then brought up to date from the rows changed since; written after the start and
   * then every `SNAPSHOT_INTERVAL_MS` while marks change. Absent: the index is built from the table at every start.
   */
  readonly snapshotPath?: string;
  /** Clock for the snapshot interval (tests). */
  readonly now?: () => number;
}

/**
 * The in-memory trademark index of this server process, loaded from its snapshot or built from the marks table at
 * start, and kept current by reading the rows changed since the last look (imports by this or any other process,
 * every few seconds). Rows are followed by (updated_at, id); a row another process commits with a timestamp older
 * than one already read is only picked up at the next start without a snapshot, which imports (written in one go by
 * one command) do not produce.
 */
export class MarkIndexService implements MarkSearch {
  #index = new TrademarkIndex();
  #cursor: Cursor = { updatedAt: '', id: 0 };
  #deletionCursor = 0;
  #ready: Promise<void> | undefined;
  #built = false;
  #refreshing: Promise<number> | undefined;
  #saving: Promise<void> | undefined;
  #lastSaved = Number.NEGATIVE_INFINITY;
  #unsaved = 0;
  #timer: NodeJS.Timeout | undefined;
  /** Where the index came from at start, once it is ready. */
  source: 'snapshot' | 'database' | undefined;
  /** Where loading and writing the snapshot is reported (the server's log). */
  log: (message: string, details: Record<string, unknown>) => void = () => {};

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: MarkIndexOptions = {},
  ) {}

  /** The index; until `ready` resolves it may still be replaced by the one a snapshot holds. */
  get index(): TrademarkIndex {
    return this.#index;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    return this.#index.search(query);
  }

  /** What the `trademark index ready` log line says. */
  describe(): Record<string, unknown> {
    return { mode: 'memory', marks: this.#index.size, from: this.source };
  }

  /** Resolves once every mark in the database is indexed; starts the load or build on first call. */
  ready(): Promise<void> {
    this.#ready ??= this.#start().then(() => {
      this.#built = true;
    });
    return this.#ready;
  }

  /** Whether every mark that was in the database at start is indexed (searches wait for it until then). */
  get built(): boolean {
    return this.#built;
  }

  /**
   * Indexes the marks changed since the last call; answers how many were (re)indexed. While a snapshot is being
   * written nothing may change the index: the call then answers 0 at once, and the next one reads the changes.
   */
  refresh(): Promise<number> {
    if (this.#saving !== undefined && this.#built) return Promise.resolve(0);
    this.#refreshing ??= this.#readChanges()
      .then((count) => {
        this.#unsaved += count;
        if (this.#built && this.#unsaved > 0 && this.#now() - this.#lastSaved >= SNAPSHOT_INTERVAL_MS)
          this.#startSaving();
        return count;
      })
      .finally(() => {
        this.#refreshing = undefined;
      });
    return this.#refreshing;
  }

  /** Refreshes every `intervalMs` until stopped; the timer does not keep the process alive. */
  follow(intervalMs: number) {
    this.#timer = setInterval(() => void this.refresh().catch(() => undefined), intervalMs);
    this.#timer.unref();
  }

  /** Stops following; resolves once a snapshot being written is complete. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#saving;
  }

  async #start(): Promise<void> {
    const loaded = await this.#loadSnapshot();
    this.source = loaded ? 'snapshot' : 'database';
    const changed = await this.refresh();
    this.#index.releaseCaches();
    // A fresh build is saved at once; a loaded snapshot again only when the rows changed since were many.
    if (!loaded || changed > INDEX_PAGE) this.#startSaving();
  }

  /** Takes the snapshot's index when it is from this engine and this database; false (and a log line) otherwise. */
  async #loadSnapshot(): Promise<boolean> {
    const path = this.options.snapshotPath;
    if (path === undefined) return false;
    const started = this.#now();
    try {
      let covered: SnapshotMeta | undefined;
      // The cursors are checked against the database before the index itself is read.
      const loaded = await TrademarkIndex.load(path, {}, async (meta) => {
        covered = snapshotMeta(meta);
        return covered !== undefined && (await this.#covers(covered));
      });
      if (loaded === undefined || covered === undefined) {
        this.log('trademark index snapshot is of another database: building afresh', { path });
        return false;
      }
      this.#index = loaded.index;
      this.#cursor = covered.cursor;
      this.#deletionCursor = covered.deletionCursor;
      this.#lastSaved = started;
      this.log('trademark index loaded from its snapshot', {
        marks: loaded.index.size,
        ms: this.#now() - started,
      });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      const reason = error instanceof SnapshotError ? error.reason : 'unreadable';
      this.log(`trademark index snapshot ${reason}: building afresh`, { path, error: String(error) });
      return false;
    }
  }

  /**
   * Whether the database holds what the snapshot says it read: the row its cursor ends at, as it was or changed since
   * (a wiped or another database does not have it), and at least as many deletions as it read.
   */
  async #covers({ cursor, deletionCursor }: SnapshotMeta): Promise<boolean> {
    if (cursor.id > 0) {
      const row = await this.db
        .selectFrom('marks')
        .select('updated_at')
        .where('id', '=', cursor.id)
        .executeTakeFirst();
      if (row === undefined || row.updated_at < cursor.updatedAt) return false;
    }
    if (deletionCursor > 0) {
      const row = await this.db
        .selectFrom('mark_deletions')
        .select('id')
        .where('id', '=', deletionCursor)
        .executeTakeFirst();
      if (row === undefined) return false;
    }
    return true;
  }

  #startSaving(): void {
    const path = this.options.snapshotPath;
    if (path === undefined || this.#saving !== undefined) return;
    const meta: SnapshotMeta = { cursor: this.#cursor, deletionCursor: this.#deletionCursor };
    const started = this.#now();
    const marks = this.#index.size;
    this.#unsaved = 0;
    this.#lastSaved = started;
    this.#saving = this.#index
      .save(path, meta)
      .then((bytes) =>
        this.log('trademark index snapshot written', { marks, bytes, ms: this.#now() - started }),
      )
      .catch((error: unknown) =>
        this.log('trademark index snapshot not written', { path, error: String(error) }),
      )
      .finally(() => {
        this.#saving = undefined;
      });
  }

  async #readChanges(): Promise<number> {
    const index = this.#index;
    const { cursors, count } = await followMarkChanges(
      this.db,
      { cursor: this.#cursor, deletionCursor: this.#deletionCursor },
      {
        add(marks) {
          index.warmPinyin(marks.map((mark) => mark.name));
          index.add(marks);
        },
        remove: (ids) => ids.filter((id) => index.remove(id)).length,
      },
      // Let requests through between pages of a large build.
      { pageSize: INDEX_PAGE, between: nextTurn },
    );
    this.#cursor = cursors.cursor;
    this.#deletionCursor = cursors.deletionCursor;
    return count;
  }

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }
}

function snapshotMeta(meta: unknown): SnapshotMeta | undefined {
  const value = meta as Partial<SnapshotMeta> | null;
  const cursor = value?.cursor;
  if (
    typeof cursor?.updatedAt !== 'string' ||
    !Number.isSafeInteger(cursor.id) ||
    !Number.isSafeInteger(value?.deletionCursor)
  )
    return undefined;
  return { cursor, deletionCursor: value?.deletionCursor as number };
}
