import type { Migration } from 'kysely';
import type { AnyDb } from '../columns.ts';

/**
 * Refunds finance records for a paid order: why the money went back and who recorded it when. Kept apart from
 * the transfer review (reject_reason, reviewed_by), which an approved transfer keeps after it is refunded.
 */
export const paymentRefunds: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('payment_orders').addColumn('refund_reason', 'varchar(500)').execute();
    await db.schema
      .alterTable('payment_orders')
      .addColumn('refunded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('payment_orders').addColumn('refunded_at', 'varchar(30)').execute();
  },
};
