import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * What a search was asked with besides text, datasets and classes, so the same question by the same user within a
 * day reuses its searchId without a charge: the countries as chosen (they pick the risk thresholds) and the status
 * filter, each a sorted comma list. Rows from before this migration have empty lists and are never reused.
 * The index serves "this user's searches of the last day".
 */
export const searchReuse: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('trademark_searches')
      .addColumn('countries', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('trademark_searches')
      .addColumn('statuses', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('trademark_searches_user_idx')
      .on('trademark_searches')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
