import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/** Named views of a list per user (issue #19): the list's address query under a name, one of them the default. */
export const tableViews: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('table_views'), db)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('query', 'varchar(2000)', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('table_views_name_unique')
      .on('table_views')
      .columns(['user_id', 'module_key', 'name'])
      .unique()
      .execute();
  },
};
