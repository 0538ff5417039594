import type { SearchQuery, SearchResult } from '@kxt/trademark-engine/types';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { MarkIndexService } from './search-index.ts';
import { PostgresMarkSearch } from './search-postgres.ts';

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

/**
 * The search of `mode` over `database`: in PostgreSQL mode (which needs a PostgreSQL database) the keys table, else
 * the in-memory index, kept between starts in `snapshotPath` when one is given.
 */
export function openMarkSearch(
  database: Pick<Database, 'db' | 'url' | 'schema'>,
  mode: Config['trademarkIndex'],
  snapshotPath?: string,
): MarkSearch {
  if (mode === 'postgres' && database.url !== undefined)
    return new PostgresMarkSearch(database.db, { url: database.url, schema: database.schema });
  return new MarkIndexService(database.db, snapshotPath === undefined ? {} : { snapshotPath });
}
