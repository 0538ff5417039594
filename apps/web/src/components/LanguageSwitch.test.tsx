import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../locales/i18n.ts';
import { fail, mockApi, setCookie } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';

describe('language switch', () => {
  it('switches the UI to English, remembers it, and sends Accept-Language en-US', async () => {
    setCookie(CSRF_COOKIE, 'csrf');
    const server = mockApi({
      'GET /api/auth/me': fail(401, '请先登录'),
      'POST /api/auth/login': fail(401, 'Wrong username or password'),
    });
    const { user } = renderApp('/login');
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(server.calls[0]?.headers.get('accept-language')).toBe('zh-CN');

    await user.click(screen.getByText('English'));

    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByText('用户名')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(dayjs.locale()).toBe('en');

    await user.type(screen.getByLabelText('Username'), 'customer1');
    await user.type(screen.getByLabelText('Password'), 'demo123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(server.callsTo('POST /api/auth/login')[0]?.headers.get('accept-language')).toBe('en-US');

    // antd's own texts follow too (its locale comes from the same switch).
    await user.click(screen.getByText('中文'));
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
  });

  it('starts in the remembered language, and in Chinese when nothing was chosen', async () => {
    vi.resetModules();
    const first = await import('../locales/i18n.ts');
    expect(first.currentLanguage()).toBe('zh-CN');

    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-US');
    vi.resetModules();
    const second = await import('../locales/i18n.ts');
    // English is a chunk of its own: the app renders once it is there.
    await second.languageReady;
    expect(second.currentLanguage()).toBe('en-US');
    expect(second.i18n.t('auth.login.submit')).toBe('Log in');
  });
});
