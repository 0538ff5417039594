import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';
import { agreementQueryKey } from './get-agreement.ts';

/** POST /api/admin/agreements/:id/reissue: reopens a link locked by five wrong codes. */
export function reissueAgreement(id: number) {
  return api.post<null>(`/api/admin/agreements/${id}/reissue`, {});
}

export function useReissueAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reissueAgreement,
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: agreementQueryKey(id) }),
  });
}
