import type { SearchQuery, SearchResult } from '@kxt/trademark-engine/types';

/**
 * Where this process searches the marks: the in-memory index (`MarkIndexService`, the default) or the keys table in
 * PostgreSQL shared by every process (`PostgresMarkSearch`, `TRADEMARK_INDEX=postgres`).
 */
export interface MarkSearch {
  /** Resolves once every mark in the database can be found; starts loading on first call. */
  ready(): Promise<void>;
  /** Whether `ready` has resolved (the health check reports `building` until then). */
  readonly built: boolean;
  /** Takes in the marks changed since the last look; answers how many. */
  refresh(): Promise<number>;
  search(query: SearchQuery): Promise<SearchResult>;
  /** Stops following and finishes work under way. */
  stop(): Promise<void>;
  /** What the `trademark index ready` log line says. */
  describe(): Record<string, unknown>;
  /** Where progress is reported (the server's log). */
  log: (message: string, details: Record<string, unknown>) => void;
}
