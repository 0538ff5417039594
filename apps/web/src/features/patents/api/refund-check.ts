import { api } from '../../../components/api/api-client.ts';

/** GET /api/patent/services/:id/refund-check: whether the order has been refunded (then nothing may be uploaded). */
export function checkRefund(id: number) {
  return api.get<{ refunded: boolean; status: number }>(`/api/patent/services/${id}/refund-check`);
}
