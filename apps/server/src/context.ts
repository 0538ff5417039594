import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseKind } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { FileStorage } from './modules/files/storage.ts';

/** What every module needs from the outside world, built once at start-up (and by each test). */
export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  databaseKind: DatabaseKind;
  storage: FileStorage;
  version: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
