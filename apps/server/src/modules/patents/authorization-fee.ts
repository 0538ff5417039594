import type { CurrentUser } from '@kxt/contracts/auth';
import { PATENT_STATUS, type PatentStatus } from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http-error.ts';
import { type AuditActor, applyTransition, notAllowedAt } from './transitions.ts';

export interface AuthorizationFeeQuote {
  orderId: number;
  customerId: number;
  /** Integer fen. */
  amount: number;
  currency: string;
  description: string;
}

/**
 * What the customer owes for an order's authorization fee, for the payments module: only the customer's own order
 * (else 404) and only while the fee is payable, i.e. at 12 with an amount set (else 409).
 */
export async function quoteAuthorizationFee(
  db: Kysely<DB>,
  user: Pick<CurrentUser, 'customerId'>,
  serviceCode: string,
): Promise<AuthorizationFeeQuote> {
  const order = await db
    .selectFrom('patent_orders')
    .select([
      'id',
      'customer_id',
      'status',
      'authorization_amount',
      'currency',
      'service_name',
      'service_code',
    ])
    .where('service_code', '=', serviceCode)
    .executeTakeFirst();
  if (!order || user.customerId === null || order.customer_id !== user.customerId) throw notFound();
  if (order.status !== PATENT_STATUS.feePayable || !order.authorization_amount) {
    throw notAllowedAt(order.status, [PATENT_STATUS.feePayable]);
  }
  return {
    orderId: order.id,
    customerId: order.customer_id,
    amount: order.authorization_amount,
    currency: order.currency,
    description: `${order.service_name} ${order.service_code}`,
  };
}

/**
 * A paid authorization fee moves the order on: 12 → 10, or 12 → 19 in Japan. Call it inside the transaction that
 * records the payment, so both land together; a second call for the same order is a 409.
 */
export async function markAuthorizationFeePaid(
  trx: Kysely<DB>,
  orderId: number,
  actor: AuditActor,
): Promise<PatentStatus> {
  const order = await trx
    .selectFrom('patent_orders')
    .select(['id', 'status', 'country_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound();
  return applyTransition(trx, order, 'payAuthorizationFee', { role: 'payment', audit: actor });
}
