import type { CurrentUser } from '@kxt/contracts/auth';
import { hashKey, type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api/api-client.ts';

export const currentUserQueryKey = ['auth', 'me'] as const;

/** The logged-in user, or null when nobody is logged in (the server answers 401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('/api/auth/me', { silent: true, authRedirect: false, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: ({ signal }) => getCurrentUser(signal),
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** Why the session ended: the user logged out, or the server no longer knew the session (a 401). */
export type SessionEnd = 'logout' | 'expired';
const sessionEndQueryKey = ['auth', 'session-end'] as const;

/**
 * Forgets everything cached for the previous session and records who is logged in now (null: nobody, and why).
 * Route guards react to the change: null sends the user to the login page.
 */
export function resetSession(queryClient: QueryClient, user: CurrentUser | null, ended?: SessionEnd): void {
  const currentUserHash = hashKey(currentUserQueryKey);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== currentUserHash });
  if (!user && ended) queryClient.setQueryData(sessionEndQueryKey, ended);
  queryClient.setQueryData(currentUserQueryKey, user);
}

/** How the last session ended, if it ended in this tab. */
export function useSessionEnd(): SessionEnd | undefined {
  return useQueryClient().getQueryData<SessionEnd>(sessionEndQueryKey);
}

/** The logged-in user, for components behind RequireAuth (where the session is known to exist). */
export function useSessionUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSessionUser is only for components rendered behind RequireAuth');
  return data;
}
