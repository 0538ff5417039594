import { CSRF_COOKIE, CSRF_HEADER } from '@kxt/contracts/auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await t.user('mallory', 'admin');
});
afterEach(async () => {
  await t.close();
});

describe('CSRF protection', () => {
  it('hands out a readable csrf_token cookie on any request', async () => {
    const response = await t.client().get('/api/health');
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('refuses a write without the header with 403 and does nothing', async () => {
    const client = t.client();
    await client.get('/api/auth/csrf');
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'mallory', password: TEST_PASSWORD },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(403);
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = t.client();
    await client.get('/api/auth/csrf');
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'mallory', password: TEST_PASSWORD },
      headers: { [CSRF_HEADER]: 'something-else' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a cookie and header pair the server never signed', async () => {
    const client = t.client();
    client.cookies.set(CSRF_COOKIE, 'planted.value');
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'mallory', password: TEST_PASSWORD },
      headers: { [CSRF_HEADER]: 'planted.value' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the echoed token', async () => {
    const response = await t
      .client()
      .post('/api/auth/login', { username: 'mallory', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });
});
