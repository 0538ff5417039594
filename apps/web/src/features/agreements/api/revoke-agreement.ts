import { useMutation } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** POST /api/admin/agreements/:id/revoke: the link stops working; an empty reason is left out. */
export function revokeAgreement({ id, reason }: { id: number; reason?: string }) {
  const trimmed = reason?.trim();
  return api.post<null>(`/api/admin/agreements/${id}/revoke`, trimmed ? { reason: trimmed } : {});
}

export function useRevokeAgreement() {
  return useMutation({ mutationFn: revokeAgreement });
}
