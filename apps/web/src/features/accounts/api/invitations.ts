import type { AccountLinkIssued, InvitationBody, InvitationRow } from '@kxt/contracts/accounts';
import type { StatusTab } from '@kxt/contracts/paging';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** GET /api/admin/invitations, as the invitation table asks for it. */
export async function listInvitations(params: RequestParams, sort: SortState) {
  const list = await api.list<InvitationRow, { statusTabList: StatusTab[] }>(
    '/api/admin/invitations',
    listQuery(params, sort),
  );
  return tableResult(list);
}

export const createInvitation = (body: InvitationBody) =>
  api.post<AccountLinkIssued>('/api/admin/invitations', body, { silent: true });

export const resendInvitation = (id: number) =>
  api.post<AccountLinkIssued>(`/api/admin/invitations/${id}/resend`);

export const revokeInvitation = (id: number) => api.post<null>(`/api/admin/invitations/${id}/revoke`);
