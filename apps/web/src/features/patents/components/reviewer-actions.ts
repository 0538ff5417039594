import { WAITING_ON_STAFF_STATUSES } from '@kxt/contracts/patent-queue';
import {
  type AdminPatentRow,
  canTransition,
  PATENT_ACTION_RULES,
  PATENT_STATUS,
  type PatentActor,
  type PatentStatus,
} from '@kxt/contracts/patents';

/** What a reviewer or admin can do with an order, in the order the buttons show. */
export type ReviewerAction =
  | 'reviewMaterials'
  | 'filingReceipt'
  | 'usFiling'
  | 'officeAction'
  | 'correctDeadline'
  | 'reviewReply'
  | 'reviewReceipt'
  | 'allow'
  | 'setAuthorizationFee'
  | 'waiveAuthorizationFee'
  | 'registration'
  | 'certificate'
  | 'registerJapan'
  | 'expeditedNotice'
  | 'cancel'
  | 'refund'
  | 'close';

/**
 * Registration info (dialog types 3/4) is a record, not a move: it is entered once the patent is allowed, and
 * submitting it with the certificate issues it. (Not in the contract's transition table, which only lists moves.)
 */
export const REGISTRATION_ENTRY_STATUSES: readonly PatentStatus[] = [9, 10, 12, 19, 20];

/** The statuses at which the customer sees the expedited notice: the reviewer can enter it at the same ones. */
const EXPEDITED_NOTICE_STATUSES =
  PATENT_ACTION_RULES.find((rule) => rule.action === 'viewExpeditedNotice')?.statuses ?? [];

/** The reviewer's actions for a row, decided by the contract's transition table (canTransition). */
export function reviewerActions(row: AdminPatentRow, actor: PatentActor): ReviewerAction[] {
  const status = row.status;
  const us = row.countryCode === 'US';
  const can = (transition: Parameters<typeof canTransition>[0]) => canTransition(transition, status, actor);
  const actions: [ReviewerAction, boolean][] = [
    ['reviewMaterials', can('approveMaterials')],
    ['filingReceipt', can('submitFiling') && !us],
    ['usFiling', can('submitFiling') && us],
    ['officeAction', can('enterOfficeAction')],
    // A wrong reply deadline is corrected while the customer is answering the office action.
    ['correctDeadline', status === PATENT_STATUS.officeAction && row.oaDataInfo !== null],
    ['reviewReply', can('acceptReply')],
    ['reviewReceipt', can('enterReviewReceipt')],
    ['allow', can('allow')],
    ['setAuthorizationFee', can('setAuthorizationFee')],
    ['waiveAuthorizationFee', can('waiveAuthorizationFee')],
    ['registration', REGISTRATION_ENTRY_STATUSES.includes(status as PatentStatus)],
    ['certificate', can('issueCertificate')],
    ['registerJapan', can('registerJapan')],
    [
      'expeditedNotice',
      us && row.orderDataInfo.isSpeed && EXPEDITED_NOTICE_STATUSES.includes(status as PatentStatus),
    ],
    ['cancel', can('cancel')],
    ['refund', can('refund')],
    ['close', can('close')],
  ];
  return actions.filter(([, shown]) => shown).map(([action]) => action);
}

/**
 * The reviewer's next step, the first of the row's actions, when the order waits on staff; none when the customer
 * (or their payment) moves next. Registration info may be entered while the authorization fee is unpaid, but that is
 * not what the order waits for.
 */
export function reviewerNextStep(row: AdminPatentRow, actor: PatentActor): ReviewerAction | undefined {
  if (!WAITING_ON_STAFF_STATUSES.includes(row.status as PatentStatus)) return undefined;
  return reviewerActions(row, actor)[0];
}
