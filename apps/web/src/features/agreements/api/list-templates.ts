import type { AgreementTemplate } from '@kxt/contracts/agreements';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export const templatesQueryKey = ['agreements', 'templates'] as const;

/** GET /api/admin/agreement-templates: every version of every template, newest first per name. */
export function listTemplates(signal?: AbortSignal) {
  return api.get<AgreementTemplate[]>('/api/admin/agreement-templates', undefined, { signal });
}

export function useAgreementTemplates(enabled: boolean) {
  return useQuery({ queryKey: templatesQueryKey, queryFn: ({ signal }) => listTemplates(signal), enabled });
}
