import { z } from 'zod';

/**
 * Everything with a date by which someone must act (issue 16, item 3): an office action's reply deadline, a patent's
 * next renewal, a signing link's expiry, an authorization fee to pay.
 */
export const DEADLINE_KINDS = ['oaReply', 'renewal', 'signingLink', 'authorizationFee'] as const;
export const deadlineKindSchema = z.enum(DEADLINE_KINDS);
export type DeadlineKind = z.infer<typeof deadlineKindSchema>;

const day = z.iso.date();

export const deadlineRow = z.object({
  id: z.number().int(),
  kind: deadlineKindSchema,
  /** The date it falls due (the end of that day), YYYY-MM-DD. */
  dueOn: z.string(),
  /** Days from today (negative: overdue). */
  daysLeft: z.number().int(),
  /** What the customer and staff call the record: a service no, an agreement's name. */
  reference: z.string(),
  title: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  /** Where the record is, for the reader's role. */
  link: z.string(),
});
export type DeadlineRow = z.infer<typeof deadlineRow>;

/** The staff calendar: deadlines due between `from` and `to` (inclusive, at most a year apart), of one kind. */
export const adminDeadlineQuery = z
  .object({
    from: day,
    to: day,
    kind: deadlineKindSchema.optional(),
    overdue: z.enum(['0', '1']).default('0'),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 400 * 86_400_000, {
    message: 'at most a year at a time',
    path: ['to'],
  });
export type AdminDeadlineQuery = z.infer<typeof adminDeadlineQuery>;

export const upcomingDeadlineQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

export const deadlineList = z.object({
  code: z.number().int(),
  msg: z.string(),
  rows: z.array(deadlineRow),
  total: z.number().int(),
});
