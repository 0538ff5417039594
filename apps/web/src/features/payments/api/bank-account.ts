import type { BankAccount } from '@kxt/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** GET /api/payments/bank-account: where the user's transfers go (it depends on their onlineType, spec §6). */
export function useBankAccount(enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'bank-account'],
    queryFn: () => api.get<BankAccount>('/api/payments/bank-account'),
    enabled,
    staleTime: 10 * 60_000,
  });
}
