import { type Migration, sql } from 'kysely';
import { type AnyDb, databaseKindOf, withIdColumn } from '../columns.ts';

/**
 * Accounts run from the back office (issue 17 items 1, 2, 5): a public id per session (what the session list shows
 * and ends, never the token's hash), whether a session passed the second factor, each user's TOTP secret and the
 * last time step used, recovery codes, and account links (invitations and set-password links after a forced reset).
 */
export const accountsAdmin: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sessions').addColumn('public_id', 'varchar(32)').execute();
    await db.schema.alterTable('sessions').addColumn('second_factor_at', 'varchar(30)').execute();
    const randomId =
      databaseKindOf(db) === 'postgres'
        ? sql`md5(random()::text || token_hash)`
        : sql`lower(hex(randomblob(16)))`;
    await sql`update sessions set public_id = ${randomId}`.execute(db);
    await db.schema
      .createIndex('sessions_public_id_uq')
      .on('sessions')
      .column('public_id')
      .unique()
      .execute();

    await db.schema.alterTable('users').addColumn('totp_secret', 'varchar(64)').execute();
    await db.schema.alterTable('users').addColumn('totp_confirmed_at', 'varchar(30)').execute();
    await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();

    await withIdColumn(db.schema.createTable('recovery_codes'), db)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

    // One row per link: `invite` creates an account when accepted, `reset` sets the password of `user_id`.
    // Only the SHA-256 of the token is kept; `status` moves pending → accepted | revoked by compare-and-set,
    // and a pending link past `expires_at` is expired.
    await withIdColumn(db.schema.createTable('account_links'), db)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('restrict'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('phone', 'varchar(50)')
      .addColumn('email', 'varchar(200)')
      .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('accepted_at', 'varchar(30)')
      .addColumn('accepted_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('account_links_purpose_idx')
      .on('account_links')
      .columns(['purpose', 'created_at'])
      .execute();
  },
};
