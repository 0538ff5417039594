import type { Role } from './role-names.ts';

/**
 * Who sees which counts on the 工作台 besides the patent review queue (`patent-queue-views.ts`): finance the
 * transfers waiting for its review and the tax declarations overdue or due soon, consultants the watch hits
 * customers asked them about and those nobody has looked at yet; admins all of them. Apart from `workbench.ts` (and
 * its zod schema) so the back office's first page can name them without loading zod.
 */
export const FINANCE_WORK_ROLES: readonly Role[] = ['finance', 'admin'];
export const CONSULTANT_WORK_ROLES: readonly Role[] = ['consultant', 'admin'];

/** A pending tax declaration is due soon when its due date is today or within this many days (UTC days). */
export const TAX_DUE_SOON_DAYS = 7;
