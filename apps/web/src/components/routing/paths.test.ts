import { describe, expect, it } from 'vitest';
import { afterLoginPath, homePathFor, loginPath, safeRedirect } from './paths.ts';

describe('paths', () => {
  it('sends staff to the back office and customers to the portal', () => {
    expect(homePathFor('admin')).toBe('/admin');
    expect(homePathFor('finance')).toBe('/admin');
    expect(homePathFor('customer')).toBe('/');
  });

  it('remembers the whole page (path, query, hash) in the login link', () => {
    expect(loginPath({ pathname: '/trademark/patent', search: '?t=1&keyword=a b', hash: '#top' })).toBe(
      '/login?redirect=%2Ftrademark%2Fpatent%3Ft%3D1%26keyword%3Da%20b%23top',
    );
    expect(loginPath({ pathname: '/login', search: '?redirect=%2Fadmin' })).toBe('/login');
  });

  it('accepts only redirects to pages of this site', () => {
    expect(safeRedirect('/trademark/search?search=kxt')).toBe('/trademark/search?search=kxt');
    for (const unsafe of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(safeRedirect(unsafe), unsafe).toBeNull();
    }
    expect(safeRedirect('/login?redirect=%2Fadmin')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('after login: the remembered page, else home', () => {
    expect(afterLoginPath('customer', '/purchase')).toBe('/purchase');
    expect(afterLoginPath('reviewer', '//evil.example')).toBe('/admin');
    expect(afterLoginPath('customer', null)).toBe('/');
  });
});
