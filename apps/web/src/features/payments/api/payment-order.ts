import type { PaymentOrderView } from '@kxt/contracts/payments';
import { api } from '../../../components/api/api-client.ts';

/** GET /api/payments/orders/:orderNo: the order as the server's database has it (the pay dialog's poll). */
export function getPaymentOrder(orderNo: string, signal?: AbortSignal) {
  return api.get<PaymentOrderView>(`/api/payments/orders/${encodeURIComponent(orderNo)}`, undefined, {
    silent: true,
    signal,
  });
}
