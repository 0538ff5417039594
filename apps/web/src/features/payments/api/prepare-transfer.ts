import type { CreatedPayment, SubmitTransferBody } from '@kxt/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { type PaymentSubject, subjectBody } from '../components/payment-subject.ts';

/**
 * POST /api/payments/transfers when the transfer tab opens: the pending transfer and its reference, to write in the
 * transfer's note before any voucher. The server answers the same order for the same subject and amount, so
 * opening the tab again shows the same reference. Silent: the panel shows its own error.
 */
export function usePreparedTransfer(subject: PaymentSubject) {
  const body = subjectBody(subject);
  return useQuery({
    queryKey: ['payments', 'transfer', body],
    queryFn: () => api.post<CreatedPayment>('/api/payments/transfers', body, { silent: true }),
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/payments/orders/:orderNo/voucher: the payer account name and voucher; finance reviews it next. */
export function submitTransfer(orderNo: string, body: SubmitTransferBody) {
  return api.post<CreatedPayment>(`/api/payments/orders/${encodeURIComponent(orderNo)}/voucher`, body);
}
