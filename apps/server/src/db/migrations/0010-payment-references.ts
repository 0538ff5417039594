import { type Migration, sql } from 'kysely';
import { newPaymentReference } from '../../modules/payments/reference.ts';
import type { AnyDb } from '../columns.ts';

/**
 * The payment reference (KXT-PAY-xxxxxx) a customer writes in a bank transfer's note and finance searches for, and
 * one pending bank transfer per subject (below). Orders
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
    // At most one bank transfer waiting for its voucher per company and subject: two openings of the transfer tab
    // at once cannot both create one (the second finds the first). Transfers were never 'created' before this.
    await db.schema
      .createIndex('payment_orders_pending_transfer_uq')
      .on('payment_orders')
      .columns(['customer_id', 'kind', 'subject_ref'])
      .unique()
      .where(sql.ref('state'), '=', sql.lit('created'))
      .where(sql.ref('pay_type'), '=', sql.lit(3))
      .execute();
  },
};
