import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Logs in with the password only, as the browser does: the session may owe the second factor. */
async function passwordLogin(username: string) {
  const client = t.client();
  const response = await client.post('/api/auth/login', { username, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(200);
  return { client, pending: response.json().data.pendingSecondFactor as string | null };
}

async function enrol(client: TestClient) {
  const started = await client.post('/api/auth/two-factor/enrol');
  expect(started.statusCode).toBe(200);
  const { secret, qrDataUrl, otpauthUrl } = started.json().data;
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toContain('otpauth://totp/');
  const confirmed = await client.post('/api/auth/two-factor/confirm', { code: codeAt(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

describe('admin and finance must enrol', () => {
  it('keeps a new admin session pending: only the second-factor calls work until enrolment', async () => {
    await t.user('root', 'admin');
    const { client, pending } = await passwordLogin('root');
    expect(pending).toBe('enrol');
    expect((await client.get('/api/admin/users')).statusCode).toBe(403);
    expect((await client.get('/api/admin/customers')).statusCode).toBe(403);
    expect((await client.get('/api/auth/me')).json().data.pendingSecondFactor).toBe('enrol');
    const { recoveryCodes } = await enrol(client);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
    const stored = await t.ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('leaves reviewers free to skip it', async () => {
    await t.user('rev', 'reviewer');
    const { client, pending } = await passwordLogin('rev');
    expect(pending).toBeNull();
    expect((await client.get('/api/admin/customers')).statusCode).toBe(200);
  });
});

describe('logging in with the second factor', () => {
  it('asks an enrolled user for a code; a wrong or replayed code is refused, a fresh one accepted', async () => {
    await t.user('money', 'finance');
    const first = await passwordLogin('money');
    const { secret } = await enrol(first.client);
    const { client, pending } = await passwordLogin('money');
    expect(pending).toBe('verify');
    expect((await client.get('/api/admin/payments')).statusCode).toBe(403);
    const wrong = await client.post('/api/auth/two-factor/verify', {
      code: '000000' === codeAt(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    // The code used at enrolment belongs to a step already used: refused.
    const replay = await client.post('/api/auth/two-factor/verify', { code: codeAt(secret) });
    expect(replay.statusCode).toBe(400);
    const next = await client.post('/api/auth/two-factor/verify', { code: codeAt(secret, 1) });
    expect(next.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json().data.pendingSecondFactor).toBeNull();
    expect((await client.post('/api/auth/two-factor/verify', { code: codeAt(secret, 1) })).statusCode).toBe(
      409,
    );
  });

  it('accepts each recovery code once', async () => {
    await t.user('boss', 'admin');
    const { recoveryCodes } = await enrol((await passwordLogin('boss')).client);
    const code = recoveryCodes[0] ?? '';
    const one = await passwordLogin('boss');
    expect(
      (await one.client.post('/api/auth/two-factor/verify', { code: code.toUpperCase() })).statusCode,
    ).toBe(200);
    const two = await passwordLogin('boss');
    expect((await two.client.post('/api/auth/two-factor/verify', { code })).statusCode).toBe(400);
    const status = (await one.client.get('/api/auth/two-factor')).json().data;
    expect(status).toMatchObject({ enrolled: true, required: true, pending: null, recoveryCodesLeft: 9 });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'user.recoveryCodeUsed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('locks the codes after five wrong ones', async () => {
    await t.user('guess', 'admin');
    const { secret } = await enrol((await passwordLogin('guess')).client);
    const { client } = await passwordLogin('guess');
    const wrong = codeAt(secret, 5);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/two-factor/verify', { code: wrong })).statusCode).toBe(400);
    }
    expect((await client.post('/api/auth/two-factor/verify', { code: codeAt(secret, 1) })).statusCode).toBe(
      429,
    );
  });

  it('refuses a second enrolment and codes before an enrolment started', async () => {
    await t.user('twice', 'consultant');
    const { client } = await passwordLogin('twice');
    expect((await client.post('/api/auth/two-factor/confirm', { code: '123456' })).statusCode).toBe(409);
    await enrol(client);
    expect((await client.post('/api/auth/two-factor/enrol')).statusCode).toBe(409);
    expect((await client.post('/api/auth/two-factor/confirm', { code: 'x' })).statusCode).toBe(400);
  });
});

describe('an admin resets a second factor', () => {
  it('removes it (audited), ends the sessions, and the user enrols again at the next login', async () => {
    const admin = await t.loggedIn('helpdesk', 'admin');
    const id = await t.user('lost-phone', 'finance');
    const before = await passwordLogin('lost-phone');
    await enrol(before.client);
    const reset = await admin.post(`/api/admin/users/${id}/reset-two-factor`);
    expect(reset.statusCode).toBe(200);
    expect((await before.client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await passwordLogin('lost-phone')).pending).toBe('enrol');
    expect(
      await t.ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(0);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('action', '=', 'user.twoFactorReset')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).not.toBe(id);
    expect((await admin.post('/api/admin/users/999999/reset-two-factor')).statusCode).toBe(404);
  });
});
