import type {
  AttachedFile,
  FilingReceiptBody,
  OfficeActionBody,
  OfficeActionDeadlineBody,
  RegistrationBody,
  ReviewBody,
  TransitionBody,
  UsFilingBody,
} from '@kxt/contracts/patents';
import { api } from '../../../components/api/api-client.ts';

/** The body of each reviewer call `POST /api/admin/patents/:id/<action>` (schemas in the contract). */
export interface AdminPatentBodies {
  'materials-review': ReviewBody;
  'filing-receipt': FilingReceiptBody;
  'us-filing': UsFilingBody;
  registration: RegistrationBody;
  'office-action': OfficeActionBody;
  'office-action/deadline': OfficeActionDeadlineBody;
  'reply-review': ReviewBody;
  'review-receipt': { recheckReceiptTime: string; recheckReceipt: string };
  certificate: { certificateTime: string; certificateFiles: AttachedFile[]; renewalTime?: string };
  'authorization-fee': { amount: number; currency: 'CNY' };
  'expedited-notice': { files: AttachedFile[] };
  transition: TransitionBody;
}
export type AdminPatentAction = keyof AdminPatentBodies;

/**
 * One reviewer call. Silent: the dialogs show the server's message and field errors in place (a non-200 keeps the
 * dialog open).
 */
export function postAdminPatent<A extends AdminPatentAction>(
  id: number,
  action: A,
  body: AdminPatentBodies[A],
) {
  return api.post<unknown>(`/api/admin/patents/${id}/${action}`, body, { silent: true });
}
