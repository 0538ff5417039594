import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { randomToken } from '../../lib/tokens.ts';
import type { Locale } from '../../locales/translate.ts';
import type { EmailContent } from './render.ts';

interface DirectMessageBase {
  /** Who it is about, when it is about a user (the message list shows them); null before an account exists. */
  userId: number | null;
  recipient: string;
  /** The message list's type column, e.g. `account.registerCode`. */
  type: string;
  locale: Locale;
}

export type DirectMessage =
  | (DirectMessageBase & { kind: 'sms'; text: string })
  | (DirectMessageBase & { kind: 'email'; content: EmailContent });

/**
 * Queues one message to one address, outside the event fan-out: codes and links for a person who may have no account
 * yet, or whose preferences must not silence it. The outbox worker sends it on the configured channel (the SMS
 * sandbox keeps it for the back office's message list) with the same retries as any other message.
 */
export async function queueDirectMessage(db: Kysely<DB>, message: DirectMessage): Promise<void> {
  const at = nowIso();
  const payload = message.kind === 'sms' ? { text: message.text } : message.content;
  await db
    .insertInto('outbox_jobs')
    .values({
      key: `direct:${message.type}:${randomToken(12)}`,
      kind: message.kind,
      payload: JSON.stringify({ ...payload, locale: message.locale }),
      user_id: message.userId,
      recipient: message.recipient,
      notification_type: message.type,
      run_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
