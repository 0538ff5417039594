import { registerPaymentKind } from '../payments/kinds.ts';
import { markAuthorizationFeePaid, quoteAuthorizationFee } from './authorization-fee.ts';
import { orderOfFee, refundOrdersPaidBy } from './refunds.ts';

/**
 * A patent order's authorization fee as something the payments module can sell: priced from the order (status 12
 * with an amount), paid once per order, and moving the order on (12 → 10, or 19 in Japan) in the transaction that
 * marks the payment paid.
 */
export const patentFeePayment = {
  oncePerSubject: true,
  async quote(deps, user, body) {
    const quote = await quoteAuthorizationFee(deps.db, user, body.serviceCode ?? '');
    return {
      amount: quote.amount,
      currency: quote.currency,
      description: quote.description,
      subjectRef: body.serviceCode ?? '',
      customerId: quote.customerId,
    };
  },
  async fulfil(trx, order, actor) {
    const patent = await trx
      .selectFrom('patent_orders')
      .select('id')
      .where('service_code', '=', order.subject_ref)
      .where('customer_id', '=', order.customer_id)
      .executeTakeFirstOrThrow();
    await markAuthorizationFeePaid(trx, patent.id, actor);
  },
  async refunded(trx, order, actor, reason) {
    await refundOrdersPaidBy(trx, order, await orderOfFee(trx, order), actor, reason);
  },
} satisfies Parameters<typeof registerPaymentKind>[1];

registerPaymentKind('patent-fee', patentFeePayment);
