import type { SearchResult } from '@kxt/trademark-engine/types';

/**
 * Ranked results of recent searches by `searchId`, datasets, effect markets and status filter, so paging and
 * re-filtering read the same order without scoring again. Bounded in entries and age; a miss is simply searched again (the ranking is
 * deterministic), which is also what another server process does with a searchId it has not seen.
 */
export class SearchResultCache {
  readonly #entries = new Map<string, { at: number; result: SearchResult }>();

  constructor(
    private readonly maxEntries = 500,
    private readonly ttlMs = 30 * 60_000,
  ) {}

  get(key: string): SearchResult | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.result;
  }

  set(key: string, result: SearchResult) {
    this.#entries.delete(key);
    this.#entries.set(key, { at: Date.now(), result });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
