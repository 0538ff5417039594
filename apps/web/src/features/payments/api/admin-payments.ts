import type { StatusTab } from '@kxt/contracts/paging';
import type { PaymentRow, RefundPaymentBody, RejectPaymentBody } from '@kxt/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** GET /api/admin/payments, as the finance table asks for it. */
export async function listPayments(params: RequestParams, sort: SortState) {
  const list = await api.list<PaymentRow, { statusTabList: StatusTab[] }>(
    '/api/admin/payments',
    listQuery(params, sort),
  );
  return tableResult(list);
}

const orderPath = (orderNo: string) => `/api/admin/payments/${encodeURIComponent(orderNo)}`;

/** POST /api/admin/payments/:orderNo/approve: the transfer arrived; the customer's order proceeds. */
export function useApprovePayment() {
  return useMutation({
    mutationFn: (orderNo: string) => api.post<unknown>(`${orderPath(orderNo)}/approve`, {}),
  });
}

/** POST /api/admin/payments/:orderNo/reject: the customer sees the reason in the pay dialog. */
export function useRejectPayment() {
  return useMutation({
    mutationFn: ({ orderNo, reason }: { orderNo: string } & RejectPaymentBody) =>
      api.post<unknown>(`${orderPath(orderNo)}/reject`, { reason: reason.trim() }),
  });
}

/**
 * POST /api/admin/payments/:orderNo/refund: records money already returned by bank or in the provider's merchant
 * console; the customer sees the reason, and nothing delivered is undone.
 */
export function useRefundPayment() {
  return useMutation({
    mutationFn: ({ orderNo, reason }: { orderNo: string } & RefundPaymentBody) =>
      api.post<unknown>(`${orderPath(orderNo)}/refund`, { reason: reason.trim() }),
  });
}
