/**
 * The reviewer queue's views, each a link from the 工作台: waiting on staff (the default), OA replies due within
 * OA_DUE_SOON_DAYS, OA replies overdue, waiting on the customer. Apart from `patent-queue.ts` (and its zod
 * schemas) so the 工作台 can name them without loading those on the back office's first page.
 */
export const PATENT_QUEUE_VIEWS = ['staff', 'dueSoon', 'overdue', 'customer'] as const;
export type PatentQueueView = (typeof PATENT_QUEUE_VIEWS)[number];

/** `GET /api/admin/patents/queue/summary`: how many orders each view lists. */
export type PatentQueueCounts = Record<PatentQueueView, number>;
