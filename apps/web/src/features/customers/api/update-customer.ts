import type { CustomerPatch } from '@kxt/contracts/customers';
import { api } from '../../../components/api/api-client.ts';

/**
 * PATCH /api/admin/customers/:id with only the changed fields. `silent` when the caller shows the error in place
 * (the edit dialog); inline edits let the API client show the message.
 */
export function updateCustomer(id: number, patch: CustomerPatch, options: { silent?: boolean } = {}) {
  return api.patch<null>(`/api/admin/customers/${id}`, patch, options);
}
