import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { ageCodes, codeSentTo, NEW_MOBILE, STRONG_PASSWORD, signUp } from './test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('profile', () => {
  it('shows and changes the caller’s name, e-mail and language, audited', async () => {
    const client = await t.loggedIn('mia', 'consultant');
    expect((await client.get('/api/account/profile')).json().data).toMatchObject({
      username: 'mia',
      role: 'consultant',
      locale: 'zh-CN',
      companyPending: false,
    });
    const patch = await client.request({
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { displayName: 'Mia Chen', email: 'mia@example.com', locale: 'en-US' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().data).toMatchObject({
      displayName: 'Mia Chen',
      email: 'mia@example.com',
      locale: 'en-US',
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.profileUpdate')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a bad e-mail, an unknown field and an empty change with 400', async () => {
    const client = await t.loggedIn('mia', 'consultant');
    for (const payload of [{ email: 'not-an-email' }, { role: 'admin' }, {}, { locale: 'fr-FR' }]) {
      const response = await client.request({ method: 'PATCH', url: '/api/account/profile', payload });
      expect(response.statusCode).toBe(400);
    }
    expect((await client.get('/api/auth/me')).json().data.role).toBe('consultant');
  });

  it('answers 401 without a session', async () => {
    expect((await t.client().get('/api/account/profile')).statusCode).toBe(401);
  });
});

describe('mobile number change', () => {
  it('needs the code sent to the new number; a self-signed-up user then logs in with it', async () => {
    const { client } = await signUp(t);
    await ageCodes(t);
    const newNumber = '13811112222';
    expect((await client.post('/api/account/phone/code', { mobile: newNumber })).statusCode).toBe(200);
    const wrong = await client.post('/api/account/phone', { mobile: newNumber, code: '12345x' });
    expect(wrong.statusCode).toBe(400);
    const code = await codeSentTo(t, newNumber);
    expect((await client.post('/api/account/phone', { mobile: newNumber, code })).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().data).toMatchObject({
      phone: newNumber,
      username: newNumber,
    });
    await t.client().login(newNumber, STRONG_PASSWORD);
    expect((await client.post('/api/account/phone', { mobile: newNumber, code })).statusCode).toBe(400);
  });

  it('refuses a number another account has with 409', async () => {
    await signUp(t);
    const other = await t.loggedIn('olga', 'customer');
    await other.post('/api/account/phone/code', { mobile: NEW_MOBILE });
    const code = await codeSentTo(t, NEW_MOBILE);
    const taken = await other.post('/api/account/phone', { mobile: NEW_MOBILE, code });
    expect(taken.statusCode).toBe(409);
  });
});

describe('password change', () => {
  it('needs the current password, applies the policy, and ends the user’s other sessions only', async () => {
    await t.user('nina', 'customer');
    const here = t.client();
    await here.login('nina');
    const elsewhere = t.client();
    await elsewhere.login('nina');

    const wrong = await here.post('/api/account/password', {
      currentPassword: 'nope',
      newPassword: STRONG_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: '当前密码不正确' });
    const weak = await here.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'nina-nina-nina',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toHaveProperty('newPassword');
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);

    const changed = await here.post('/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: STRONG_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    await t.client().login('nina', STRONG_PASSWORD);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.passwordChange')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('own sessions', () => {
  it('lists them with the current one marked, ends one, and ends all others', async () => {
    await t.user('omar', 'reviewer');
    const here = t.client();
    await here.login('omar');
    const phone = t.client();
    await phone.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'omar', password: TEST_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
    });
    const laptop = t.client();
    await laptop.login('omar');

    const list = (await here.get('/api/account/sessions')).json().data as {
      id: string;
      current: boolean;
      userAgent: string;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    const phoneSession = list.find((session) => session.userAgent.includes('iPhone'));
    expect(phoneSession).toBeDefined();

    const ended = await here.request({ method: 'DELETE', url: `/api/account/sessions/${phoneSession?.id}` });
    expect(ended.statusCode).toBe(200);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    const again = await here.request({ method: 'DELETE', url: `/api/account/sessions/${phoneSession?.id}` });
    expect(again.statusCode).toBe(404);

    const others = await here.post('/api/account/sessions/end-others');
    expect(others.json().data).toEqual({ ended: 1 });
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('answers another user’s session id with 404 and leaves it alone', async () => {
    const mine = await t.loggedIn('pia', 'customer');
    const theirs = await t.loggedIn('quinn', 'customer');
    const theirId = ((await theirs.get('/api/account/sessions')).json().data as { id: string }[])[0]?.id;
    const response = await mine.request({ method: 'DELETE', url: `/api/account/sessions/${theirId}` });
    expect(response.statusCode).toBe(404);
    expect((await theirs.get('/api/auth/me')).statusCode).toBe(200);
    const malformed = await mine.request({ method: 'DELETE', url: '/api/account/sessions/not-an-id' });
    expect(malformed.statusCode).toBe(400);
  });
});
