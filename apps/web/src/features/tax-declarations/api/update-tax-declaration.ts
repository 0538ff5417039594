import type { TaxDeclarationPatch } from '@kxt/contracts/tax-declarations';
import { api } from '../../../components/api/api-client.ts';

/** PATCH /api/admin/tax-declarations/:id with only the changed fields. */
export function updateTaxDeclaration(
  id: number,
  patch: TaxDeclarationPatch,
  options: { silent?: boolean } = {},
) {
  return api.patch<null>(`/api/admin/tax-declarations/${id}`, patch, options);
}
