import type { NewAgreement } from '@kxt/contracts/agreements';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export interface CreatedAgreement {
  id: number;
  code: string;
  /** `/sign?code=…`, relative to the site. */
  url: string;
  expiresAt: string;
}

/** POST /api/admin/agreements: answers the new agreement's signing link. */
export function createAgreement(body: NewAgreement) {
  return api.post<CreatedAgreement>('/api/admin/agreements', body);
}

export function useCreateAgreement() {
  return useMutation({ mutationFn: createAgreement });
}
