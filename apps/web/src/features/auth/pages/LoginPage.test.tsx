import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { customer, reviewer } from '../../../test/fixtures.ts';
import { deferred, fail, type MockReply, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const anonymous = fail(401, '请先登录');
// antd spaces out two-character Chinese button labels (登 录).
const submitButton = { name: /登\s?录/ };

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

/** Fills the form (pasting: one input event per field keeps the tests fast) and submits it. */
async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  await user.click(await screen.findByLabelText('用户名'));
  await user.paste(username);
  await user.click(screen.getByLabelText('密码'));
  await user.paste(password);
  await user.click(screen.getByRole('button', submitButton));
}

describe('login page', () => {
  it('shows the server message in place for wrong credentials', async () => {
    const server = mockApi({
      'GET /api/auth/me': anonymous,
      'POST /api/auth/login': fail(401, '用户名或密码错误'),
    });
    const { user, currentPath } = renderApp('/login');

    await fillAndSubmit(user, 'customer1', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('用户名或密码错误');
    expect(server.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      username: 'customer1',
      password: 'wrong-password',
    });
    expect(currentPath()).toBe('/login');
  });

  it("puts the server's field errors under the fields", async () => {
    mockApi({
      'GET /api/auth/me': anonymous,
      'POST /api/auth/login': fail(400, '请检查以下字段：password', { password: '至少 8 个字符' }),
    });
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'customer1', 'short');

    expect(await screen.findByRole('alert')).toHaveTextContent('请检查以下字段：password');
    const passwordItem = screen.getByLabelText('密码').closest('.ant-form-item') as HTMLElement;
    expect(await within(passwordItem).findByText('至少 8 个字符')).toBeInTheDocument();
    const usernameItem = screen.getByLabelText('用户名').closest('.ant-form-item') as HTMLElement;
    expect(within(usernameItem).queryByText('至少 8 个字符')).not.toBeInTheDocument();
  });

  it('checks required fields before calling the server', async () => {
    const server = mockApi({ 'GET /api/auth/me': anonymous });
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', submitButton));

    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('shows a loading state on the button while logging in', async () => {
    const reply = deferred<MockReply>();
    mockApi({ 'GET /api/auth/me': anonymous, 'POST /api/auth/login': () => reply.promise });
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'reviewer', 'demo123456');

    await waitFor(() => expect(screen.getByRole('button', submitButton)).toHaveClass('ant-btn-loading'));
    reply.resolve(fail(429, '登录失败次数过多'));
    expect(await screen.findByRole('alert')).toHaveTextContent('登录失败次数过多');
    expect(screen.getByRole('button', submitButton)).not.toHaveClass('ant-btn-loading');
  });

  it('sends staff to the back office', async () => {
    mockApi({ 'GET /api/auth/me': anonymous, 'POST /api/auth/login': ok(reviewer) });
    const { user, currentPath } = renderApp('/login');

    await fillAndSubmit(user, 'reviewer', 'demo123456');

    expect(await screen.findByText('您好，王审核')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin');
  });

  it('sends customers to the portal home', async () => {
    mockApi({ 'GET /api/auth/me': anonymous, 'POST /api/auth/login': ok(customer) });
    const { user, currentPath } = renderApp('/login');

    await fillAndSubmit(user, 'customer1', 'demo123456');

    expect(await screen.findByText('欢迎回来，李明')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(screen.getAllByText('深圳示例贸易有限公司').length).toBeGreaterThan(0);
  });

  it('goes back to the page the user came from', async () => {
    mockApi({ 'GET /api/auth/me': anonymous, 'POST /api/auth/login': ok(reviewer) });
    const { user, currentPath } = renderApp('/login?redirect=%2Fadmin%2Fmissing%3Fx%3D1');

    await fillAndSubmit(user, 'reviewer', 'demo123456');

    await waitFor(() => expect(currentPath()).toBe('/admin/missing?x=1'));
  });

  it('ignores a redirect to another site', async () => {
    mockApi({ 'GET /api/auth/me': anonymous, 'POST /api/auth/login': ok(customer) });
    const { user, currentPath } = renderApp('/login?redirect=%2F%2Fevil.example%2Fphish');

    await fillAndSubmit(user, 'customer1', 'demo123456');

    expect(await screen.findByText('欢迎回来，李明')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends a logged-in user home', async () => {
    mockApi({ 'GET /api/auth/me': ok(reviewer) });
    const { currentPath } = renderApp('/login');

    expect(await screen.findByText('您好，王审核')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin');
  });
});
