import type { PayType } from '@kxt/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** GET /api/payments/methods: the pay types the server has configured, in PAY_TYPE_ORDER. */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'methods'],
    queryFn: () => api.get<PayType[]>('/api/payments/methods'),
    enabled,
    staleTime: 10 * 60_000,
  });
}
