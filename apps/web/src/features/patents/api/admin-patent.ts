import type { AdminPatentRow, patentHistoryEntry } from '@kxt/contracts/patents';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** One line of an order's audit trail. */
export type PatentHistoryEntry = ReturnType<typeof patentHistoryEntry.parse>;

/** GET /api/admin/patents/:id: one order with its records. */
export function useAdminPatent(id: number | null) {
  return useQuery({
    queryKey: ['patent', 'admin', id],
    queryFn: ({ signal }) => api.get<AdminPatentRow>(`/api/admin/patents/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** GET /api/admin/patents/:id/history: the order's audit trail. */
export function usePatentHistory(id: number | null) {
  return useQuery({
    queryKey: ['patent', 'admin', id, 'history'],
    queryFn: ({ signal }) =>
      api.get<PatentHistoryEntry[]>(`/api/admin/patents/${id}/history`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
