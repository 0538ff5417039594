import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

export const foundation: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('customers'), db)
      .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('contact_name', 'varchar(100)')
      .addColumn('phone', 'varchar(50)')
      .addColumn('email', 'varchar(200)')
      .addColumn('country', 'varchar(10)')
      .addColumn('owner_user_id', 'integer')
      .addColumn('is_arrears', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('suspend', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('users'), db)
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('phone', 'varchar(50)')
      .addColumn('email', 'varchar(200)')
      .addColumn('role', 'varchar(20)', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('restrict'))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_customer_idx').on('users').column('customer_id').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(500)')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await withIdColumn(db.schema.createTable('login_failures'), db)
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('login_failures_key_idx')
      .on('login_failures')
      .columns(['key', 'created_at'])
      .execute();

    await db.schema
      .createTable('files')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
      .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
      .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await withIdColumn(db.schema.createTable('audit_log'), db)
      .addColumn('actor_user_id', 'integer')
      .addColumn('actor_label', 'varchar(100)')
      .addColumn('action', 'varchar(100)', (c) => c.notNull())
      .addColumn('entity_type', 'varchar(50)', (c) => c.notNull())
      .addColumn('entity_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text')
      .addColumn('reason', 'text')
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(500)')
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('audit_log_entity_idx')
      .on('audit_log')
      .columns(['entity_type', 'entity_id'])
      .execute();
  },
};
