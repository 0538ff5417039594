import type { CreatedPayment, CreatePaymentBody } from '@kxt/contracts/payments';
import { api } from '../../../components/api/api-client.ts';

/**
 * POST /api/payments: a QR link (scan, Alipay, WeChat), a redirect url (card) or a submitted transfer. The server
 * prices the order itself and refuses a `payAmount` that differs.
 */
export function createPayment(body: CreatePaymentBody, options: { silent?: boolean } = {}) {
  return api.post<CreatedPayment>('/api/payments', body, options);
}
