import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/**
 * Notifications (issue 16): each user's language, the in-app notifications, per-user channel choices, and the
 * outbox: jobs written in the transaction of the change that caused them and run later by the workers.
 */
export const notifications: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('locale', 'varchar(10)', (c) => c.notNull().defaultTo('zh-CN'))
      .execute();

    // One job: an event to fan out, or one message to send on one channel. `key` is the idempotency key (the
    // event's for a fan-out; event, recipient and channel for a message): a second insert of it does nothing.
    // `attempts` grows with every claim and doubles as the compare-and-set version of the row.
    await withIdColumn(db.schema.createTable('outbox_jobs'), db)
      .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('recipient', 'varchar(320)')
      .addColumn('notification_type', 'varchar(60)')
      .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('run_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('lease_owner', 'varchar(60)')
      .addColumn('lease_until', 'varchar(30)')
      .addColumn('last_error', 'varchar(1000)')
      .addColumn('provider', 'varchar(40)')
      .addColumn('provider_ref', 'varchar(200)')
      .addColumn('sent_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('outbox_jobs_due_idx')
      .on('outbox_jobs')
      .columns(['state', 'run_at'])
      .execute();
    await db.schema
      .createIndex('outbox_jobs_channel_idx')
      .on('outbox_jobs')
      .columns(['kind', 'state', 'id'])
      .execute();

    await withIdColumn(db.schema.createTable('notifications'), db)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('event_key', 'varchar(200)', (c) => c.notNull())
      .addColumn('type', 'varchar(60)', (c) => c.notNull())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('body', 'varchar(2000)', (c) => c.notNull())
      .addColumn('link', 'varchar(500)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('read_at', 'varchar(30)')
      .addUniqueConstraint('notifications_event_user_uq', ['event_key', 'user_id'])
      .execute();
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'read_at', 'id'])
      .execute();

    await db.schema
      .createTable('notification_preferences')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'varchar(60)', (c) => c.notNull())
      .addColumn('in_app', 'integer', (c) => c.notNull())
      .addColumn('email', 'integer', (c) => c.notNull())
      .addColumn('sms', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type'])
      .execute();
  },
};
