import type { PatentQueueRow, PatentQueueSummary } from '@kxt/contracts/patent-queue';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { listQuery } from '../../../components/DataTable/list-request.ts';
import type { RequestData, RequestParams, SortState } from '../../../components/DataTable/types.ts';

export const patentQueueSummaryKey = ['patent', 'queue', 'summary'] as const;

/** GET /api/admin/patents/queue?view=: one view of the reviewer's queue, most urgent first. */
export async function listPatentQueue(
  params: RequestParams,
  sort: SortState,
): Promise<RequestData<PatentQueueRow>> {
  const list = await api.list<PatentQueueRow>('/api/admin/patents/queue', listQuery(params, sort));
  return { data: list.rows, total: list.total, success: true };
}

/** GET /api/admin/patents/queue/summary: how many orders each queue view lists (the 工作台 counts). */
export function usePatentQueueSummary(enabled = true) {
  return useQuery({
    queryKey: patentQueueSummaryKey,
    queryFn: ({ signal }) =>
      api.get<PatentQueueSummary>('/api/admin/patents/queue/summary', undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}
