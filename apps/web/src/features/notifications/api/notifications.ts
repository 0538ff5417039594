import type { NotificationRow } from '@kxt/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export const notificationsQueryKey = ['notifications'] as const;
/** How often the bell asks for new notifications. */
export const BELL_REFRESH_MS = 30_000;
const BELL_PAGE_SIZE = 20;

/**
 * GET /api/notifications: the newest page and the unread count. Silent: the header works without it. The bell holds
 * it back (`enabled`) until the server has the user's language, in which the server words every notification.
 */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationsQueryKey,
    enabled,
    queryFn: () =>
      api.list<NotificationRow, { unread: number }>(
        '/api/notifications',
        { pageSize: BELL_PAGE_SIZE },
        { silent: true },
      ),
    refetchInterval: BELL_REFRESH_MS,
    retry: false,
  });
}

function useRefreshAfter<T>(mutationFn: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

/** POST /api/notifications/:id/read */
export const useMarkRead = () =>
  useRefreshAfter((id: number) => api.post<unknown>(`/api/notifications/${id}/read`, {}));

/** POST /api/notifications/read-all */
export const useMarkAllRead = () =>
  useRefreshAfter((_: undefined) => api.post<unknown>('/api/notifications/read-all', {}));

/**
 * PUT /api/notifications/locale: notifications (older ones too), emails and texts follow the language the user reads
 * the product in.
 */
export const saveLocale = (locale: string) =>
  api.put<unknown>('/api/notifications/locale', { locale }, { silent: true }).catch(() => undefined);
