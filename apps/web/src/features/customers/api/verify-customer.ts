import type { VerifyCompanyBody } from '@kxt/contracts/accounts';
import { api } from '../../../components/api/api-client.ts';

/** POST /api/admin/customers/:id/verify: the licence number and licensed name; errors shown in the dialog. */
export function verifyCustomer(id: number, body: VerifyCompanyBody) {
  return api.post<null>(`/api/admin/customers/${id}/verify`, body, { silent: true });
}
