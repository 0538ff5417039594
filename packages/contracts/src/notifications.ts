import { z } from 'zod';
import { recordIdParam } from './ids.ts';
import { MAX_PAGE_SIZE } from './paging.ts';

/**
 * What a notification is about. Each type has a title and body per language on the server, and a default set of
 * channels that each user may change (`NOTIFICATION_DEFAULT_CHANNELS`).
 */
export const NOTIFICATION_TYPES = [
  'patent.moved',
  'patent.waitingOnStaff',
  'patent.officeAction',
  'patent.materialsRejected',
  'patent.replyRejected',
  'payment.succeeded',
  'payment.approved',
  'payment.rejected',
  'payment.refunded',
  'payment.transferSubmitted',
  'agreement.linkCreated',
  'agreement.signed',
  'searchPack.bought',
  'deadline.reminder',
  'patent.nudge',
  'staff.digest',
  'watch.hit',
  'watch.digest',
  'watch.asked',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/**
 * Types that carry a deadline (a missed one loses a right): a user may move them between channels but never turn
 * every channel off. Reminders (issue 16, item 3) join this list.
 */
export const DEADLINE_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'patent.officeAction',
  'deadline.reminder',
];

/** Types whose in-app channel is always on (the server refuses to turn it off): a deadline reminder always shows. */
export const ALWAYS_IN_APP_TYPES: readonly NotificationType[] = ['deadline.reminder'];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** Channels that go through the outbox to an outside service. */
export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export const deliveryChannelSchema = z.enum(DELIVERY_CHANNELS);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;

export const channelChoice = z.object({ inApp: z.boolean(), email: z.boolean(), sms: z.boolean() });
export type ChannelChoice = z.infer<typeof channelChoice>;

/** Every type in-app and by email; text messages only where a deadline is at stake. */
export function defaultChannels(type: NotificationType): ChannelChoice {
  return { inApp: true, email: true, sms: DEADLINE_NOTIFICATION_TYPES.includes(type) };
}

export const notificationRow = z.object({
  id: z.number().int(),
  /** One of NOTIFICATION_TYPES, or a type since retired: its older rows are still listed (with their stored text). */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the product (starts with `/`). */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  unreadOnly: z.enum(['0', '1']).default('0'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** The list answer: the page, the total of the filter, and the user's unread count for the bell. */
export const notificationList = z.object({
  code: z.number().int(),
  msg: z.string(),
  rows: z.array(notificationRow),
  total: z.number().int(),
  unread: z.number().int(),
});

export const preferenceRow = z.object({
  type: notificationTypeSchema,
  channels: channelChoice,
  /** A deadline type: at least one channel stays on. */
  deadline: z.boolean(),
  /** The in-app channel cannot be turned off (deadline reminders). */
  inAppLocked: z.boolean(),
});
export type PreferenceRow = z.infer<typeof preferenceRow>;

export const preferenceParams = z.object({
  userId: recordIdParam,
  type: notificationTypeSchema,
});
export const preferenceUserParams = z.object({ userId: recordIdParam });

// ---- Back office: what went out by email and SMS ----

export const DELIVERY_STATES = ['pending', 'running', 'sent', 'failed'] as const;
export const deliveryStateSchema = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

export const deliveryListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  channel: deliveryChannelSchema.default('email'),
  state: deliveryStateSchema.optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

export const deliveryRow = z.object({
  id: z.number().int(),
  channel: deliveryChannelSchema,
  state: deliveryStateSchema,
  recipient: z.string(),
  username: z.string().nullable(),
  type: z.string(),
  subject: z.string(),
  text: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const deliveryList = z.object({
  code: z.number().int(),
  msg: z.string(),
  rows: z.array(deliveryRow),
  total: z.number().int(),
});

export const USER_LOCALES = ['zh-CN', 'en-US'] as const;
export const userLocaleSchema = z.enum(USER_LOCALES);
export type UserLocale = z.infer<typeof userLocaleSchema>;
export const localeBody = z.object({ locale: userLocaleSchema });
