import type { RejectReason } from '@kxt/contracts/patents';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** GET /api/patent/services/:id/reject-reasons?status=: why materials (-1) or a reply package (-2) were rejected. */
export function useRejectReasons(id: number | null, status: number) {
  return useQuery({
    queryKey: ['patent', 'reject-reasons', id, status],
    queryFn: ({ signal }) =>
      api.get<RejectReason[]>(`/api/patent/services/${id}/reject-reasons`, { status }, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
