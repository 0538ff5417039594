import type { CurrentUser } from '@kxt/contracts/auth';
import type { ConsultantWorkCounts, FinanceWorkCounts, WorkbenchCounts } from '@kxt/contracts/workbench';
import { CONSULTANT_WORK_ROLES, FINANCE_WORK_ROLES, TAX_DUE_SOON_DAYS } from '@kxt/contracts/workbench-views';
import type { ListDeps } from '../../context.ts';
import { utcDate } from '../../lib/list.ts';
import { paymentTabCounts } from '../payments/repository.ts';
import { taxDeclarationTabCounts } from '../tax-declarations/repository.ts';
import { countHits } from '../watches/service.ts';

/**
 * Finance's counts, each read by the count of the list it links to under that link's filters: the payments list's
 * 待审核 tab, the tax declarations' 已逾期 tab, and their 未申报 tab due up to TAX_DUE_SOON_DAYS from today.
 */
async function financeCounts(deps: ListDeps, now: Date): Promise<FinanceWorkCounts> {
  const today = utcDate(0, now);
  const taxDueSoonUntil = utcDate(TAX_DUE_SOON_DAYS, now);
  const [payments, taxes, taxesDueSoon] = await Promise.all([
    paymentTabCounts(deps.db, {}),
    taxDeclarationTabCounts({}, deps.countCache, today),
    taxDeclarationTabCounts({ dueTo: taxDueSoonUntil }, deps.countCache, today),
  ]);
  return {
    transfersToReview: payments.get('submitted') ?? 0,
    taxOverdue: taxes.get('overdue') ?? 0,
    taxDueSoon: taxesDueSoon.get('pending') ?? 0,
    taxDueSoonUntil,
  };
}

/** A consultant's counts: the staff watch page's 待顾问处理 and 新命中 views. */
async function consultantCounts(deps: ListDeps, user: CurrentUser): Promise<ConsultantWorkCounts> {
  const [hitsAsked, hitsNew] = await Promise.all([
    countHits(deps.db, user, { review: 'consultant' }),
    countHits(deps.db, user, { review: 'new' }),
  ]);
  return { hitsAsked, hitsNew };
}

/**
 * The 工作台's counts for the caller: finance's part for finance and admins, the consultant's for consultants and
 * admins; a part the caller's role does not answer for is absent.
 */
export async function workbenchCounts(
  deps: ListDeps,
  user: CurrentUser,
  now = new Date(),
): Promise<WorkbenchCounts> {
  const [finance, consultant] = await Promise.all([
    FINANCE_WORK_ROLES.includes(user.role) ? financeCounts(deps, now) : undefined,
    CONSULTANT_WORK_ROLES.includes(user.role) ? consultantCounts(deps, user) : undefined,
  ]);
  return { ...(finance ? { finance } : {}), ...(consultant ? { consultant } : {}) };
}
