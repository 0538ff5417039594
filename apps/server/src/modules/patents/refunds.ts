import { canTransition, PATENT_STATUS } from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB, PaymentOrderRow } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.ts';
import type { PaymentActor } from '../payments/kinds.ts';
import { applyTransition } from './transitions.ts';

/**
 * The one notion of "refunded" for a patent order. An admin's refund and finance's refund of the order's payment
 * both make the same move (`refund`, to -6), so the status says it whoever recorded it, and every check reads it
 * here: the upload flow's refund check, the lists, the fee quote (only at 12) and every further move (-6 is final).
 */
export const isRefunded = (order: { status: number }) => order.status === PATENT_STATUS.refunded;

/**
 * Finance recorded that the money of `payment` went back: the patent orders it paid for stop as an admin's refund
 * stops them, in the same transaction. Already refunded orders are left as they are; one past the point a refund
 * stops (20 or final) is left too, and the audit trail says so, for the admin to decide.
 */
export async function refundOrdersPaidBy(
  trx: Kysely<DB>,
  payment: PaymentOrderRow,
  orderIds: number[],
  actor: PaymentActor,
  reason: string | null,
) {
  for (const id of orderIds) {
    // Locked, so an admin's move at the same moment queues behind this one and then finds -6.
    const order = await selectForUpdate(
      trx,
      trx.selectFrom('patent_orders').select(['id', 'status', 'country_id']).where('id', '=', id),
    ).executeTakeFirst();
    if (!order || isRefunded(order)) continue;
    const why = `payment ${payment.order_no} refunded: ${reason ?? ''}`.trim().slice(0, 500);
    if (!canTransition('refund', order.status, 'payment')) {
      await recordAudit(trx, {
        ...actor,
        action: 'patent.refundNotApplied',
        entityType: 'patent_order',
        entityId: order.id,
        from: order.status,
        reason: why,
      });
      continue;
    }
    await applyTransition(trx, order, 'refund', { role: 'payment', audit: actor }, { reason: why });
  }
}

/** The patent orders a purchase payment opened (their order number is the payment's). */
export async function ordersOpenedBy(trx: Kysely<DB>, payment: PaymentOrderRow): Promise<number[]> {
  const rows = await trx
    .selectFrom('patent_orders')
    .select('id')
    .where('order_no', '=', payment.order_no)
    .where('customer_id', '=', payment.customer_id)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The patent order whose authorization fee a payment paid. */
export async function orderOfFee(trx: Kysely<DB>, payment: PaymentOrderRow): Promise<number[]> {
  const rows = await trx
    .selectFrom('patent_orders')
    .select('id')
    .where('service_code', '=', payment.subject_ref)
    .where('customer_id', '=', payment.customer_id)
    .execute();
  return rows.map((row) => row.id);
}
