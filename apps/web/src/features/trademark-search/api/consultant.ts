import type { ConsultantInfo } from '@kxt/contracts/trademarks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** GET /api/trademark/consultant: the caller's trademark adviser (nickname, phone, WeChat link for the QR). */
export function useConsultant() {
  return useQuery({
    queryKey: ['trademark', 'consultant'],
    queryFn: () => api.get<ConsultantInfo>('/api/trademark/consultant', undefined, { silent: true }),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}
