import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../components/api/api-client.ts';
import { customer, reviewer } from '../test/fixtures.ts';
import { fail, mockApi, ok, setCookie } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';

const anonymous = fail(401, '请先登录');

describe('route guards', () => {
  it('sends an anonymous user to the login page, remembering the page', async () => {
    mockApi({ 'GET /api/auth/me': anonymous });
    const { currentPath } = renderApp('/admin?tab=2');

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2Fadmin%3Ftab%3D2');
  });

  it('shows 403 to a customer in the back office, with a way home', async () => {
    mockApi({ 'GET /api/auth/me': ok(customer) });
    const { user, currentPath } = renderApp('/admin');

    expect(await screen.findByText('无权访问')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin');
    expect(screen.queryByText('您好，李明')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText('欢迎回来，李明')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('lets staff into the back office and sends them there from the portal home', async () => {
    mockApi({ 'GET /api/auth/me': ok(reviewer) });
    const { currentPath } = renderApp('/');

    expect(await screen.findByText('您好，王审核')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin');
    // The back office menu is built from the navigation entries the role may see.
    expect(screen.getByRole('menuitem', { name: /工作台/ })).toBeInTheDocument();
  });

  it('shows the portal home with the account to a customer', async () => {
    mockApi({ 'GET /api/auth/me': ok(customer) });
    renderApp('/');

    expect(await screen.findByText('欢迎回来，李明')).toBeInTheDocument();
    expect(screen.getByText('customer1')).toBeInTheDocument();
    expect(screen.getByText('13800000001')).toBeInTheDocument();
    expect(screen.getByText('li.ming@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /首页/ })).toBeInTheDocument();
  });

  it('shows 404 for an unknown path', async () => {
    mockApi({ 'GET /api/auth/me': ok(customer) });
    renderApp('/no/such/page');

    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });

  it('on a 401 from any other call, forgets the user and goes to the login page with a redirect', async () => {
    const server = mockApi({ 'GET /api/auth/me': ok(customer), 'GET /api/orders': fail(401, '请先登录') });
    const { currentPath, queryClient } = renderApp('/');
    expect(await screen.findByText('欢迎回来，李明')).toBeInTheDocument();

    await act(() => api.get('/api/orders').catch(() => undefined));

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2F');
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
    // The session is known to be over: no second trip to /api/auth/me.
    expect(server.callsTo('GET /api/auth/me')).toHaveLength(1);
    // The server's message appeared as a toast.
    expect(await screen.findByText('请先登录')).toBeInTheDocument();
  });

  it('logs out: calls the server, clears the cache and shows the login page without a redirect', async () => {
    setCookie(CSRF_COOKIE, 'csrf');
    const server = mockApi({ 'GET /api/auth/me': ok(reviewer), 'POST /api/auth/logout': ok(null) });
    const { user, currentPath, queryClient } = renderApp('/admin');
    queryClient.setQueryData(['orders', 'list'], { rows: [1] });

    await user.click(await screen.findByRole('button', { name: /退出登录/ }));

    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['orders', 'list'])).toBeUndefined();
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'me'])).toBeNull());
  });
});
