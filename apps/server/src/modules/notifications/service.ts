import type {
  DeliveryListQuery,
  DeliveryRow,
  NotificationListQuery,
  NotificationRow,
} from '@kxt/contracts/notifications';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { nowIso } from '../../lib/time.ts';
import type { Locale } from '../../locales/translate.ts';
import { recordAudit } from '../audit/audit.ts';
import { renderStoredNotice } from './render.ts';

type StoredNotification = {
  id: number;
  type: string;
  title: string;
  body: string;
  params: string | null;
  link: string | null;
  created_at: string;
  read_at: string | null;
};

const toRow = (row: StoredNotification, locale: Locale): NotificationRow => ({
  id: row.id,
  type: row.type,
  ...renderStoredNotice(row, locale),
  link: row.link,
  createdAt: row.created_at,
  readAt: row.read_at,
});

/**
 * The user's notifications, newest first, with the total of the filter and the unread count for the bell. Each is
 * worded in the user's notification language of now (`users.locale`, what fan-out writes in), older ones too.
 */
export async function listNotifications(db: Kysely<DB>, userId: number, query: NotificationListQuery) {
  const own = db.selectFrom('notifications').where('user_id', '=', userId);
  const filtered = query.unreadOnly === '1' ? own.where('read_at', 'is', null) : own;
  const [rows, total, unread, reader] = await Promise.all([
    filtered
      .select(['id', 'type', 'title', 'body', 'params', 'link', 'created_at', 'read_at'])
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    own
      .where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst(),
  ]);
  const locale: Locale = reader?.locale ?? 'zh-CN';
  return { rows: rows.map((row) => toRow(row, locale)), total: Number(total.n), unread: Number(unread.n) };
}

/** Marks one of the user's notifications read (once: the first read time stays). Another user's is a 404. */
export async function markRead(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
}

export async function markAllRead(db: Kysely<DB>, userId: number): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setLocale(db: Kysely<DB>, userId: number, locale: 'zh-CN' | 'en-US') {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

// ---- back office ----

/** Messages of one channel, newest first, optionally of one state: what went out, what waits, what failed. */
export async function listDeliveries(db: Kysely<DB>, query: DeliveryListQuery) {
  let base = db
    .selectFrom('outbox_jobs')
    .leftJoin('users', 'users.id', 'outbox_jobs.user_id')
    .where('outbox_jobs.kind', '=', query.channel);
  if (query.state) base = base.where('outbox_jobs.state', '=', query.state);
  const [rows, total] = await Promise.all([
    base
      .select([
        'outbox_jobs.id',
        'outbox_jobs.kind',
        'outbox_jobs.state',
        'outbox_jobs.recipient',
        'outbox_jobs.notification_type',
        'outbox_jobs.payload',
        'outbox_jobs.attempts',
        'outbox_jobs.last_error',
        'outbox_jobs.provider',
        'outbox_jobs.created_at',
        'outbox_jobs.sent_at',
        'users.username',
      ])
      .orderBy('outbox_jobs.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row): DeliveryRow => {
      const payload = JSON.parse(row.payload) as { subject?: string; text?: string };
      return {
        id: row.id,
        channel: row.kind === 'sms' ? 'sms' : 'email',
        state: row.state,
        recipient: row.recipient ?? '',
        username: row.username ?? null,
        type: row.notification_type ?? '',
        subject: payload.subject ?? '',
        text: payload.text ?? '',
        attempts: row.attempts,
        lastError: row.last_error,
        provider: row.provider,
        createdAt: row.created_at,
        sentAt: row.sent_at,
      };
    }),
    total: Number(total.n),
  };
}

/**
 * Sends a message again: a failed one, or a sent one the recipient says never arrived. Compare-and-set from the
 * state read, so two admins clicking at once queue it once; a message still waiting or being sent is a 404 for
 * this action (nothing to resend). Audited.
 */
export async function resendDelivery(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  const job = await db
    .selectFrom('outbox_jobs')
    .select(['id', 'state', 'kind'])
    .where('id', '=', id)
    .where('kind', 'in', ['email', 'sms'])
    .where('state', 'in', ['sent', 'failed'])
    .executeTakeFirst();
  if (!job) throw notFound();
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('outbox_jobs')
      .set({ state: 'pending', attempts: 0, run_at: at, sent_at: null, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', job.state)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw notFound();
    await recordAudit(trx, {
      ...actor,
      action: 'notification.resend',
      entityType: 'outbox_job',
      entityId: id,
      from: job.state,
      to: 'pending',
    });
  });
}
