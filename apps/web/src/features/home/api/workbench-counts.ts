import type { WorkbenchCounts } from '@kxt/contracts/workbench';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export const workbenchCountsKey = ['workbench', 'counts'] as const;

/** GET /api/admin/workbench/counts: finance's and consultants' 工作台 counts (the parts the caller's role has). */
export function useWorkbenchCounts() {
  return useQuery({
    queryKey: workbenchCountsKey,
    queryFn: ({ signal }) => api.get<WorkbenchCounts>('/api/admin/workbench/counts', undefined, { signal }),
    staleTime: 0,
  });
}
