import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError, setApiClientHooks } from '../../../components/api/api-client.ts';
import { fail, mockApi, setCookie } from '../../../test/mock-api.ts';
import { login } from './login.ts';

const notify = vi.fn<(msg: string) => void>();
const unauthorized = vi.fn<() => void>();
let restore: () => void;
beforeEach(() => {
  restore = setApiClientHooks({ notify, unauthorized });
});
afterEach(() => restore());

it('leaves a refused login to the form: no toast, no session-expired handling', async () => {
  setCookie(CSRF_COOKIE, 'csrf');
  mockApi({ 'POST /api/auth/login': fail(401, '用户名或密码错误') });

  await expect(login({ username: 'customer1', password: 'wrong-password' })).rejects.toBeInstanceOf(ApiError);

  expect(notify).not.toHaveBeenCalled();
  expect(unauthorized).not.toHaveBeenCalled();
});
