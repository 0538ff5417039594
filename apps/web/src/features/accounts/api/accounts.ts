import type {
  ChangePasswordBody,
  CodeRequestAnswer,
  PhoneChangeBody,
  ProfilePatch,
  RegisterBody,
  ResetByLinkBody,
  ResetBySmsBody,
  ResetChannels,
  ResetRequestBody,
  SessionView,
} from '@kxt/contracts/accounts';
import type { CurrentUser } from '@kxt/contracts/auth';
import { api } from '../../../components/api/api-client.ts';

/** Every form here shows its errors in place: the calls are silent, and a 401 is a normal answer on public pages. */
const inPlace = { silent: true, authRedirect: false } as const;

export const requestRegisterCode = (mobile: string) =>
  api.post<CodeRequestAnswer>('/api/account/register/code', { mobile }, inPlace);
export const register = (body: RegisterBody) => api.post<CurrentUser>('/api/account/register', body, inPlace);

export const resetChannels = () =>
  api.get<ResetChannels>('/api/account/password-reset/channels', undefined, inPlace);
export const requestReset = (body: ResetRequestBody) =>
  api.post<CodeRequestAnswer>('/api/account/password-reset/request', body, inPlace);
export const resetBySms = (body: ResetBySmsBody) =>
  api.post<null>('/api/account/password-reset/sms', body, inPlace);
export const resetByLink = (body: ResetByLinkBody) =>
  api.post<null>('/api/account/password-reset/link', body, inPlace);

export const updateProfile = (patch: ProfilePatch) =>
  api.patch<null>('/api/account/profile', patch, { silent: true });
export const requestPhoneCode = (mobile: string) =>
  api.post<CodeRequestAnswer>('/api/account/phone/code', { mobile }, { silent: true });
export const changePhone = (body: PhoneChangeBody) =>
  api.post<null>('/api/account/phone', body, { silent: true });
export const changePassword = (body: ChangePasswordBody) =>
  api.post<null>('/api/account/password', body, { silent: true });

export const sessionsQueryKey = ['account', 'sessions'] as const;
export const listSessions = () => api.get<SessionView[]>('/api/account/sessions');
export const endSession = (id: string) => api.delete<null>(`/api/account/sessions/${id}`);
export const endOtherSessions = () => api.post<{ ended: number }>('/api/account/sessions/end-others');
