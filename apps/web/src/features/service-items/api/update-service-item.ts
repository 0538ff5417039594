import type { ServiceItemPatch } from '@kxt/contracts/service-items';
import { api } from '../../../components/api/api-client.ts';

/** PATCH /api/admin/service-items/:id with only the changed fields. */
export function updateServiceItem(id: number, patch: ServiceItemPatch, options: { silent?: boolean } = {}) {
  return api.patch<null>(`/api/admin/service-items/${id}`, patch, options);
}
