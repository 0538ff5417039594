import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * Scheduled office deliveries (`TRADEMARK_FEEDS`): a batch read from a feed names the feed and the file's SHA-256, so
 * each delivery is imported once by name and content, whichever server process sees it first.
 */
export const trademarkFeeds: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('trademark_imports').addColumn('feed', 'varchar(20)').execute();
    await db.schema.alterTable('trademark_imports').addColumn('checksum', 'varchar(64)').execute();
    await db.schema
      .createIndex('trademark_imports_feed_file_idx')
      .on('trademark_imports')
      .columns(['feed', 'file_name', 'checksum'])
      .execute();
  },
};
