import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * The demo seed's marker: one row, written in the transaction that writes the demo data, so it exists exactly when
 * the whole demo does.
 */
export const demoSeed: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('demo_seed')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('seeded_at', 'varchar(30)', (c) => c.notNull())
      .execute();
  },
};
