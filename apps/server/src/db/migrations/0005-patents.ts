import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/**
 * The patent markets with the legacy numeric ids the portal sends as `countryId`. Reference data, so the migration
 * fills it: 42 is Japan, the market whose orders pass through statuses 19 and 20.
 */
export const PATENT_COUNTRIES = [
  { id: 1, code: 'US', name_zh: '美国', name_en: 'United States' },
  { id: 42, code: 'JP', name_zh: '日本', name_en: 'Japan' },
  { id: 44, code: 'GB', name_zh: '英国', name_en: 'United Kingdom' },
  { id: 49, code: 'DE', name_zh: '德国', name_en: 'Germany' },
  { id: 33, code: 'FR', name_zh: '法国', name_en: 'France' },
  { id: 90, code: 'EM', name_zh: '欧盟（外观设计）', name_en: 'European Union (design)' },
  { id: 2, code: 'CA', name_zh: '加拿大', name_en: 'Canada' },
  { id: 61, code: 'AU', name_zh: '澳大利亚', name_en: 'Australia' },
  { id: 82, code: 'KR', name_zh: '韩国', name_en: 'South Korea' },
] as const;

/** Patent registration orders, their materials, office actions, rejection reasons and the additional rules. */
export const patents: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('patent_countries')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('code', 'varchar(8)', (c) => c.notNull().unique())
      .addColumn('name_zh', 'varchar(50)', (c) => c.notNull())
      .addColumn('name_en', 'varchar(80)', (c) => c.notNull())
      .execute();
    await db
      .insertInto('patent_countries')
      .values(PATENT_COUNTRIES.map((country) => ({ ...country })))
      .execute();

    await withIdColumn(db.schema.createTable('patent_orders'), db)
      .addColumn('service_code', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('service_id', 'integer', (c) => c.notNull())
      .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('parent_order_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
      .addColumn('country_id', 'integer', (c) =>
        c.notNull().references('patent_countries.id').onDelete('restrict'),
      )
      .addColumn('service_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('apply_name', 'varchar(20)', (c) => c.notNull())
      .addColumn('apply_title', 'varchar(200)', (c) => c.notNull())
      .addColumn('inventor_name', 'varchar(500)')
      .addColumn('patent_type', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer')
      .addColumn('product_code', 'varchar(40)')
      .addColumn('product_name', 'varchar(200)')
      .addColumn('patent_number', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('reference_number', 'varchar(100)')
      .addColumn('registration_number', 'varchar(100)')
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('submission_time', 'varchar(30)')
      .addColumn('audit_time', 'varchar(30)')
      .addColumn('rejection_time', 'varchar(30)')
      .addColumn('oa_abort_answer_time', 'varchar(30)')
      .addColumn('renewal_time', 'varchar(30)')
      .addColumn('brand_oath_time', 'varchar(30)')
      // JSON records (spec §3): the filing receipt, the US filing's two records, the registration record.
      .addColumn('filing_receipt', 'text')
      .addColumn('us_filing', 'text')
      .addColumn('registration', 'text')
      .addColumn('certificate_time', 'varchar(30)')
      // JSON list of { name, url }.
      .addColumn('certificate_files', 'text')
      .addColumn('authorization_amount', 'integer')
      .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('CNY'))
      .addColumn('is_speed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expedited_notice_files', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('answer_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('restrict'))
      .addColumn('recheck_receipt_file_id', 'varchar(40)', (c) =>
        c.references('files.id').onDelete('restrict'),
      )
      .addColumn('recheck_receipt_time', 'varchar(30)')
      .addColumn('file_data_path_content', 'text')
      .addColumn('sale_year', 'integer')
      .addColumn('is_spanish_tax_code', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // One index per equality filter shaped (filter…, created_at, status), as the other lists.
    for (const [name, columns] of [
      ['patent_orders_created_idx', ['created_at', 'status']],
      ['patent_orders_customer_idx', ['customer_id', 'created_at', 'status']],
      ['patent_orders_country_idx', ['country_id', 'created_at', 'status']],
      ['patent_orders_status_idx', ['status', 'created_at']],
      ['patent_orders_apply_name_idx', ['apply_name', 'created_at', 'status']],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('patent_orders')
        .columns([...columns])
        .execute();
    }

    await db.schema
      .createTable('patent_materials')
      .addColumn('order_id', 'integer', (c) =>
        c.primaryKey().references('patent_orders.id').onDelete('cascade'),
      )
      .addColumn('draft', 'text')
      .addColumn('submitted', 'text')
      .addColumn('draft_saved_at', 'varchar(30)')
      .addColumn('submitted_at', 'varchar(30)')
      .execute();

    await withIdColumn(db.schema.createTable('patent_office_actions'), db)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('patent_orders.id').onDelete('cascade'))
      .addColumn('file_exists', 'integer', (c) => c.notNull())
      .addColumn('issuance_time', 'varchar(30)')
      .addColumn('oa_abort_answer_time', 'varchar(30)')
      .addColumn('oa_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('restrict'))
      .addColumn('ascertainment_file_id', 'varchar(40)', (c) => c.references('files.id').onDelete('restrict'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('patent_office_actions_order_idx')
      .on('patent_office_actions')
      .columns(['order_id', 'id'])
      .execute();

    await withIdColumn(db.schema.createTable('patent_reject_reasons'), db)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('patent_orders.id').onDelete('cascade'))
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('operator_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('patent_reject_reasons_order_idx')
      .on('patent_reject_reasons')
      .columns(['order_id', 'status'])
      .execute();

    await withIdColumn(db.schema.createTable('patent_additional_rules'), db)
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('patent_type', 'integer')
      .addColumn('country_id', 'integer', (c) => c.references('patent_countries.id').onDelete('cascade'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .execute();
  },
};
