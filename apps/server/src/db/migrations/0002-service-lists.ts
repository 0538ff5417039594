import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

export const serviceLists: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('services'), db)
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
      .addColumn('type_code', 'varchar(20)', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.notNull())
      .addColumn('country', 'varchar(10)', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('services_type_category_idx')
      .on('services')
      .columns(['type_code', 'category_id'])
      .execute();

    await withIdColumn(db.schema.createTable('service_items'), db)
      .addColumn('service_code', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
      .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id').onDelete('restrict'))
      .addColumn('type_code', 'varchar(20)', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.notNull())
      .addColumn('country', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('start_date', 'varchar(10)')
      .addColumn('end_date', 'varchar(10)')
      .addColumn('remark', 'varchar(500)')
      // Kept in step with the item's declarations so lists filter and sort on them through indexes.
      .addColumn('oldest_open_due_date', 'varchar(10)')
      .addColumn('latest_declared_by_us', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    // Each equality filter has an index (filter…, created_at, status): a page of the default sort reads it in
    // order and stops early, and the filter's tab counts read it without touching the table.
    for (const [name, columns] of [
      ['service_items_created_idx', ['created_at']],
      ['service_items_status_created_idx', ['status', 'created_at']],
      ['service_items_category_idx', ['category_id', 'country', 'created_at', 'status']],
      ['service_items_country_idx', ['country', 'created_at', 'status']],
      ['service_items_type_idx', ['type_code', 'created_at', 'status']],
      ['service_items_customer_idx', ['customer_id', 'service_id', 'country', 'status']],
      ['service_items_overdue_idx', ['oldest_open_due_date', 'status']],
      ['service_items_code_cover_idx', ['service_code', 'customer_id', 'status']],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('service_items')
        .columns([...columns])
        .execute();
    }

    await withIdColumn(db.schema.createTable('tax_declarations'), db)
      .addColumn('service_item_id', 'integer', (c) =>
        c.notNull().references('service_items.id').onDelete('cascade'),
      )
      .addColumn('country', 'varchar(10)', (c) => c.notNull())
      .addColumn('tax_period', 'varchar(10)', (c) => c.notNull())
      .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('declared_date', 'varchar(10)')
      .addColumn('declared_by', 'varchar(10)')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('tax_declarations_item_idx')
      .on('tax_declarations')
      .columns(['service_item_id', 'due_date'])
      .execute();
    await db.schema
      .createIndex('tax_declarations_status_due_idx')
      .on('tax_declarations')
      .columns(['status', 'due_date'])
      .execute();

    await withIdColumn(db.schema.createTable('table_layouts'), db)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('module_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('field_info', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addUniqueConstraint('table_layouts_user_module_uq', ['user_id', 'module_key'])
      .execute();

    await db.schema.createIndex('customers_created_idx').on('customers').column('created_at').execute();
  },
};
