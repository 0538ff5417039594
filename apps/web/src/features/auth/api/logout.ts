import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { resetSession } from '../../../components/session/current-user.ts';

export function logout(): Promise<null> {
  return api.post<null>('/api/auth/logout');
}

/** Logs out and clears everything cached; the route guard then shows the login page (without a redirect back). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => resetSession(queryClient, null, 'logout'),
  });
}
