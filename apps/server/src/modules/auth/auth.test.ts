import { SESSION_COOKIE } from '@kxt/contracts/auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { LOGIN_FAILURE_LIMIT } from './service.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('login', () => {
  it('opens a session cookie that is httpOnly, SameSite=Lax and signed, and /me returns the user', async () => {
    await t.user('alice', 'customer', 'Alice Trading');
    const client = t.client();
    const response = await client.post('/api/auth/login', { username: 'alice', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      data: { username: 'alice', role: 'customer', customerName: 'Alice Trading' },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ username: 'alice', customerName: 'Alice Trading' });
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      await proxied.user('bob', 'admin');
      const client = proxied.client();
      const response = await client.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'bob', password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('answers a wrong password and an unknown user with the same 401 and message', async () => {
    await t.user('carol', 'admin');
    const wrong = await t
      .client()
      .post('/api/auth/login', { username: 'carol', password: 'not-the-password' });
    const unknown = await t
      .client()
      .post('/api/auth/login', { username: 'nobody', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 401, msg: '用户名或密码错误' });
    expect(wrong.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('speaks English when the caller asks for it', async () => {
    const response = await t.client().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x', password: 'y' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(response.json().msg).toBe('Wrong username or password');
  });

  it('refuses a disabled user with 403 and no session', async () => {
    const id = await t.user('dave', 'customer');
    await t.ctx.db.updateTable('users').set({ disabled: 1 }).where('id', '=', id).execute();
    const response = await t.client().post('/api/auth/login', { username: 'dave', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('ends the session of a user who is disabled later', async () => {
    const id = await t.user('erin', 'customer');
    const client = t.client();
    await client.login('erin');
    await t.ctx.db.updateTable('users').set({ disabled: 1 }).where('id', '=', id).execute();
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('names missing and mistyped fields with 400', async () => {
    const response = await t.client().post('/api/auth/login', { username: 42 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(400);
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it(`locks a username after ${LOGIN_FAILURE_LIMIT} failures in 15 minutes with 429, even with the right password`, async () => {
    await t.user('frank', 'admin');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      const failed = await t.client().post('/api/auth/login', { username: 'frank', password: `wrong-${i}` });
      expect(failed.statusCode).toBe(401);
    }
    const locked = await t.client().post('/api/auth/login', { username: 'frank', password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(429);
  });

  it('locks an address that tries many usernames', async () => {
    await t.user('grace', 'admin');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      await t.client().post('/api/auth/login', { username: `guess-${i}`, password: 'whatever-1' });
    }
    const locked = await t.client().post('/api/auth/login', { username: 'grace', password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('answers /me without a session with 401', async () => {
    const response = await t.client().get('/api/auth/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, msg: '请先登录' });
  });

  it('refuses a tampered session cookie with 401', async () => {
    await t.user('heidi', 'admin');
    const client = t.client();
    await client.login('heidi');
    const value = client.cookies.get(SESSION_COOKIE) ?? '';
    client.cookies.set(SESSION_COOKIE, `${value.slice(0, -2)}xx`);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    client.cookies.set(SESSION_COOKIE, 'forged-token.forged-signature');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses an expired session with 401', async () => {
    await t.user('ivan', 'admin');
    const client = t.client();
    await client.login('ivan');
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('keeps only a hash of the token in the database', async () => {
    await t.user('judy', 'admin');
    const client = t.client();
    await client.login('judy');
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    const cookie = client.cookies.get(SESSION_COOKIE) ?? '';
    expect(cookie).not.toContain(rows[0]?.token_hash);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logs out: the session ends on the server, not only in the browser', async () => {
    await t.user('ken', 'admin');
    const client = t.client();
    await client.login('ken');
    const stolen = client.cookies.get(SESSION_COOKIE) ?? '';
    const response = await client.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, stolen);
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('is shared through the database: a second server process accepts the session', async () => {
    await t.user('lena', 'admin');
    const client = t.client();
    await client.login('lena');
    const { buildApp } = await import('../../app.ts');
    const second = await buildApp(t.ctx);
    try {
      const cookie = `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`;
      const response = await second.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(response.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
