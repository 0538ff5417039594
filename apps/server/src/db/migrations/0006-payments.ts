import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

export const payments: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('payment_orders'), db)
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(30)', (c) => c.notNull())
      // The patent order's serviceCode, or the catalogue product id as text.
      .addColumn('subject_ref', 'varchar(64)', (c) => c.notNull())
      .addColumn('description', 'varchar(300)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('mark', 'varchar(100)')
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('pay_type', 'integer', (c) => c.notNull())
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('provider_order_no', 'varchar(100)')
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('payer_account', 'varchar(50)')
      .addColumn('voucher_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('reject_reason', 'varchar(500)')
      .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', 'varchar(30)')
      // Card payments: the same-origin path the provider sends the browser back to.
      .addColumn('return_url', 'varchar(1000)')
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('paid_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    // The status of a subject for its customer: newest order first.
    await db.schema
      .createIndex('payment_orders_subject_idx')
      .on('payment_orders')
      .columns(['customer_id', 'kind', 'subject_ref', 'created_at'])
      .execute();
    // The finance list in its default order, and the sweeper's look for open orders.
    await db.schema
      .createIndex('payment_orders_created_idx')
      .on('payment_orders')
      .columns(['created_at', 'state'])
      .execute();
    await db.schema
      .createIndex('payment_orders_state_idx')
      .on('payment_orders')
      .columns(['state', 'updated_at'])
      .execute();

    // Every notification a provider sent, once: the unique id refuses replays.
    await withIdColumn(db.schema.createTable('payment_notifications'), db)
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('notification_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      // SHA-256 of the raw body: a genuine retry carries the same bytes, a replay with other content does not.
      .addColumn('digest', 'varchar(64)', (c) => c.notNull())
      .addColumn('outcome', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('payment_notifications_uq', ['provider', 'notification_id'])
      .execute();

    // Which bank account set a customer's transfers go to (spec §6).
    await db.schema
      .alterTable('users')
      .addColumn('online_type', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Search packs: how many trademark searches one unit adds.
    await db.schema.alterTable('services').addColumn('grants_searches', 'integer').execute();
  },
};
