import type {} from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseKind } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { CountCache } from './lib/count-cache.ts';
import type { FileStorage } from './modules/files/storage.ts';
import type { MarkSearch } from './modules/trademarks/mark-search.ts';
import type { SearchResultCache } from './modules/trademarks/search-cache.ts';

/** What every module needs from the outside world, built once at start-up (and by each test). */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  databaseKind: DatabaseKind;
  storage: FileStorage;
  /** Tab counts of the back-office lists, cleared by every write that changes them. */
  countCache: CountCache;
  /** This process's trademark index and recent search results. */
  trademarks: { index: MarkSearch; results: SearchResultCache };
  version: string;
}

/** What the back-office lists and their edits need. */
export type ListDeps = Pick<AppContext, 'db' | 'countCache'>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
