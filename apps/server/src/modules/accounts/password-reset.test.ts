import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { smtpSender } from '../notifications/channels/email.ts';
import { defaultNotifyConfig } from '../notifications/config.ts';
import { setContact, testWorker } from '../notifications/test-helpers.ts';
import { RESET_ANSWER_FLOOR_MS } from './password-reset.ts';
import { ageCodes, codeSentTo, latestSms, STRONG_PASSWORD } from './test-helpers.ts';

/** A local SMTP server (nodemailer's smtp-server) keeping what it receives. */
let server: SMTPServer;
let smtpUrl: string;
const received: ParsedMail[] = [];
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const MOBILE = '13512345678';
let t: TestApp;
beforeEach(async () => {
  received.length = 0;
  t = await createTestApp({
    notify: {
      ...defaultNotifyConfig(),
      worker: false,
      smtp: { url: smtpUrl, from: 'KXT <no-reply@kxt.example>' },
    },
  });
  await t.user('wang', 'customer', 'Wang Trading');
  await setContact(t, 'wang', { phone: MOBILE, email: 'wang@example.com' });
});
afterEach(() => t.close());

const sendMail = async () => {
  const worker = testWorker(t.ctx.db, { email: smtpSender(smtpUrl, 'KXT <no-reply@kxt.example>') });
  await worker.drain();
  await worker.stop();
};
const tokenOf = (mail: ParsedMail | undefined) => /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

describe('password reset by SMS', () => {
  it('sets the new password with the code, ends every session, and the old password stops working', async () => {
    const session = t.client();
    await session.login('wang');
    const request = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'sms', mobile: MOBILE });
    expect(request.statusCode).toBe(200);
    const code = await codeSentTo(t, MOBILE);
    const reset = await t.client().post('/api/account/password-reset/sms', {
      mobile: MOBILE,
      code,
      password: STRONG_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await session.get('/api/auth/me')).statusCode).toBe(401);
    expect(
      (await t.client().post('/api/auth/login', { username: 'wang', password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    await t.client().login('wang', STRONG_PASSWORD);
    const replay = await t.client().post('/api/account/password-reset/sms', {
      mobile: MOBILE,
      code,
      password: 'Another-Quiet-Harbour-92',
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('验证码已使用过，请重新获取');
  });

  it('refuses a password the policy refuses, naming the reason, and keeps the code', async () => {
    await t.client().post('/api/account/password-reset/request', { channel: 'sms', mobile: MOBILE });
    const code = await codeSentTo(t, MOBILE);
    const weak = await t.client().request({
      method: 'POST',
      url: '/api/account/password-reset/sms',
      payload: { mobile: MOBILE, code, password: 'qwertyuiop' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({
      password: 'The password is too common or a keyboard pattern, easy to guess',
    });
    const ok = await t
      .client()
      .post('/api/account/password-reset/sms', { mobile: MOBILE, code, password: STRONG_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('gives an unknown number the same answer, no text, and the same wrong-code answers', async () => {
    const known = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'sms', mobile: MOBILE });
    const unknown = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'sms', mobile: '13500000000' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await latestSms(t, '13500000000')).toBeUndefined();
    const guessKnown = await t
      .client()
      .post('/api/account/password-reset/sms', { mobile: MOBILE, code: '000000', password: STRONG_PASSWORD });
    const guessUnknown = await t.client().post('/api/account/password-reset/sms', {
      mobile: '13500000000',
      code: '000000',
      password: STRONG_PASSWORD,
    });
    // Both wrong unless the known code happens to be 000000 (one in a million).
    expect(guessUnknown.body).toBe(guessKnown.body);
    const againKnown = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'sms', mobile: MOBILE });
    const againUnknown = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'sms', mobile: '13500000000' });
    expect(againKnown.statusCode).toBe(429);
    expect(againUnknown.statusCode).toBe(429);
  });

  it(`answers known and unknown addresses no sooner than ${RESET_ANSWER_FLOOR_MS} ms`, async () => {
    for (const mobile of [MOBILE, '13500000002']) {
      const started = Date.now();
      await t.client().post('/api/account/password-reset/request', { channel: 'sms', mobile });
      expect(Date.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    }
  });

  it('limits requests per address', async () => {
    for (let i = 0; i < 20; i += 1) {
      await t.ctx.db
        .insertInto('account_rate_events')
        .values({ key: 'reset-ip:127.0.0.1', created_at: new Date().toISOString() })
        .execute();
    }
    await ageCodes(t);
    const refused = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'sms', mobile: MOBILE });
    expect(refused.statusCode).toBe(429);
  });
});

describe('password reset by e-mail link', () => {
  it('mails a single-use link whose token is stored hashed, and the link sets the password', async () => {
    const session = t.client();
    await session.login('wang');
    const request = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'email', email: 'WANG@example.com' });
    expect(request.statusCode).toBe(200);
    await sendMail();
    expect(received).toHaveLength(1);
    const token = tokenOf(received[0]);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await t.ctx.db.selectFrom('password_reset_tokens').selectAll().execute();
    expect(stored[0]?.token_hash).not.toBe(token);
    const reset = await t
      .client()
      .post('/api/account/password-reset/link', { token, password: STRONG_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await session.get('/api/auth/me')).statusCode).toBe(401);
    await t.client().login('wang', STRONG_PASSWORD);
    const replay = await t
      .client()
      .post('/api/account/password-reset/link', { token, password: 'Another-Quiet-Harbour-92' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('重置链接已使用过，请重新申请');
  });

  it('refuses an expired link and an unknown token with a clear 400', async () => {
    await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'email', email: 'wang@example.com' });
    await sendMail();
    const token = tokenOf(received[0]);
    await t.ctx.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await t
      .client()
      .post('/api/account/password-reset/link', { token, password: STRONG_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe('重置链接已过期（30 分钟内有效），请重新申请');
    const forged = await t
      .client()
      .post('/api/account/password-reset/link', { token: 'x'.repeat(43), password: STRONG_PASSWORD });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe('重置链接无效，请重新申请');
    await t.client().login('wang');
  });

  it('answers an unknown e-mail address with the same body and sends nothing', async () => {
    const known = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'email', email: 'wang@example.com' });
    const unknown = await t
      .client()
      .post('/api/account/password-reset/request', { channel: 'email', email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await sendMail();
    expect(received.map((mail) => (mail.to as { text: string }).text)).toEqual(['wang@example.com']);
  });

  it('tells the page which channels exist: e-mail only with SMTP', async () => {
    expect((await t.client().get('/api/account/password-reset/channels')).json().data).toEqual({
      sms: true,
      email: true,
    });
    const plain = await createTestApp();
    try {
      expect((await plain.client().get('/api/account/password-reset/channels')).json().data).toEqual({
        sms: true,
        email: false,
      });
    } finally {
      await plain.close();
    }
  });
});
