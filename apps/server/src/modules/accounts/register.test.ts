import { SESSION_COOKIE } from '@kxt/contracts/auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CODES_PER_IP_PER_HOUR, CODES_PER_NUMBER_PER_HOUR } from './sms-codes.ts';
import { ageCodes, codeSentTo, latestSms, NEW_MOBILE, STRONG_PASSWORD, signUp } from './test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const form = (code: string, overrides: Record<string, unknown> = {}) => ({
  mobile: NEW_MOBILE,
  code,
  displayName: '张伟',
  companyName: '厦门新芽贸易有限公司',
  password: STRONG_PASSWORD,
  ...overrides,
});

describe('self sign-up', () => {
  it('creates a customer user and a company pending verification, logs in, and uses the code up', async () => {
    const client = t.client();
    const sent = await client.post('/api/account/register/code', { mobile: NEW_MOBILE });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ resendAfterSeconds: 60 });
    const code = await codeSentTo(t, NEW_MOBILE);
    const response = await client.post('/api/account/register', form(code));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      username: NEW_MOBILE,
      role: 'customer',
      displayName: '张伟',
      customerName: '厦门新芽贸易有限公司',
      companyPending: true,
    });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeDefined();
    expect((await client.get('/api/auth/me')).json().data.companyPending).toBe(true);
    const company = await t.ctx.db
      .selectFrom('customers')
      .selectAll()
      .where('name', '=', '厦门新芽贸易有限公司')
      .executeTakeFirstOrThrow();
    expect(company.verification_state).toBe('pending');
    const codes = await t.ctx.db.selectFrom('sms_codes').selectAll().execute();
    expect(codes[0]?.code_hash).not.toContain(code);
    expect(codes[0]?.used_at).not.toBeNull();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'account.register')
      .execute();
    expect(audit).toHaveLength(1);

    const replay = await t.client().post('/api/account/register', form(code, { companyName: '另一家公司' }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('验证码已使用过，请重新获取');
  });

  it('refuses a number outside the mainland format with 400 and sends nothing', async () => {
    for (const mobile of ['12345678901', '1391234567', '+8613912345678', '1391234567x']) {
      const response = await t.client().post('/api/account/register/code', { mobile });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['mobile']);
    }
    expect(await t.ctx.db.selectFrom('outbox_jobs').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a wrong code, and ends the code after five wrong tries', async () => {
    await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE });
    const code = await codeSentTo(t, NEW_MOBILE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const response = await t.client().post('/api/account/register', form(wrong));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ code: '验证码不正确' });
    }
    const fifth = await t.client().post('/api/account/register', form(wrong));
    expect(fifth.json().msg).toBe('验证码输错次数过多，已失效，请重新获取');
    const right = await t.client().post('/api/account/register', form(code));
    expect(right.statusCode).toBe(400);
    expect(right.json().msg).toBe('验证码输错次数过多，已失效，请重新获取');
    expect(await t.ctx.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE });
    const code = await codeSentTo(t, NEW_MOBILE);
    await ageCodes(t, 10 * 60_000);
    const response = await t.client().post('/api/account/register', form(code));
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('验证码已过期，请重新获取');
  });

  it('answers a second code within a minute with 429, and only the newest code counts', async () => {
    await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE });
    const first = await codeSentTo(t, NEW_MOBILE);
    const again = await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE });
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/请 \d+ 秒后再重新获取/);
    await ageCodes(t);
    expect((await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE })).statusCode).toBe(
      200,
    );
    const second = await codeSentTo(t, NEW_MOBILE);
    if (first !== second) {
      expect((await t.client().post('/api/account/register', form(first))).statusCode).toBe(400);
    }
    expect((await t.client().post('/api/account/register', form(second))).statusCode).toBe(200);
  });

  it(`limits codes to ${CODES_PER_NUMBER_PER_HOUR} an hour per number`, async () => {
    for (let i = 0; i < CODES_PER_NUMBER_PER_HOUR; i += 1) {
      expect((await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE })).statusCode).toBe(
        200,
      );
      await ageCodes(t);
    }
    const refused = await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe('请求过于频繁，请稍后再试');
  });

  it(`limits codes to ${CODES_PER_IP_PER_HOUR} an hour per address, across numbers`, async () => {
    for (let i = 0; i < CODES_PER_IP_PER_HOUR; i += 1) {
      await t.ctx.db
        .insertInto('account_rate_events')
        .values({ key: 'sms-ip:127.0.0.1', created_at: new Date().toISOString() })
        .execute();
    }
    const refused = await t.client().post('/api/account/register/code', { mobile: '13700000001' });
    expect(refused.statusCode).toBe(429);
    expect(await latestSms(t, '13700000001')).toBeUndefined();
  });

  it('answers a number that has an account exactly like a new one, and texts its owner instead of a code', async () => {
    await t.user('existing', 'customer');
    await t.ctx.db
      .updateTable('users')
      .set({ phone: '13600000000' })
      .where('username', '=', 'existing')
      .execute();
    const known = await t.client().post('/api/account/register/code', { mobile: '13600000000' });
    const unknown = await t.client().post('/api/account/register/code', { mobile: '13600000001' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const text = await latestSms(t, '13600000000');
    expect(text?.code).toBeUndefined();
    expect(text?.type).toBe('account.alreadyRegistered');
    const guess = await t.client().post('/api/account/register', form('123456', { mobile: '13600000000' }));
    expect(guess.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
  });

  it('names the policy reason for a refused password and keeps the code for the next try', async () => {
    await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE });
    const code = await codeSentTo(t, NEW_MOBILE);
    const cases: [string, string][] = [
      ['short1!', '密码至少需要 10 个字符'],
      ['password123', '密码太常见或是键盘规律，容易被猜到'],
      [`${NEW_MOBILE}`, '密码不能包含您的姓名、手机号、邮箱或公司名称'],
    ];
    for (const [password, message] of cases) {
      const response = await t.client().post('/api/account/register', form(code, { password }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ password: message });
    }
    expect((await t.client().post('/api/account/register', form(code))).statusCode).toBe(200);
  });

  it('refuses a company name that exists with 409 and leaves the code usable', async () => {
    await t.user('other', 'customer', '厦门新芽贸易有限公司');
    await t.client().post('/api/account/register/code', { mobile: NEW_MOBILE });
    const code = await codeSentTo(t, NEW_MOBILE);
    const taken = await t.client().post('/api/account/register', form(code));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty('companyName');
    const other = await t
      .client()
      .post('/api/account/register', form(code, { companyName: '厦门另一家有限公司' }));
    expect(other.statusCode).toBe(200);
  });

  it('refuses malformed input with 400 and changes nothing', async () => {
    const response = await t.client().post('/api/account/register', { mobile: NEW_MOBILE, code: 12 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(
      expect.arrayContaining(['code', 'displayName', 'companyName', 'password']),
    );
    expect(await t.ctx.db.selectFrom('customers').selectAll().execute()).toHaveLength(0);
  });

  it('logs in afterwards with the mobile number and password', async () => {
    await signUp(t);
    const response = await t
      .client()
      .post('/api/auth/login', { username: NEW_MOBILE, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(200);
  });
});
