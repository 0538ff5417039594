import type { AccountLinkAccept, AccountLinkView } from '@kxt/contracts/accounts';
import type { CurrentUser } from '@kxt/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { resetSession } from '../../../components/session/current-user.ts';

/** What an invitation or set-password link is for; the page shows a refusal (used, expired…) in place. */
export function useAccountLink(token: string) {
  return useQuery({
    queryKey: ['account-link', token],
    queryFn: ({ signal }) =>
      api.get<AccountLinkView>(`/api/account-links/${encodeURIComponent(token)}`, undefined, {
        silent: true,
        authRedirect: false,
        signal,
      }),
    retry: false,
  });
}

/** Sets the password through the link; the answer is the logged-in user, who replaces any cached session. */
export function useAcceptLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountLinkAccept) =>
      api.post<CurrentUser>(`/api/account-links/${encodeURIComponent(token)}/accept`, body, {
        silent: true,
        authRedirect: false,
      }),
    onSuccess: (user) => resetSession(queryClient, user),
  });
}
