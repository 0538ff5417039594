import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { NotificationRow } from '@kxt/contracts/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { i18n } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { deferred, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { NotificationBell } from './NotificationBell.tsx';

const rows: NotificationRow[] = [
  {
    id: 2,
    type: 'patent.officeAction',
    title: '专利订单 P-2 收到审查意见，答复期限 2026-06-10',
    body: '请在 2026-06-10 前上传答复资料',
    link: '/trademark/patent',
    createdAt: '2026-11-20T08:00:00.000Z',
    readAt: null,
  },
  {
    id: 1,
    type: 'payment.succeeded',
    title: '付款成功：商标查询 20 次',
    body: '订单 PAY1 已付款',
    link: '/purchase',
    createdAt: '2026-11-19T08:00:00.000Z',
    readAt: '2026-11-19T09:00:00.000Z',
  },
];

afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

function setup() {
  setCookie(CSRF_COOKIE, 'csrf-token');
  const state = { rows: rows.map((row) => ({ ...row })) };
  const unread = () => state.rows.filter((row) => !row.readAt).length;
  const server = mockApi({
    'GET /api/notifications': () => ({
      status: 200,
      body: { code: 200, msg: 'OK', rows: state.rows, total: state.rows.length, unread: unread() },
    }),
    'POST /api/notifications/2/read': () => {
      state.rows[0] = { ...(state.rows[0] as NotificationRow), readAt: '2026-11-21T00:00:00.000Z' };
      return ok(null);
    },
    'POST /api/notifications/read-all': () => {
      state.rows = state.rows.map((row) => ({ ...row, readAt: row.readAt ?? '2026-11-21T00:00:00.000Z' }));
      return ok({ updated: 1 });
    },
    'PUT /api/notifications/locale': ok(null),
  });
  const view = renderWithApp(<NotificationBell />, { path: '/', user: customer });
  return { ...view, server };
}

describe('the notification bell', () => {
  it('shows the unread count, lists newest first, and opening one marks it read and goes to its link', async () => {
    const { user, currentPath, server } = setup();
    const bell = await screen.findByRole('button', { name: '通知（1 条未读）' });
    await user.click(bell);
    const items = await screen.findAllByTestId('notification-row');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('答复期限 2026-06-10'),
      expect.stringContaining('付款成功'),
    ]);
    expect(items[0]).toHaveAttribute('data-unread', '1');
    expect(items[1]).not.toHaveAttribute('data-unread');
    await user.click(screen.getByText(rows[0]?.title as string));
    await waitFor(() => expect(currentPath()).toBe('/trademark/patent'));
    expect(
      server.calls.some((call) => call.method === 'POST' && call.path === '/api/notifications/2/read'),
    ).toBe(true);
    expect(await screen.findByRole('button', { name: '通知' })).toBeInTheDocument();
  });

  it('marks all read', async () => {
    const { user, server } = setup();
    await user.click(await screen.findByRole('button', { name: '通知（1 条未读）' }));
    await user.click(await screen.findByRole('button', { name: '全部标为已读' }));
    await waitFor(() =>
      expect(server.calls.some((call) => call.path === '/api/notifications/read-all')).toBe(true),
    );
    expect(await screen.findByRole('button', { name: '通知' })).toBeInTheDocument();
  });

  it('tells the server the language the user reads in before asking for the list', async () => {
    const { server } = setup();
    await screen.findByRole('button', { name: '通知（1 条未读）' });
    const paths = server.calls.map((call) => call.path);
    expect(paths.indexOf('/api/notifications/locale')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/api/notifications/locale')).toBeLessThan(paths.indexOf('/api/notifications'));
    expect(server.callsTo('PUT /api/notifications/locale')[0]?.body).toEqual({ locale: 'zh-CN' });
  });

  it('shows the list in a new language once the server has it, even when the switch reaches it late', async () => {
    setCookie(CSRF_COOKIE, 'csrf-token');
    // The server words each notification in the language it last got; the switch to English is held a moment.
    const state = { locale: 'zh-CN' };
    const held = deferred<void>();
    mockApi({
      'GET /api/notifications': () => {
        const title = state.locale === 'en-US' ? 'Payment received' : '付款成功';
        const row = { ...(rows[1] as NotificationRow), title };
        return { status: 200, body: { code: 200, msg: 'OK', rows: [row], total: 1, unread: 0 } };
      },
      'PUT /api/notifications/locale': async (call) => {
        const { locale } = call.body as { locale: string };
        if (locale === 'en-US') await held.promise;
        state.locale = locale;
        return ok(null);
      },
    });
    const { user } = renderWithApp(<NotificationBell />, { path: '/', user: customer });
    await user.click(await screen.findByRole('button', { name: '通知' }));
    expect(await screen.findByText('付款成功')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-US'));
    held.resolve();
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });
});

describe('marking one read without opening it', () => {
  it('stays on the page and clears its unread mark', async () => {
    const { user, currentPath, server } = setup();
    await user.click(await screen.findByRole('button', { name: '通知（1 条未读）' }));
    await user.click(await screen.findByRole('button', { name: '标为已读' }));
    await waitFor(() => expect(server.callsTo('POST /api/notifications/2/read')).toHaveLength(1));
    expect(currentPath()).toBe('/');
    expect(await screen.findByRole('button', { name: '通知' })).toBeInTheDocument();
  });
});
