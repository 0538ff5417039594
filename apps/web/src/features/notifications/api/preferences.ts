import type { ChannelChoice, NotificationType, PreferenceRow } from '@kxt/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

const preferencesKey = (userId: number) => ['notifications', 'preferences', userId] as const;

/** GET /api/notification-preferences/:userId: every type with the user's channels. */
export function usePreferences(userId: number) {
  return useQuery({
    queryKey: preferencesKey(userId),
    queryFn: () => api.get<PreferenceRow[]>(`/api/notification-preferences/${userId}`),
  });
}

/** PUT /api/notification-preferences/:userId/:type; the list is read again either way (a refusal restores it). */
export function useSavePreference(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, channels }: { type: NotificationType; channels: ChannelChoice }) =>
      api.put<unknown>(`/api/notification-preferences/${userId}/${type}`, channels),
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferencesKey(userId) }),
  });
}
