import type { MaterialsAnswer, SaveMaterialsBody } from '@kxt/contracts/patents';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export const materialsQueryKey = (scope: 'customer' | 'admin', id: number | null) =>
  ['patent', 'materials', scope, id] as const;

/** GET /api/patent/services/:id/materials (the customer) or /api/admin/patents/:id/materials (a reviewer). */
export function useMaterials(id: number | null, scope: 'customer' | 'admin' = 'customer') {
  const path =
    scope === 'admin' ? `/api/admin/patents/${id}/materials` : `/api/patent/services/${id}/materials`;
  return useQuery({
    queryKey: materialsQueryKey(scope, id),
    queryFn: ({ signal }) => api.get<MaterialsAnswer>(path, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** POST /api/patent/services/:id/materials: type 0 saves a draft, type 1 submits (the order moves to 2). */
export function saveMaterials(id: number, body: SaveMaterialsBody) {
  return api.post<unknown>(`/api/patent/services/${id}/materials`, body, { silent: true });
}
