import type { PatentQueueCounts } from '@kxt/contracts/patent-queue-views';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** Apart from the queue's list call, which brings the list helpers: the 工作台 loads only this. */
export const patentQueueSummaryKey = ['patent', 'queue', 'summary'] as const;

/** GET /api/admin/patents/queue/summary: how many orders each queue view lists (the 工作台 counts). */
export function usePatentQueueSummary(enabled = true) {
  return useQuery({
    queryKey: patentQueueSummaryKey,
    queryFn: ({ signal }) =>
      api.get<PatentQueueCounts>('/api/admin/patents/queue/summary', undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}
