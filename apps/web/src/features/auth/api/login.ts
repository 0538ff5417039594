import type { CurrentUser, LoginBody } from '@kxt/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { resetSession } from '../../../components/session/current-user.ts';

/** Logs in; the login form shows errors in place, so the call is silent and a 401 is a normal answer. */
export function login(body: LoginBody): Promise<CurrentUser> {
  return api.post<CurrentUser>('/api/auth/login', body, { silent: true, authRedirect: false });
}

/** On success the new user replaces any cached session; the login page then moves on. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => resetSession(queryClient, user),
  });
}
