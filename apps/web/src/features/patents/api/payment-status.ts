import type { PaymentStatus } from '@kxt/contracts/payments';
import { api } from '../../../components/api/api-client.ts';

/** GET /api/payments/status?serviceCode=: where the authorization fee payment of an order stands (null: none yet). */
export function getPaymentStatus(serviceCode: string) {
  return api.get<PaymentStatus | null>('/api/payments/status', { serviceCode });
}
