import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/**
 * Deadlines (issue 16, item 3): one row per (kind, record), kept in step with its source (an office action's reply
 * deadline, a patent's next renewal, a signing link's expiry, an authorization fee) by `modules/deadlines/sync.ts`.
 * The calendar and the customer's home read it; reminders are outbox jobs keyed by its id and due date.
 */
export const deadlines: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('deadlines'), db)
      .addColumn('kind', 'varchar(30)', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('due_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('reference', 'varchar(200)', (c) => c.notNull())
      .addColumn('title', 'varchar(500)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('deadlines_kind_record_uq', ['kind', 'record_id'])
      .execute();
    await db.schema.createIndex('deadlines_due_idx').on('deadlines').columns(['due_on', 'kind']).execute();
    await db.schema
      .createIndex('deadlines_customer_idx')
      .on('deadlines')
      .columns(['customer_id', 'due_on'])
      .execute();
  },
};
