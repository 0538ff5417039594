import { z } from 'zod';
import { isoDate } from './business.ts';

/** Finance's waiting work; each count is what the linked list shows under the same filter. */
export const financeWorkCounts = z.object({
  /** Bank transfers submitted with a voucher, waiting for finance (payment state `submitted`, the spec's 1). */
  transfersToReview: z.number().int(),
  /** Tax declarations not declared and past their due date (the list's 已逾期 tab). */
  taxOverdue: z.number().int(),
  /** Tax declarations not declared, due today up to `taxDueSoonUntil` (the 未申报 tab with that due-to date). */
  taxDueSoon: z.number().int(),
  /** The last due date `taxDueSoon` counts (today + TAX_DUE_SOON_DAYS, UTC): the linked list's `dueTo`. */
  taxDueSoonUntil: isoDate,
});
export type FinanceWorkCounts = z.infer<typeof financeWorkCounts>;

/** A consultant's waiting work: trademark watch hits by review state, as the staff watch page lists them. */
export const consultantWorkCounts = z.object({
  /** Hits a customer asked the consultant about (review `consultant`), not yet set aside. */
  hitsAsked: z.number().int(),
  /** Hits nobody has reviewed yet (review `new`). */
  hitsNew: z.number().int(),
});
export type ConsultantWorkCounts = z.infer<typeof consultantWorkCounts>;

/**
 * `GET /api/admin/workbench/counts`: the caller's counts; a part is present only for the roles it belongs to
 * (FINANCE_WORK_ROLES, CONSULTANT_WORK_ROLES in `workbench-views.ts`).
 */
export const workbenchCounts = z.object({
  finance: financeWorkCounts.optional(),
  consultant: consultantWorkCounts.optional(),
});
export type WorkbenchCounts = z.infer<typeof workbenchCounts>;
