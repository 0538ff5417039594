import type { PaymentOrderView } from '@kxt/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/**
 * GET /api/payments/latest?serviceCode=: the newest payment of a patent fee, or null; the dialog shows finance's
 * rejection reason from it. Silent: the dialog works without it.
 */
export function useLatestPayment(serviceCode: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'latest', serviceCode],
    queryFn: () =>
      api.get<PaymentOrderView | null>('/api/payments/latest', { serviceCode }, { silent: true }),
    enabled: enabled && Boolean(serviceCode),
    staleTime: 0,
    retry: false,
  });
}
