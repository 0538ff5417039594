import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';
import { companyOf, patentOrder, upload } from '../patents/test-fixtures.ts';
import type { EmailSender } from './channels/email.ts';
import type { SmsProvider } from './channels/sms.ts';
import { defaultNotifyConfig, type NotifyConfig } from './config.ts';
import { OutboxWorker } from './worker.ts';

/** An SMS provider that keeps what it was asked to send, and fails while `failing` is set. */
export function recordingSms(): SmsProvider & { sent: { phone: string; text: string }[]; failing: boolean } {
  const provider = {
    name: 'recording',
    sent: [] as { phone: string; text: string }[],
    failing: false,
    async send(phone: string, text: string) {
      if (provider.failing) throw new Error('provider down');
      provider.sent.push({ phone, text });
      return { ref: `r${provider.sent.length}` };
    },
  };
  return provider;
}

/** A worker on `db` with the given channels (a recording SMS provider unless one is given). */
export function testWorker(
  db: Kysely<DB>,
  options: { sms?: SmsProvider; email?: EmailSender; owner?: string; config?: Partial<NotifyConfig> } = {},
) {
  return new OutboxWorker({
    db,
    channels: { sms: options.sms ?? recordingSms(), ...(options.email ? { email: options.email } : {}) },
    config: { ...defaultNotifyConfig(), ...options.config },
    baseUrl: 'https://kxt.example',
    ...(options.owner ? { owner: options.owner } : {}),
  });
}

export async function setContact(
  t: TestApp,
  username: string,
  values: { email?: string; phone?: string; locale?: 'zh-CN' | 'en-US' },
) {
  await t.ctx.db.updateTable('users').set(values).where('username', '=', username).execute();
}

/** The language a user picks in the web app, which the server words their notifications in (as the bell sends it). */
export async function chooseLanguage(client: TestClient, locale: 'zh-CN' | 'en-US') {
  const response = await client.request({
    method: 'PUT',
    url: '/api/notifications/locale',
    payload: { locale },
  });
  if (response.statusCode !== 200) throw new Error(`choosing ${locale} failed: ${response.body}`);
}

export const userIdOf = async (t: TestApp, username: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;

/** A reviewer enters an office action with a reply deadline on a new order of the customer's company (4 → 5). */
export async function enterOfficeAction(
  t: TestApp,
  reviewer: TestClient,
  customer: string,
  deadline = '2026-06-10',
) {
  const id = await patentOrder(t, await companyOf(t, customer), { status: 4 });
  const pdf = await upload(reviewer, 'document');
  const response = await reviewer.post(`/api/admin/patents/${id}/office-action`, {
    fileExists: 1,
    issuanceTime: '2026-03-10',
    oaAbortAnswerTime: deadline,
    oaFileUrl: pdf,
  });
  if (response.statusCode !== 200) throw new Error(`office action failed: ${response.body}`);
  return id;
}

/** A reviewer rejects the submitted materials of a new order at 2 with a reason (2 → -1). */
export async function rejectMaterials(t: TestApp, reviewer: TestClient, customer: string, reason: string) {
  const id = await patentOrder(t, await companyOf(t, customer), { status: 2 });
  const response = await reviewer.post(`/api/admin/patents/${id}/materials-review`, {
    decision: 'reject',
    reason,
  });
  if (response.statusCode !== 200) throw new Error(`reject failed: ${response.body}`);
  return id;
}

export const jobs = (db: Kysely<DB>, kind: 'event' | 'email' | 'sms') =>
  db.selectFrom('outbox_jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
