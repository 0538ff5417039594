import { poolClient } from '@kxt/trademark-engine/sql-client';
import { SqlMarkSearch } from '@kxt/trademark-engine/sql-search';
import type { SearchQuery, SearchResult } from '@kxt/trademark-engine/types';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../../db/schema.ts';
import { type ChangeCursors, followMarkChanges, START_OF_CHANGES } from './mark-changes.ts';
import type { MarkSearch } from './mark-search.ts';

/** Marks read and written per step while the keys table is filled or brought up to date. */
export const KEYS_PAGE = 5_000;
/** After a refresh that wrote this many marks, the table's indexes are merged (see `SqlMarkSearch.optimize`). */
const OPTIMIZE_AFTER = 10_000;
/** Connections of the mode's own pool: its sessions set pg_trgm's threshold and a plan mode of their own. */
const SEARCH_CONNECTIONS = 4;
/** The advisory lock one process holds while it brings the keys table up to date (any 64-bit number of ours). */
const REFRESH_LOCK = 7_316_504_221;

export interface PostgresMarkSearchOptions {
  /** The database the app uses (a postgres:// URL). */
  readonly url: string;
  /** The schema its tables live in (tests), when not `public`. */
  readonly schema?: string | undefined;
  /** See `SqlSearchOptions.singleSignalFloor`; the in-memory index reads names from the same floor by default. */
  readonly singleSignalFloor?: number;
}

/**
 * `TRADEMARK_INDEX=postgres`: the marks are searched through the keys table in PostgreSQL (`SqlMarkSearch`), which
 * every server process shares, so none holds an index in memory. Whichever process looks first brings the table up
 * to date with the marks changed since the cursor stored next to it (under an advisory lock, so two processes never
 * write the same rows at once; one that finds the lock taken searches what is there). At the first start, or when
 * the keys are of another engine version, the table is filled from the marks table, resumably page by page.
 */
export class PostgresMarkSearch implements MarkSearch {
  readonly #db: Kysely<DB>;
  readonly #pool: pg.Pool;
  readonly #store: SqlMarkSearch;
  #ready: Promise<void> | undefined;
  #built = false;
  #refreshing: Promise<number> | undefined;
  log: (message: string, details: Record<string, unknown>) => void = () => {};

  constructor(db: Kysely<DB>, options: PostgresMarkSearchOptions) {
    this.#db = db;
    this.#pool = new pg.Pool({
      connectionString: options.url,
      max: SEARCH_CONNECTIONS,
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    });
    // See `openPostgres`: an idle connection the server ends must not stop the process.
    this.#pool.on('error', () => undefined);
    this.#store = new SqlMarkSearch(
      poolClient(this.#pool),
      options.singleSignalFloor === undefined ? {} : { singleSignalFloor: options.singleSignalFloor },
    );
  }

  get built(): boolean {
    return this.#built;
  }

  ready(): Promise<void> {
    this.#ready ??= this.#start().then(() => {
      this.#built = true;
    });
    return this.#ready;
  }

  refresh(): Promise<number> {
    this.#refreshing ??= this.#readChanges().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  search(query: SearchQuery): Promise<SearchResult> {
    return this.#store.search(query);
  }

  describe(): Record<string, unknown> {
    return { mode: 'postgres', table: this.#store.table };
  }

  async stop(): Promise<void> {
    await this.#refreshing?.catch(() => undefined);
    await this.#pool.end();
  }

  async #start(): Promise<void> {
    // Processes starting together lay the tables out one at a time (a second one waits while the first fills).
    await this.#withRefreshLock(async () => {
      const current = await this.#store.prepare();
      await this.#pool.query(
        `CREATE TABLE IF NOT EXISTS ${this.#cursorTable} (
          id integer PRIMARY KEY CHECK (id = 1), updated_at text NOT NULL, mark_id bigint NOT NULL,
          deletion_id bigint NOT NULL)`,
      );
      if (!current) {
        this.log('trademark keys table is of another engine version: filling it afresh', {});
        await this.#saveCursors(START_OF_CHANGES);
      }
    }, 'wait');
    const changed = await this.refresh();
    // Counted here rather than by the first search (2.4 s at a million marks).
    await this.#store.commonWords();
    this.log('trademark keys table up to date', { changed });
  }

  async #readChanges(): Promise<number> {
    const result = await this.#withRefreshLock(async () => {
      const store = this.#store;
      const { count } = await followMarkChanges(
        this.#db,
        await this.#loadCursors(),
        {
          add: (marks) => store.upsert(marks),
          remove: (ids) => store.remove(ids),
          reached: (cursors) => this.#saveCursors(cursors),
        },
        { pageSize: KEYS_PAGE },
      );
      if (count >= OPTIMIZE_AFTER) await store.optimize();
      return count;
    });
    return result ?? 0;
  }

  /**
   * Runs `work` while holding the refresh lock; when another process holds it, answers undefined without running it,
   * or with `wait`, runs it once the lock is free.
   */
  async #withRefreshLock<T>(work: () => Promise<T>, wait?: 'wait'): Promise<T | undefined> {
    const connection = await this.#pool.connect();
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        wait ? 'SELECT pg_advisory_lock($1), true AS locked' : 'SELECT pg_try_advisory_lock($1) AS locked',
        [REFRESH_LOCK],
      );
      if (!rows[0]?.locked) return undefined;
      try {
        return await work();
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [REFRESH_LOCK]);
      }
    } finally {
      connection.release();
    }
  }

  get #cursorTable(): string {
    return `${this.#store.table}_cursor`;
  }

  async #loadCursors(): Promise<ChangeCursors> {
    const { rows } = await this.#pool.query<{ updated_at: string; mark_id: string; deletion_id: string }>(
      `SELECT updated_at, mark_id, deletion_id FROM ${this.#cursorTable} WHERE id = 1`,
    );
    const row = rows[0];
    if (row === undefined) return START_OF_CHANGES;
    return {
      cursor: { updatedAt: row.updated_at, id: Number(row.mark_id) },
      deletionCursor: Number(row.deletion_id),
    };
  }

  async #saveCursors({ cursor, deletionCursor }: ChangeCursors): Promise<void> {
    await this.#pool.query(
      `INSERT INTO ${this.#cursorTable} (id, updated_at, mark_id, deletion_id) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET updated_at = $1, mark_id = $2, deletion_id = $3`,
      [cursor.updatedAt, cursor.id, deletionCursor],
    );
  }
}
