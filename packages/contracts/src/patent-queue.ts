import { z } from 'zod';
import { MAX_PAGE_SIZE } from './paging.ts';
import { PATENT_QUEUE_VIEWS } from './patent-queue-views.ts';
import {
  adminPatentRow,
  ENDED_PATENT_STATUSES,
  PATENT_STATUSES,
  PATENT_TRANSITIONS,
  type PatentActor,
  type PatentStatus,
} from './patents.ts';

/**
 * The reviewer's work queue (issue #14 item 7). Who an order waits on is read from PATENT_TRANSITIONS: the statuses
 * some move of that actor starts from. Final statuses start no move, so closed, refunded and cancelled orders are in
 * no queue; and a move that ends an order uncompleted (a refund the payments module records) is not what anyone waits for.
 */
function statusesMovedBy(actors: readonly PatentActor[]): PatentStatus[] {
  const rules = Object.values(PATENT_TRANSITIONS).filter(
    (rule) =>
      !ENDED_PATENT_STATUSES.includes(rule.to) &&
      rule.by.some((actor) => (actors as readonly string[]).includes(actor)),
  );
  return PATENT_STATUSES.filter((status) =>
    rules.some((rule) => (rule.from as readonly number[]).includes(status)),
  );
}

/**
 * Orders whose next move is the reviewer's. Cancel, refund and close are admin-only and open from nearly every
 * status, so they do not count: an order waits on staff only when a reviewer's move starts there.
 */
export const WAITING_ON_STAFF_STATUSES: readonly PatentStatus[] = statusesMovedBy(['reviewer']);
/** Orders whose next move is the customer's (materials, a reply package) or their payment's. */
export const WAITING_ON_CUSTOMER_STATUSES: readonly PatentStatus[] = statusesMovedBy(['customer', 'payment']);
/**
 * Statuses at which an office action's reply is still outstanding (to upload, or uploaded and not yet accepted):
 * the OA reply deadline matters only here; after the reply is filed the stored date is history.
 */
export const OA_REPLY_PENDING_STATUSES: readonly PatentStatus[] = PATENT_STATUSES.filter((status) =>
  (
    [
      ...PATENT_TRANSITIONS.uploadReply.from,
      ...PATENT_TRANSITIONS.acceptReply.from,
      ...PATENT_TRANSITIONS.rejectReply.from,
    ] as number[]
  ).includes(status),
);
/** "Due soon" on the 工作台: an outstanding OA reply due within this many days (today included). */
export const OA_DUE_SOON_DAYS = 7;

export { PATENT_QUEUE_VIEWS, type PatentQueueView } from './patent-queue-views.ts';

/** `GET /api/admin/patents/queue`. */
export const patentQueueQuery = z.object({
  view: z.enum(PATENT_QUEUE_VIEWS).default('staff'),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PatentQueueQuery = z.infer<typeof patentQueueQuery>;

/** A queue row: the order, since when it has waited in its status, and its reply deadline while one is due. */
export const patentQueueRow = adminPatentRow.extend({
  /** When the order entered its current status (ISO). */
  waitingSince: z.string(),
  /** The OA reply deadline (yyyy-MM-dd) while the reply is outstanding (OA_REPLY_PENDING_STATUSES), else null. */
  replyDeadline: z.string().nullable(),
});
export type PatentQueueRow = z.infer<typeof patentQueueRow>;

/** `GET /api/admin/patents/queue/summary`: the 工作台's counts, one per view. */
export const patentQueueSummary = z.object({
  staff: z.number().int(),
  dueSoon: z.number().int(),
  overdue: z.number().int(),
  customer: z.number().int(),
});
export type PatentQueueSummary = z.infer<typeof patentQueueSummary>;
