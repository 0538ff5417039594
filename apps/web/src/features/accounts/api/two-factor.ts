import type { TwoFactorEnrolment, TwoFactorStatus } from '@kxt/contracts/accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { currentUserQueryKey } from '../../../components/session/current-user.ts';

const statusKey = ['auth', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/auth/two-factor', undefined, { signal }),
  });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: () => api.post<TwoFactorEnrolment>('/api/auth/two-factor/enrol') });
}

/** After the factor is passed the session is whole again: who-am-I and the status are asked again. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    await queryClient.invalidateQueries({ queryKey: statusKey });
  };
}

export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>('/api/auth/two-factor/confirm', { code }, { silent: true }),
  });
}

export function useVerifySecondFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (code: string) => api.post<null>('/api/auth/two-factor/verify', { code }, { silent: true }),
    onSuccess: refresh,
  });
}
