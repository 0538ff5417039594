import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

type Counts = Map<string, number>;
/** Counts a list's rows on the connection it is given: the database's reader, so the event loop is not held up. */
type Compute = (reader: Kysely<DB>) => Promise<Counts>;
type Entry = { version: number; at: number; costMs: number; value: Counts; refreshing: boolean };

/**
 * How long counts are answered before a recount, as a multiple of what the last count cost: a recount then takes at
 * most a thousandth of a reader connection per list view. Counts of a million PostgreSQL rows take 0.1–0.3 s, and
 * recounting seven such views every TTL kept a core busy a tenth of the time, which every request felt.
 */
const REFRESH_COST_MULTIPLE = 1000;
/** The longest counts are answered without a recount, however costly (writes by other processes show by then). */
const MAX_REFRESH_MS = 5 * 60_000;

/**
 * Remembers list tab counts. Counting a filtered set of 100,000 rows costs tens of milliseconds on SQLite while
 * the page itself costs about one, and back-office users reload the same views all day.
 * - A write through this process drops every entry, so the next list shows it at once.
 * - Past the TTL (writes by other server processes), the old counts are answered once more while they are
 *   recounted in the background, one list at a time, so expiring entries never stall a burst of requests. A count
 *   that cost more is kept longer (`REFRESH_COST_MULTIPLE`, up to `MAX_REFRESH_MS`).
 */
export class CountCache {
  #version = 0;
  readonly #entries = new Map<string, Entry>();
  readonly #computing = new Map<string, { version: number; counts: Promise<Counts> }>();
  #refreshQueue: Promise<void> = Promise.resolve();

  constructor(
    private readonly reader: Kysely<DB>,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 1_000,
  ) {}

  async get(key: string, compute: Compute): Promise<Counts> {
    const hit = this.#entries.get(key);
    if (hit && hit.version === this.#version) {
      if (Date.now() - hit.at >= this.#refreshAfterMs(hit) && !hit.refreshing)
        this.#refreshLater(key, hit, compute);
      return hit.value;
    }
    // Requests that miss together share one count: a count over a million rows takes a second, and each request
    // counting on its own made the reader's queue grow faster than it emptied.
    const version = this.#version;
    const running = this.#computing.get(key);
    if (running && running.version === version) return running.counts;
    const counts = this.#timed(compute).then(({ value, costMs }) => this.#store(key, version, value, costMs));
    this.#computing.set(key, { version, counts });
    try {
      return await counts;
    } finally {
      if (this.#computing.get(key)?.counts === counts) this.#computing.delete(key);
    }
  }

  /** Call after any write that can change what a list counts. */
  invalidate(): void {
    this.#version += 1;
    this.#entries.clear();
  }

  async #timed(compute: Compute): Promise<{ value: Counts; costMs: number }> {
    const started = performance.now();
    const value = await compute(this.reader);
    return { value, costMs: performance.now() - started };
  }

  #refreshAfterMs(entry: Entry): number {
    return Math.min(
      Math.max(this.ttlMs, REFRESH_COST_MULTIPLE * entry.costMs),
      Math.max(this.ttlMs, MAX_REFRESH_MS),
    );
  }

  #store(key: string, version: number, value: Counts, costMs: number): Counts {
    if (version !== this.#version) return value;
    this.#entries.delete(key);
    this.#entries.set(key, { version, at: Date.now(), costMs, value, refreshing: false });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return value;
  }

  #refreshLater(key: string, entry: Entry, compute: Compute) {
    entry.refreshing = true;
    const version = this.#version;
    this.#refreshQueue = this.#refreshQueue
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        if (version !== this.#version) return;
        const { value, costMs } = await this.#timed(compute);
        this.#store(key, version, value, costMs);
      })
      .catch(() => {
        entry.refreshing = false;
      });
  }
}

/** The filters of a list query that decide its counts: all but paging, sorting and the chosen tab. */
export function countKeyFilters(query: Record<string, unknown>): Record<string, unknown> {
  const { pageNum: _p, pageSize: _s, sort: _o, order: _d, status: _t, ...filters } = query;
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** The cache key of a list's counts. */
export function countKey(list: string, query: Record<string, unknown>, today: string): string {
  const filters = countKeyFilters(query);
  return `${list}|${today}|${JSON.stringify(filters, Object.keys(filters).sort())}`;
}
