import type {
  AccountLinkIssued,
  SessionView,
  UserAdminRow,
  UserCreateBody,
  UserPatch,
} from '@kxt/contracts/accounts';
import type { StatusTab } from '@kxt/contracts/paging';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** GET /api/admin/users, as the user table asks for it. */
export async function listUsers(params: RequestParams, sort: SortState) {
  const list = await api.list<UserAdminRow, { statusTabList: StatusTab[] }>(
    '/api/admin/users',
    listQuery(params, sort),
  );
  return tableResult(list);
}

/** The dialogs show errors in place, hence `silent`. */
export const createUser = (body: UserCreateBody) =>
  api.post<{ id: number; link: AccountLinkIssued }>('/api/admin/users', body, { silent: true });

export const updateUser = (id: number, patch: UserPatch) =>
  api.patch<null>(`/api/admin/users/${id}`, patch, { silent: true });

export const setUserDisabled = (id: number, disabled: boolean) =>
  api.post<null>(`/api/admin/users/${id}/${disabled ? 'disable' : 'enable'}`);

export const forcePasswordReset = (id: number) =>
  api.post<AccountLinkIssued>(`/api/admin/users/${id}/reset-password`);

export const resetTwoFactor = (id: number) => api.post<null>(`/api/admin/users/${id}/reset-two-factor`);

export const listUserSessions = (id: number) => api.get<SessionView[]>(`/api/admin/users/${id}/sessions`);

export const endUserSession = (id: number, sessionId: string) =>
  api.delete<null>(`/api/admin/users/${id}/sessions/${encodeURIComponent(sessionId)}`);

export const endAllUserSessions = (id: number) => api.delete<null>(`/api/admin/users/${id}/sessions`);
