import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

export const trademarks: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('marks'), db)
      .addColumn('dataset', 'varchar(3)', (c) => c.notNull())
      .addColumn('application_number', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(500)', (c) => c.notNull())
      .addColumn('application_date', 'varchar(10)')
      .addColumn('registration_date', 'varchar(10)')
      // Comma-separated class numbers ("9,35"): read whole with the mark, never filtered in SQL (the index does it).
      .addColumn('nice_classes', 'varchar(200)', (c) => c.notNull())
      .addColumn('owner', 'varchar(500)')
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('goods_and_services', 'text', (c) => c.notNull())
      .addColumn('goods_translation', 'text')
      .addColumn('attorney', 'varchar(500)')
      .addColumn('image_url', 'varchar(1000)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('marks_dataset_application_uq', ['dataset', 'application_number'])
      .execute();
    // Each server process follows changes by (updated_at, id) to keep its in-memory index current.
    await db.schema.createIndex('marks_updated_idx').on('marks').columns(['updated_at', 'id']).execute();

    await db.schema
      .createTable('trademark_datasets')
      .addColumn('code', 'varchar(3)', (c) => c.primaryKey())
      .addColumn('last_app_date', 'varchar(10)')
      .addColumn('mark_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    // Every charged search; the count per company against its allowance is the free-search quota.
    await db.schema
      .createTable('trademark_searches')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
      .addColumn('text', 'varchar(100)', (c) => c.notNull())
      .addColumn('datasets', 'varchar(400)', (c) => c.notNull())
      .addColumn('classes', 'varchar(200)', (c) => c.notNull())
      .addColumn('charged', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('trademark_searches_customer_idx')
      .on('trademark_searches')
      .columns(['customer_id', 'charged'])
      .execute();

    // Searches a company bought on top of the free ones (search packs).
    await db.schema
      .createTable('trademark_search_credits')
      .addColumn('customer_id', 'integer', (c) =>
        c.primaryKey().references('customers.id').onDelete('cascade'),
      )
      .addColumn('extra_searches', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    // Reference data loaded by `trademark reference-import`: class headings and cross-class associations.
    await db.schema
      .createTable('nice_classes')
      .addColumn('class', 'integer', (c) => c.primaryKey())
      .addColumn('title_zh', 'varchar(50)', (c) => c.notNull())
      .addColumn('heading_zh', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('class_associations')
      .addColumn('class', 'integer', (c) => c.notNull())
      .addColumn('related_class', 'integer', (c) => c.notNull())
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addPrimaryKeyConstraint('class_associations_pk', ['class', 'related_class', 'source'])
      .execute();

    // The consultant's WeChat contact shown as a QR code to their customers.
    await db.schema.alterTable('users').addColumn('wechat_code', 'varchar(500)').execute();
  },
};
