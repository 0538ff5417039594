import path from 'node:path';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { CountCache } from './lib/count-cache.ts';
import { localFileStorage } from './modules/files/storage.ts';
import { openMarkSearch } from './modules/trademarks/mark-search.ts';
import { SearchResultCache } from './modules/trademarks/search-cache.ts';
import { APP_VERSION } from './version.ts';

/** The trademark index kept between starts, in DATA_DIR. */
export const INDEX_SNAPSHOT_FILE = 'trademark-index.snapshot';

/** Opens the database, brings it to the latest schema and wires the storage: what the server and the CLI share. */
export async function openContext(config: Config): Promise<AppContext & { close(): Promise<void> }> {
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db, database.schema);
    database.prepareStatements();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    config,
    db: database.db,
    databaseKind: database.kind,
    countCache: new CountCache(database.reader),
    trademarks: {
      index: openMarkSearch(database, config.trademarkIndex, path.join(config.dataDir, INDEX_SNAPSHOT_FILE)),
      results: new SearchResultCache(),
    },
    storage: localFileStorage(path.join(config.dataDir, 'files')),
    version: APP_VERSION,
    close: database.close,
  };
}
