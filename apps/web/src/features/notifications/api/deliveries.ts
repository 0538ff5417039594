import type { DeliveryChannel, DeliveryRow, DeliveryState } from '@kxt/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export interface DeliveryFilter {
  channel: DeliveryChannel;
  state: DeliveryState | undefined;
  pageNum: number;
  pageSize: number;
}

/** GET /api/admin/notifications/deliveries: one channel's messages, newest first. */
export function useDeliveries(filter: DeliveryFilter) {
  return useQuery({
    queryKey: ['notifications', 'deliveries', filter],
    queryFn: () => api.list<DeliveryRow>('/api/admin/notifications/deliveries', { ...filter }),
  });
}

/** POST /api/admin/notifications/deliveries/:id/resend */
export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<unknown>(`/api/admin/notifications/deliveries/${id}/resend`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications', 'deliveries'] }),
  });
}
