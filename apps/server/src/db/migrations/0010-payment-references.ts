import type { Migration } from 'kysely';
import { newPaymentReference } from '../../modules/payments/reference.ts';
import type { AnyDb } from '../columns.ts';

/**
 * The payment reference (KXT-PAY-xxxxxx) a customer writes in a bank transfer's note and finance searches for. Orders
 * made before get one here, so every order has one; new orders are written with theirs (the column stays nullable
 * only because SQLite cannot add a NOT NULL column without a default).
 */
export const paymentReferences: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('payment_orders').addColumn('reference', 'varchar(20)').execute();
    const orders = await db.selectFrom('payment_orders').select('id').execute();
    const taken = new Set<string>();
    for (const { id } of orders) {
      let reference = newPaymentReference();
      while (taken.has(reference)) reference = newPaymentReference();
      taken.add(reference);
      await db.updateTable('payment_orders').set({ reference }).where('id', '=', id).execute();
    }
    await db.schema
      .createIndex('payment_orders_reference_uq')
      .on('payment_orders')
      .column('reference')
      .unique()
      .execute();
  },
};
