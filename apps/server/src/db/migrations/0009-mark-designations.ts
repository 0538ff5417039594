import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * Where an international registration has effect: the codes it designates, comma-separated ("CN,EM,US") like the
 * classes, read whole with the mark and never filtered in SQL (the index decides effect). Empty for national marks.
 */
export const markDesignations: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('marks')
      .addColumn('designations', 'varchar(1200)', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
