import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { CODE_TTL_MS, MAX_CODE_FAILURES } from './identity.ts';
import { loadSigningEvidence } from './signing-evidence.ts';
import {
  createAgreement,
  createTemplate,
  customerId,
  lastSentCode,
  SIGNATURES,
  signer,
  TEST_SIGNER,
} from './test-fixtures.ts';

let t: TestApp;
let admin: TestClient;
let link: { id: number; code: string };
let s: ReturnType<typeof signer>;

beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin1', 'admin');
  await createTemplate(admin, '知识产权服务协议', 1);
  link = await createAgreement(admin, await customerId(t, '深圳市验证测试有限公司'));
  s = signer(t);
});
afterEach(async () => {
  await t.close();
});

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');
const agreementRow = () =>
  t.ctx.db.selectFrom('agreements').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
/** Lets the resend cooldown pass by moving the codes sent so far back in time. */
const ageCodes = (ms: number) =>
  t.ctx.db
    .updateTable('agreement_sign_codes')
    .set((eb) => ({ sent_at: eb.val(new Date(Date.now() - ms).toISOString()) }))
    .where('agreement_id', '=', link.id)
    .execute();

describe('the signer identity check', () => {
  it('sends a code as an SMS through the outbox, stores only its hash, and confirms it with consent', async () => {
    const info = (await s.getInfo(link.code)).json().data;
    expect(info.signer).toEqual({
      name: '李娜',
      maskedMobile: '139****5678',
      confirmed: false,
      locked: false,
    });
    expect(info.consent.version).toBe('v1');
    expect(info.consent.text['zh-CN']).toContain('电子签名');

    const sent = await s.sendCode(link.code);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ maskedMobile: '139****5678', resendAfter: 60, expiresIn: 600 });
    const job = await t.ctx.db
      .selectFrom('outbox_jobs')
      .selectAll()
      .where('kind', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      recipient: TEST_SIGNER.signerMobile,
      notification_type: 'agreement.signCode',
    });
    const code = await lastSentCode(t, link.id);
    const stored = await t.ctx.db.selectFrom('agreement_sign_codes').selectAll().executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const verified = await s.verifyCode(link.code, code, { language: 'en-US' });
    expect(verified.statusCode).toBe(200);
    expect((await s.getInfo(link.code)).json().data.signer.confirmed).toBe(true);

    const evidence = await loadSigningEvidence(t.ctx.db, link.id);
    expect(evidence).toMatchObject({
      signerName: '李娜',
      maskedMobile: '139****5678',
      identity: { method: 'sms-otp', codeSentAt: stored.sent_at, ip: expect.any(String) },
      consent: { version: 'v1', language: 'en-US', text: expect.stringContaining('electronically') },
    });
    expect(evidence?.identity.confirmedAt).not.toBeNull();
    expect(evidence?.consent.at).not.toBeNull();
    expect(await loadSigningEvidence(t.ctx.db, 99999)).toBeNull();
  });

  it('refuses a signature, and signing, before the code is confirmed (the server, not only the page)', async () => {
    expect((await s.confirm({ code: link.code, status: 1 })).statusCode).toBe(200);
    const upload = await s.upload(link.code, SIGNATURES.png());
    expect(upload.statusCode).toBe(403);
    expect(upload.json().msg).toBe('请先完成手机验证码验证再签署');
    const sign = await s.confirm({ code: link.code, status: 2, url: `/api/kxt/file/${crypto.randomUUID()}` });
    expect(sign.statusCode).toBe(403);
    expect((await agreementRow()).status).toBe(1);
  });

  it('counts wrong codes, locks the link at the fifth, and staff reissue it', async () => {
    await s.sendCode(link.code);
    const right = await lastSentCode(t, link.id);
    for (let attempt = 1; attempt < MAX_CODE_FAILURES; attempt += 1) {
      const wrong = await s.verifyCode(link.code, wrongCode(right));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toBe(`验证码不正确，还可以再试 ${MAX_CODE_FAILURES - attempt} 次`);
    }
    expect((await s.verifyCode(link.code, wrongCode(right))).statusCode).toBe(423);
    // Locked: even the right code and a new one are refused.
    expect((await s.verifyCode(link.code, right)).statusCode).toBe(423);
    expect((await s.sendCode(link.code)).statusCode).toBe(423);
    expect((await s.getInfo(link.code)).json().data.signer.locked).toBe(true);
    expect((await admin.get('/api/admin/agreements')).json().rows[0].identityLocked).toBe(true);

    const reviewer = await t.loggedIn('reviewer1', 'reviewer');
    expect((await reviewer.post(`/api/admin/agreements/${link.id}/reissue`, {})).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/agreements/${link.id}/reissue`, {})).statusCode).toBe(409);
    expect((await admin.post('/api/admin/agreements/99999/reissue', {})).statusCode).toBe(404);
    expect((await s.client.post(`/api/admin/agreements/${link.id}/reissue`, {})).statusCode).toBe(401);
    // The code sent before the lock no longer works; a new one does.
    expect((await s.verifyCode(link.code, right)).statusCode).toBe(400);
    await ageCodes(2 * 60_000);
    expect((await s.sendCode(link.code)).statusCode).toBe(200);
    expect((await s.verifyCode(link.code, await lastSentCode(t, link.id))).statusCode).toBe(200);

    const detail = (await admin.get(`/api/admin/agreements/${link.id}`)).json().data;
    const actions = detail.audit.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'agreement.codeSent',
        'agreement.codeWrong',
        'agreement.identityLocked',
        'agreement.reissue',
        'agreement.identityConfirmed',
      ]),
    );
    expect(detail.identity).toMatchObject({ failures: 0, lockedAt: null, consentVersion: 'v1' });
  });

  it('refuses an expired code and a used one (replay) without counting them as wrong', async () => {
    await s.sendCode(link.code);
    const code = await lastSentCode(t, link.id);
    await t.ctx.db
      .updateTable('agreement_sign_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await s.verifyCode(link.code, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe('验证码已过期，请重新获取');

    await ageCodes(2 * 60_000);
    await s.sendCode(link.code);
    const fresh = await lastSentCode(t, link.id);
    expect((await s.verifyCode(link.code, fresh)).statusCode).toBe(200);
    // A replay after confirming is refused; on another link whose code was used it is "used".
    expect((await s.verifyCode(link.code, fresh)).statusCode).toBe(409);
    await t.ctx.db
      .updateTable('agreements')
      .set({ identity_confirmed_at: null })
      .where('id', '=', link.id)
      .execute();
    const replay = await s.verifyCode(link.code, fresh);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('验证码已使用，请重新获取');
    expect((await agreementRow()).code_failures).toBe(0);
    expect(CODE_TTL_MS).toBe(600_000);
  });

  it('sends at most one code a minute and five an hour per link', async () => {
    expect((await s.sendCode(link.code)).statusCode).toBe(200);
    const again = await s.sendCode(link.code);
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^验证码发送太频繁，请 \d+ 秒后再试$/);
    for (let sent = 1; sent < 5; sent += 1) {
      await ageCodes(61_000);
      // Each send moved the earlier ones back by a minute, so all stay within the hour.
      expect((await s.sendCode(link.code)).statusCode).toBe(200);
    }
    await ageCodes(61_000);
    const hourly = await s.sendCode(link.code);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().msg).toBe('此链接一小时内发送验证码次数已达上限，请稍后再试');
  });

  it('refuses bad input, an unknown link, a revoked link and an outdated consent, changing nothing', async () => {
    await s.sendCode(link.code);
    const code = await lastSentCode(t, link.id);
    for (const body of [
      { code: link.code, otp: '12345', consent: true, consentVersion: 'v1', language: 'zh-CN' },
      { code: link.code, otp: code, consent: false, consentVersion: 'v1', language: 'zh-CN' },
      { code: link.code, otp: code, consentVersion: 'v1', language: 'zh-CN' },
      { code: link.code, otp: code, consent: true, consentVersion: 'v1', language: 'fr-FR' },
      { code: link.code, otp: 123456, consent: true, consentVersion: 'v1', language: 'zh-CN' },
    ]) {
      const response = await s.client.request({
        method: 'POST',
        url: '/api/kxt/verifyCode',
        payload: body,
        csrf: false,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await s.verifyCode(link.code, code, { consentVersion: 'v0' })).statusCode).toBe(409);
    expect((await s.verifyCode('unknown-code', code)).statusCode).toBe(404);
    expect((await s.sendCode('unknown-code')).statusCode).toBe(404);
    const row = await agreementRow();
    expect(row).toMatchObject({ code_failures: 0, identity_confirmed_at: null });
    await admin.post(`/api/admin/agreements/${link.id}/revoke`, {});
    expect((await s.verifyCode(link.code, code)).statusCode).toBe(410);
  });
});
