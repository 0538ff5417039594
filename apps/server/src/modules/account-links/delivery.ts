import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { type Locale, translate } from '../../locales/translate.ts';
import { renderEmail, renderSms } from '../notifications/render.ts';
import { baseUrlOf } from '../notifications/worker.ts';

export interface LinkMessage {
  linkId: number;
  purpose: 'invite' | 'reset';
  token: string;
  userId: number | null;
  name: string;
  inviter: string;
  phone: string | null;
  email: string | null;
  expiresAt: string;
  locale: Locale;
}

/** The page an account link opens. */
export const linkUrl = (config: Config, token: string) => `${baseUrlOf(config)}/invite/${token}`;

/**
 * Queues the link by SMS (the sandbox or the configured provider) and by e-mail when SMTP is configured, as outbox
 * jobs in the caller's transaction: the notifications worker sends them after the commit. Answers the channels used.
 */
export async function queueLinkMessages(
  trx: Kysely<DB>,
  config: Config,
  message: LinkMessage,
): Promise<('sms' | 'email')[]> {
  const url = linkUrl(config, message.token);
  const params = {
    inviter: message.inviter,
    name: message.name,
    url,
    expiresAt: message.expiresAt.slice(0, 10),
  };
  const rendered = {
    title: translate(message.locale, `accounts.message.${message.purpose}.title`, params),
    body: translate(message.locale, `accounts.message.${message.purpose}.body`, params),
  };
  const jobs: { kind: 'sms' | 'email'; recipient: string; payload: object }[] = [];
  if (message.phone)
    jobs.push({ kind: 'sms', recipient: message.phone, payload: { text: renderSms(rendered) } });
  if (message.email && config.notify?.smtp) {
    jobs.push({
      kind: 'email',
      recipient: message.email,
      payload: renderEmail(rendered, url, message.locale),
    });
  }
  const at = nowIso();
  for (const job of jobs) {
    await trx
      .insertInto('outbox_jobs')
      .values({
        // One message per link and channel; a resent invitation is a new link, so a new key.
        key: `account-link:${message.linkId}:${job.kind}`,
        kind: job.kind,
        payload: JSON.stringify({ ...job.payload, locale: message.locale }),
        user_id: message.userId,
        recipient: job.recipient,
        notification_type: `account.${message.purpose}`,
        run_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return jobs.map((job) => job.kind);
}
