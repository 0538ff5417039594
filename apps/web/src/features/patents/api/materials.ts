import type { MaterialsAnswer, SaveMaterialsBody } from '@kxt/contracts/patents';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../components/api/api-client.ts';

export const materialsQueryKey = (scope: 'customer' | 'admin', id: number | null, language?: string) =>
  language === undefined
    ? (['patent', 'materials', scope, id] as const)
    : (['patent', 'materials', scope, id, language] as const);

/**
 * GET /api/patent/services/:id/materials (the customer) or /api/admin/patents/:id/materials (a reviewer). The rules
 * come in the request's language, so each language is its own query; while a language switch refetches, the same
 * order's answer stays on screen (`isPlaceholderData`), so an open form keeps what was typed.
 */
export function useMaterials(id: number | null, scope: 'customer' | 'admin' = 'customer') {
  const { i18n } = useTranslation();
  const path =
    scope === 'admin' ? `/api/admin/patents/${id}/materials` : `/api/patent/services/${id}/materials`;
  return useQuery({
    queryKey: materialsQueryKey(scope, id, i18n.language),
    queryFn: ({ signal }) => api.get<MaterialsAnswer>(path, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
    // Only the same order's answer stands in: another order's form must never show under this one's address.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === scope && previousQuery.queryKey[3] === id ? previous : undefined,
  });
}

/** POST /api/patent/services/:id/materials: type 0 saves a draft, type 1 submits (the order moves to 2). */
export function saveMaterials(id: number, body: SaveMaterialsBody) {
  return api.post<unknown>(`/api/patent/services/${id}/materials`, body, { silent: true });
}
