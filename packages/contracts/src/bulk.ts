import { z } from 'zod';
import { recordId } from './ids.ts';

/**
 * The most rows one bulk action changes. Each row is its own transaction with its own audit row, so a bulk action is
 * as slow as that many edits; more is a 400 that asks for a narrower filter.
 */
export const BULK_LIMIT = 500;

/** A list's filters as its list endpoint takes them in the query string, without paging: text values, coerced. */
const filterValues = z.record(
  z.string().max(40),
  z.union([
    z.string().max(200),
    z.number(),
    z.boolean(),
    z.array(z.union([z.string().max(200), z.number()])).max(20),
  ]),
);

/**
 * Which rows a bulk action changes: the selected rows by id, or every row the list's filter matches, with the count
 * the user confirmed (`expectedTotal`): when the filter matches another number by then, nothing is changed (409).
 */
export const bulkTarget = z.union([
  z.object({ ids: z.array(recordId).min(1).max(BULK_LIMIT) }).strict(),
  z
    .object({
      filters: filterValues,
      expectedTotal: z.number().int().positive().max(BULK_LIMIT),
    })
    .strict(),
]);
export type BulkTarget = z.infer<typeof bulkTarget>;

/** What happened to one row: changed, already as asked (nothing to do), or refused with the reason. */
export const BULK_RESULTS = ['done', 'unchanged', 'failed'] as const;
export type BulkRowResult = (typeof BULK_RESULTS)[number];

export const bulkOutcome = z.object({
  id: z.number().int(),
  /** How the list names the row (a service code, a customer's name). */
  label: z.string(),
  result: z.enum(BULK_RESULTS),
  /** Why a row failed, in the caller's language. */
  msg: z.string().optional(),
});
export type BulkOutcome = z.infer<typeof bulkOutcome>;

export const bulkSummary = z.object({
  done: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  rows: z.array(bulkOutcome),
});
export type BulkSummary = z.infer<typeof bulkSummary>;

/** A bulk action's body: its target plus the action's own fields. */
export function bulkBody<Shape extends z.ZodRawShape>(action: Shape) {
  return z.object({ target: bulkTarget, ...action }).strict();
}
