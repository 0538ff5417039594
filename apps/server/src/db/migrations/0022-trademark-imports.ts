import type { Migration } from 'kysely';
import { type AnyDb, withIdColumn } from '../columns.ts';

/**
 * Office data in full: each import is one batch (`trademark_imports`: its file, counts and first problems, listed for
 * admins); marks removed by an office's delete records leave a row in `mark_deletions`, which every server process
 * follows by id, as it follows `marks.updated_at`, to drop them from its in-memory index. The marks gain the fields
 * TM-XML (WIPO ST.66) records carry beyond the search result's first version.
 */
export const trademarkImports: Migration = {
  async up(db: AnyDb) {
    await withIdColumn(db.schema.createTable('trademark_imports'), db)
      .addColumn('file_name', 'varchar(500)', (c) => c.notNull())
      .addColumn('format', 'varchar(20)')
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON: the file-level faults and the first refused records with their positions.
      .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(30)')
      .execute();
    await db.schema
      .createIndex('trademark_imports_started_idx')
      .on('trademark_imports')
      .column('started_at')
      .execute();

    await withIdColumn(db.schema.createTable('mark_deletions'), db)
      .addColumn('mark_id', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('marks').addColumn('registration_number', 'varchar(64)').execute();
    await db.schema.alterTable('marks').addColumn('expiry_date', 'varchar(10)').execute();
    await db.schema.alterTable('marks').addColumn('mark_feature', 'varchar(20)').execute();
  },
};
