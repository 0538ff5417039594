import {
  ALWAYS_IN_APP_TYPES,
  type ChannelChoice,
  DEADLINE_NOTIFICATION_TYPES,
  defaultChannels,
  NOTIFICATION_TYPES,
  type NotificationType,
  type PreferenceRow,
} from '@kxt/contracts/notifications';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';

/** Each user's channels for one type: their choice where they made one, else the type's default. */
export async function channelsOf(
  db: Kysely<DB>,
  userIds: readonly number[],
  type: NotificationType,
): Promise<Map<number, ChannelChoice>> {
  const chosen =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('notification_preferences')
          .selectAll()
          .where('type', '=', type)
          .where('user_id', 'in', userIds)
          .execute();
  const result = new Map<number, ChannelChoice>(userIds.map((id) => [id, defaultChannels(type)]));
  for (const row of chosen) {
    result.set(row.user_id, { inApp: row.in_app === 1, email: row.email === 1, sms: row.sms === 1 });
  }
  return result;
}

/** Every type with the user's channels, in the order of NOTIFICATION_TYPES. */
export async function preferencesOf(db: Kysely<DB>, userId: number): Promise<PreferenceRow[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const byType = new Map(rows.map((row) => [row.type, row]));
  return NOTIFICATION_TYPES.map((type) => {
    const row = byType.get(type);
    return {
      type,
      channels: row
        ? { inApp: row.in_app === 1, email: row.email === 1, sms: row.sms === 1 }
        : defaultChannels(type),
      deadline: DEADLINE_NOTIFICATION_TYPES.includes(type),
      inAppLocked: ALWAYS_IN_APP_TYPES.includes(type),
    };
  });
}

/**
 * Sets one type's channels; a deadline type keeps at least one channel, a deadline reminder its in-app channel (400
 * otherwise, nothing changed).
 */
export async function setPreference(
  db: Kysely<DB>,
  userId: number,
  type: NotificationType,
  channels: ChannelChoice,
): Promise<void> {
  const anyOn = channels.inApp || channels.email || channels.sms;
  if (!anyOn && DEADLINE_NOTIFICATION_TYPES.includes(type)) {
    throw new HttpError(400, 'notify.deadlineCannotBeOff', {}, { inApp: 'notify.deadlineCannotBeOff' });
  }
  if (!channels.inApp && ALWAYS_IN_APP_TYPES.includes(type)) {
    throw new HttpError(400, 'notify.reminderInAppStays', {}, { inApp: 'notify.reminderInAppStays' });
  }
  const values = {
    in_app: channels.inApp ? 1 : 0,
    email: channels.email ? 1 : 0,
    sms: channels.sms ? 1 : 0,
    updated_at: nowIso(),
  } as const;
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, type, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'type']).doUpdateSet(values))
    .execute();
}
