import { type Migration, type SqlBool, sql } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * Service items created after their own oldest open due date (opened for periods already due): the few rows an
 * overdue page sorted by creation cannot find by walking the creation index down from the due-date bound
 * (`overduePageByCreation`). A partial index, so it holds only them.
 */
export const bornOverdue: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('service_items_born_overdue_idx')
      .on('service_items')
      .columns(['created_at', 'id'])
      .where(sql<SqlBool>`oldest_open_due_date < substr(created_at, 1, 10)`)
      .execute();
  },
};
