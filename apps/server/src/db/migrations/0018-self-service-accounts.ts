import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/**
 * Self-service accounts (issue 17 items 3, 4, 6): a company's verification state (self sign-up makes it pending until
 * staff check its business licence), SMS codes, e-mailed password-reset links and the counters their rate limits
 * read. Companies that exist already were entered by staff and count as verified.
 */
export const selfServiceAccounts: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('customers')
      .addColumn('verification_state', 'varchar(10)', (c) => c.notNull().defaultTo('verified'))
      .execute();
    await db.schema.alterTable('customers').addColumn('verified_at', 'varchar(30)').execute();
    await db.schema
      .alterTable('customers')
      .addColumn('verified_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('customers').addColumn('licence_no', 'varchar(18)').execute();

    // A code sent by SMS: only its HMAC is kept. The newest code of a (purpose, phone) is the one that counts.
    await withIdColumn(db.schema.createTable('sms_codes'), db)
      .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
      .addColumn('phone', 'varchar(20)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .execute();
    await db.schema
      .createIndex('sms_codes_phone_idx')
      .on('sms_codes')
      .columns(['purpose', 'phone', 'id'])
      .execute();

    await db.schema
      .createTable('password_reset_tokens')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .execute();

    // One row per counted request (`sms-phone:<purpose>:<phone>`, `sms-ip:<ip>`, `reset-ip:<ip>` …).
    await withIdColumn(db.schema.createTable('account_rate_events'), db)
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('account_rate_events_key_idx')
      .on('account_rate_events')
      .columns(['key', 'created_at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('account_rate_events').execute();
    await db.schema.dropTable('password_reset_tokens').execute();
    await db.schema.dropTable('sms_codes').execute();
    for (const column of ['licence_no', 'verified_by_user_id', 'verified_at', 'verification_state']) {
      await db.schema.alterTable('customers').dropColumn(column).execute();
    }
  },
};
