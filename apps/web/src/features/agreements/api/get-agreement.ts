import type { AgreementDetail } from '@kxt/contracts/agreements';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export const agreementQueryKey = (id: number) => ['agreements', 'detail', id] as const;

/** GET /api/admin/agreements/:id: the agreement with its pages, evidence hashes and audit trail. */
export function getAgreement(id: number, signal?: AbortSignal) {
  return api.get<AgreementDetail>(`/api/admin/agreements/${id}`, undefined, { signal });
}

export function useAgreement(id: number | null) {
  return useQuery({
    queryKey: agreementQueryKey(id ?? 0),
    queryFn: ({ signal }) => getAgreement(id as number, signal),
    enabled: id !== null,
  });
}

/** GET /api/admin/agreements/:id/signed.pdf (409 until signed): a plain link downloads it. */
export function signedPdfUrl(id: number) {
  return `/api/admin/agreements/${id}/signed.pdf`;
}
