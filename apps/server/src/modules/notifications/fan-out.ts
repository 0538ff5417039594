import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Locale } from '../../locales/translate.ts';
import { deadlinesOnEvent } from '../deadlines/on-event.ts';
import type { DeadlineSettings } from '../deadlines/sweep.ts';
import { defaultNotifyConfig } from './config.ts';
import type { DomainEvent } from './events.ts';
import type { OutboxJob } from './outbox.ts';
import { channelsOf } from './preferences.ts';
import { noticesOf } from './recipients.ts';
import { renderEmail, renderNotice, renderSms } from './render.ts';

export interface FanOutOptions {
  /** Email is queued only when SMTP is configured. */
  emailOn: boolean;
  /** The product's address, for the links in emails and texts. */
  baseUrl: string;
  /** The worker's clock (tests move it). */
  now?: Date;
  /** Reminder days and the nudge period; the defaults when absent. */
  deadlines?: DeadlineSettings;
}

/**
 * Turns one event job into each recipient's notification and their email and SMS jobs, in the caller's transaction
 * (which also marks the event done). Keys make it idempotent: the notification is unique per (event, user), a
 * message per (event, user, channel), so an event run twice (a lease that ran out mid-way) adds nothing.
 */
export async function fanOut(trx: Kysely<DB>, job: OutboxJob, options: FanOutOptions): Promise<number> {
  const event = JSON.parse(job.payload) as DomainEvent;
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const settings = options.deadlines ?? defaultNotifyConfig();
  if (await deadlinesOnEvent(trx, event, now, settings)) return 0;
  let written = 0;
  for (const notice of await noticesOf(trx, event, now)) {
    if (notice.userIds.length === 0) continue;
    const users = await trx
      .selectFrom('users')
      .select(['id', 'locale', 'email', 'phone'])
      .where('id', 'in', notice.userIds)
      .execute();
    const channels = await channelsOf(
      trx,
      users.map((user) => user.id),
      notice.type,
    );
    for (const user of users) {
      const choice = channels.get(user.id);
      if (!choice) continue;
      const locale = user.locale as Locale;
      const rendered = renderNotice(notice.type, notice.params, locale);
      const url = `${options.baseUrl}${notice.link}`;
      if (choice.inApp) {
        await trx
          .insertInto('notifications')
          .values({
            user_id: user.id,
            event_key: job.key,
            type: notice.type,
            title: rendered.title,
            body: rendered.body,
            // What renders it again in the reader's language when the list is read (`renderStoredNotice`).
            params: JSON.stringify(notice.params),
            link: notice.link,
            created_at: at,
          })
          .onConflict((conflict) => conflict.columns(['event_key', 'user_id']).doNothing())
          .execute();
        written += 1;
      }
      const messages: { kind: 'email' | 'sms'; recipient: string | null; payload: unknown }[] = [];
      if (choice.email && options.emailOn) {
        messages.push({ kind: 'email', recipient: user.email, payload: renderEmail(rendered, url, locale) });
      }
      if (choice.sms) {
        messages.push({ kind: 'sms', recipient: user.phone, payload: { text: renderSms(rendered) } });
      }
      for (const message of messages) {
        if (!message.recipient) continue;
        await trx
          .insertInto('outbox_jobs')
          .values({
            key: `${job.key}:${user.id}:${message.kind}`,
            kind: message.kind,
            payload: JSON.stringify({ ...(message.payload as object), locale }),
            user_id: user.id,
            recipient: message.recipient,
            notification_type: notice.type,
            run_at: at,
            created_at: at,
            updated_at: at,
          })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .execute();
        written += 1;
      }
    }
  }
  return written;
}
