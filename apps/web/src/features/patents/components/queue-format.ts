import {
  type AdminPatentRow,
  PATENT_TRANSITIONS,
  type PatentActor,
  type PatentTransition,
} from '@kxt/contracts/patents';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { reviewerNextStep } from './reviewer-actions.ts';

/** The customer's (or their payment's) move from a status, from the contract's transition table. */
function customerMove(status: number): PatentTransition | undefined {
  return (Object.keys(PATENT_TRANSITIONS) as PatentTransition[]).find((name) => {
    const rule = PATENT_TRANSITIONS[name];
    return (
      (rule.from as readonly number[]).includes(status) &&
      rule.by.some((actor) => actor === 'customer' || actor === 'payment')
    );
  });
}

/**
 * What happens next to an order, in words: the reviewer's next step (the first of the row's reviewer actions) when
 * the order waits on staff, else what the customer is to do.
 */
export function nextStepText(row: AdminPatentRow, actor: PatentActor, t: TFunction): string {
  const next = reviewerNextStep(row, actor);
  if (next) return t(`patent.queue.next.${next}`);
  const move = customerMove(row.status);
  return move ? t(`patent.queue.customerNext.${move}` as 'patent.queue.customerNext.submitMaterials') : '-';
}

/** Whole days an order has waited in its status (0 for less than a day). */
export function waitingDays(waitingSince: string, now = dayjs()): number {
  return Math.max(0, now.diff(dayjs(waitingSince), 'day'));
}
