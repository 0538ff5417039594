import type { TestApp, TestClient } from '../../test/test-app.ts';

/** A password the policy accepts that has nothing to do with the test users. */
export const STRONG_PASSWORD = 'Lantern-Oyster-47-Quill';
export const NEW_MOBILE = '13912345678';

/** The newest text queued for `phone` (the sandbox's outbox row), and the six-digit code in it if any. */
export async function latestSms(t: TestApp, phone: string) {
  const row = await t.ctx.db
    .selectFrom('outbox_jobs')
    .select(['payload', 'notification_type', 'user_id'])
    .where('kind', '=', 'sms')
    .where('recipient', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  const text = (JSON.parse(row.payload) as { text: string }).text;
  return { text, type: row.notification_type, userId: row.user_id, code: /\d{6}/.exec(text)?.[0] };
}

/** The code just sent to `phone`; fails the test when none was. */
export async function codeSentTo(t: TestApp, phone: string): Promise<string> {
  const code = (await latestSms(t, phone))?.code;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** Moves every code's send time back, as if the one-minute cooldown (and `ms` more) had passed. */
export async function ageCodes(t: TestApp, ms = 61_000) {
  const codes = await t.ctx.db.selectFrom('sms_codes').select(['id', 'created_at', 'expires_at']).execute();
  for (const code of codes) {
    await t.ctx.db
      .updateTable('sms_codes')
      .set({
        created_at: new Date(Date.parse(code.created_at) - ms).toISOString(),
        expires_at: new Date(Date.parse(code.expires_at) - ms).toISOString(),
      })
      .where('id', '=', code.id)
      .execute();
  }
}

/** Signs up through the API: code, then the form; answers the signed-up (and logged-in) client. */
export async function signUp(
  t: TestApp,
  values: { mobile?: string; displayName?: string; companyName?: string; password?: string } = {},
): Promise<{ client: TestClient; mobile: string }> {
  const mobile = values.mobile ?? NEW_MOBILE;
  const client = t.client();
  const sent = await client.post('/api/account/register/code', { mobile });
  if (sent.statusCode !== 200) throw new Error(`code request failed: ${sent.body}`);
  const response = await client.post('/api/account/register', {
    mobile,
    code: await codeSentTo(t, mobile),
    displayName: values.displayName ?? '张伟',
    companyName: values.companyName ?? '厦门新芽贸易有限公司',
    password: values.password ?? STRONG_PASSWORD,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  return { client, mobile };
}
