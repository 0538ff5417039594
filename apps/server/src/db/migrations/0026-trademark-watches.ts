import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/**
 * Trademark watches (issue #21): a customer company watches a mark in some countries and classes; every import batch's
 * new and changed marks are matched against the active watches, and each conflict is kept once per watch and mark.
 */
export const trademarkWatches: Migration = {
  async up(db: AnyDb) {
    // A catalogue product that buys watch time: its price is for one mark in one country or region for this many
    // years. Such products are bought from a watch, never on the purchase page.
    await db.schema.alterTable('services').addColumn('watch_region_years', 'integer').execute();
    // When the office published the application: the opposition period runs from it.
    await db.schema.alterTable('marks').addColumn('publication_date', 'varchar(10)').execute();
    await withIdColumn(db.schema.createTable('trademark_watches'), db)
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('text', 'varchar(100)', (c) => c.notNull())
      // The mark's other forms (its Chinese or Latin writing), one per line: each is watched too.
      .addColumn('forms', 'text', (c) => c.notNull().defaultTo(''))
      // "US,EM": the markets watched, as the search screen names them.
      .addColumn('countries', 'varchar(300)', (c) => c.notNull())
      // "9,35"; empty for every class.
      .addColumn('classes', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('threshold', 'integer', (c) => c.notNull())
      // Application numbers of the company's own marks, one per line: never reported.
      .addColumn('own_marks', 'text', (c) => c.notNull().defaultTo(''))
      // trial, awaiting_payment, active, cancelled (expiry is read from expires_at).
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('starts_at', 'varchar(30)')
      .addColumn('expires_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('trademark_watches_customer_idx')
      .on('trademark_watches')
      .column('customer_id')
      .execute();

    await withIdColumn(db.schema.createTable('trademark_watch_hits'), db)
      .addColumn('watch_id', 'integer', (c) => c.notNull().references('trademark_watches.id'))
      .addColumn('mark_id', 'integer', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      // JSON: the engine's signal codes, strongest first.
      .addColumn('signals', 'text', (c) => c.notNull())
      .addColumn('import_id', 'integer')
      // new, not_relevant, consultant (the customer asked their consultant).
      .addColumn('review', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
      .addColumn('reviewed_by', 'integer')
      .addColumn('reviewed_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('trademark_watch_hits_unique')
      .on('trademark_watch_hits')
      .columns(['watch_id', 'mark_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('trademark_watch_hits_review_idx')
      .on('trademark_watch_hits')
      .columns(['review', 'created_at'])
      .execute();
  },
};
