import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * Declarations in due-date order without a filter (the list's default sort, and an export read in keyset batches):
 * without this index every batch sorted the whole table.
 */
export const listExport: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('tax_declarations_due_idx')
      .on('tax_declarations')
      .column('due_date')
      .execute();
  },
};
