import type {
  authorizationFeeBody,
  certificateBody,
  expeditedNoticeBody,
  reviewReceiptBody,
} from '@kxt/contracts/patents';
import {
  type AdminPatentListQuery,
  type AdminPatentRow,
  AUTHORIZATION_VARIANT_COUNTRY_ID,
  FILING_RECEIPT_REQUIRED,
  type FilingReceiptBody,
  type FilingReceiptRecord,
  type OfficeActionBody,
  type OfficeActionDeadlineBody,
  PATENT_STATUS,
  PATENT_STATUSES,
  REGISTRATION_REQUIRED,
  type RegistrationBody,
  type RegistrationRecord,
  type ReviewBody,
  type TransitionBody,
  US_FILING_REQUIRED,
  type UsFilingBody,
} from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { listAudit } from '../audit/audit.ts';
import { attachedPaths, claimOrderPdfs, fileIdOf } from './attachments.ts';
import { materialsAnswerOf } from './materials.ts';
import { anyOrder, extrasOf, filtersOf, listOrders } from './orders.ts';
import {
  findOfficeAction,
  insertRejectReason,
  latestOfficeActions,
  type PatentOrderJoined,
} from './repository.ts';
import { type StoredUsFiling, toAdminPatentRow } from './row.ts';
import {
  type AuditActor,
  applyTransition,
  assertCanTransition,
  lockOrderInStatus,
  notAllowedAt,
  saveOrderFields,
  type TransitionActor,
} from './transitions.ts';

/** A reviewer or admin acting on an order. */
export interface StaffActor extends TransitionActor {
  userId: number;
  audit: AuditActor;
}

/** Registration info (dialog types 3/4) is entered once the patent is allowed, before the certificate. */
const REGISTRATION_STATUSES: readonly number[] = [9, 10, 12, 19, 20];
/** The expedited-approval notice of an expedited US order shows at these statuses (spec §4). */
const EXPEDITED_NOTICE_STATUSES: readonly number[] = [4, 10, 11, 12, 19, 20];

const isUs = (order: PatentOrderJoined) => order.country_code === 'US';

/** Submit (type 1) needs every listed field, each with its §5 message; a save (type 0) needs none. */
function requireFields<T extends object>(body: T, fields: readonly (keyof T & string)[]) {
  const missing = fields.filter((field) => {
    const value = body[field] as unknown;
    return (
      value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
    );
  });
  if (missing.length === 0) return;
  const messages = Object.fromEntries(
    missing.map((field) => [field, `patent.validation.${field}` as MessageKey]),
  ) as Record<string, MessageKey>;
  throw new HttpError(400, messages[missing[0] as string] as MessageKey, {}, messages);
}

function oneYearAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

// ---- reading ----

export async function adminPatentList(
  db: Kysely<DB>,
  query: AdminPatentListQuery,
  language: string,
  allLabel: string,
) {
  const { orders, extras, total, obj } = await listOrders(
    db,
    query,
    filtersOf(query),
    PATENT_STATUSES,
    language,
    allLabel,
  );
  return { rows: orders.map((order) => toAdminPatentRow(order, extras(order), language)), total, obj };
}

export async function adminPatentDetail(
  db: Kysely<DB>,
  id: number,
  language: string,
): Promise<AdminPatentRow> {
  const order = await anyOrder(db, id);
  const extras = await extrasOf(db, [order]);
  return toAdminPatentRow(order, extras(order), language);
}

export async function patentHistory(db: Kysely<DB>, id: number) {
  const order = await anyOrder(db, id);
  return listAudit(db, 'patent_order', order.id);
}

export async function adminMaterials(db: Kysely<DB>, id: number, language: string) {
  return materialsAnswerOf(db, await anyOrder(db, id), 'staff', language);
}

// ---- reviews ----

/** Materials review: approve 2 → 3, or reject with a reason 2 → -1 (the reason is kept for the customer). */
export async function reviewMaterials(db: Kysely<DB>, id: number, body: ReviewBody, staff: StaffActor) {
  const order = await anyOrder(db, id);
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    if (body.decision === 'approve') {
      return applyTransition(trx, order, 'approveMaterials', staff, { set: { audit_time: at } });
    }
    const to = await applyTransition(trx, order, 'rejectMaterials', staff, {
      reason: body.reason,
      set: { audit_time: at, rejection_time: at },
    });
    await insertRejectReason(trx, {
      order_id: order.id,
      status: to,
      operator_user_id: staff.userId,
      content: body.reason,
      created_at: at,
    });
    return to;
  });
}

/** Reply-package review: accept 6 → 7, or reject with a reason 6 → -2. */
export async function reviewReply(db: Kysely<DB>, id: number, body: ReviewBody, staff: StaffActor) {
  const order = await anyOrder(db, id);
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    if (body.decision === 'approve') return applyTransition(trx, order, 'acceptReply', staff);
    const to = await applyTransition(trx, order, 'rejectReply', staff, {
      reason: body.reason,
      set: { rejection_time: at },
    });
    await insertRejectReason(trx, {
      order_id: order.id,
      status: to,
      operator_user_id: staff.userId,
      content: body.reason,
      created_at: at,
    });
    return to;
  });
}

// ---- the §5 dialogs ----

/** Dialog type 1 (not US): save keeps the record as it is; submit validates it and moves 3 → 4. */
export async function saveFilingReceipt(
  db: Kysely<DB>,
  id: number,
  body: FilingReceiptBody,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  if (isUs(order)) throw conflict('patent.useUsFiling');
  assertCanTransition('submitFiling', order.status, staff.role);
  if (body.type === 1) requireFields(body, FILING_RECEIPT_REQUIRED);
  const record: FilingReceiptRecord = {
    dataId: order.id,
    referenceNumber: body.referenceNumber || null,
    agent: body.agent || null,
    acceptTime: body.acceptTime ?? null,
    acceptReceiptFiles: body.acceptReceiptFiles ?? [],
    type: body.type,
  };
  return db.transaction().execute(async (trx) => {
    await claimOrderPdfs(
      trx,
      order.customer_id,
      attachedPaths('acceptReceiptFiles', body.acceptReceiptFiles),
    );
    const set = { filing_receipt: JSON.stringify(record) };
    if (body.type === 1) {
      return applyTransition(trx, order, 'submitFiling', staff, {
        set: { ...set, reference_number: record.referenceNumber },
      });
    }
    await saveOrderFields(trx, order, set, 'saveFilingReceipt', staff.audit);
    return order.status;
  });
}

/** Dialog type 7, US only: the filing receipt and the agent's notice; submit moves 3 → 4. */
export async function saveUsFiling(db: Kysely<DB>, id: number, body: UsFilingBody, staff: StaffActor) {
  const order = await anyOrder(db, id);
  if (!isUs(order)) throw conflict('patent.usOnly');
  assertCanTransition('submitFiling', order.status, staff.role);
  if (body.type === 1) requireFields(body, US_FILING_REQUIRED);
  const stored: StoredUsFiling = {
    type: body.type,
    records: [
      {
        referenceNumber: body.referenceNumber ?? '',
        acceptTime: body.acceptTime ?? '',
        receiptFiles: body.receiptFiles ?? [],
      },
      { agent: body.agent ?? '', acceptTime: body.noticeTime ?? '', noticeFiles: body.noticeFiles ?? [] },
    ],
  };
  return db.transaction().execute(async (trx) => {
    await claimOrderPdfs(trx, order.customer_id, [
      ...attachedPaths('receiptFiles', body.receiptFiles),
      ...attachedPaths('noticeFiles', body.noticeFiles),
    ]);
    if (body.type === 1) {
      // The first record doubles as the filing receipt, which the row's actions read for every market.
      const receipt: FilingReceiptRecord = {
        dataId: order.id,
        referenceNumber: body.referenceNumber ?? null,
        agent: body.agent ?? null,
        acceptTime: body.acceptTime ?? null,
        acceptReceiptFiles: body.receiptFiles ?? [],
        type: 1,
      };
      return applyTransition(trx, order, 'submitFiling', staff, {
        set: {
          us_filing: JSON.stringify(stored),
          filing_receipt: JSON.stringify(receipt),
          reference_number: receipt.referenceNumber,
        },
      });
    }
    await saveOrderFields(trx, order, { us_filing: JSON.stringify(stored) }, 'saveUsFiling', staff.audit);
    return order.status;
  });
}

/**
 * Dialog types 3/4: registration info, at 9, 10, 12, 19 or 20, without a move. Submit needs every field except the
 * oath period for US orders; the certificate (10/20 → 11) then needs the submitted record.
 */
export async function saveRegistration(
  db: Kysely<DB>,
  id: number,
  body: RegistrationBody,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  if (!REGISTRATION_STATUSES.includes(order.status)) throw notAllowedAt(order.status, REGISTRATION_STATUSES);
  if (body.type === 1) {
    requireFields(
      body,
      REGISTRATION_REQUIRED.filter((field) => !(field === 'brandOathTime' && isUs(order))),
    );
  }
  const record: RegistrationRecord = {
    dataId: order.id,
    registrationNumber: body.registrationNumber || null,
    brandRegisterTime: body.brandRegisterTime ?? null,
    brandOathTime: body.brandOathTime ?? null,
    brandRegisterFiles: body.brandRegisterFiles ?? [],
    type: body.type,
  };
  await db.transaction().execute(async (trx) => {
    await claimOrderPdfs(
      trx,
      order.customer_id,
      attachedPaths('brandRegisterFiles', body.brandRegisterFiles),
    );
    await saveOrderFields(
      trx,
      order,
      {
        registration: JSON.stringify(record),
        ...(body.type === 1
          ? { registration_number: record.registrationNumber, brand_oath_time: record.brandOathTime }
          : {}),
      },
      body.type === 1 ? 'submitRegistration' : 'saveRegistration',
      staff.audit,
    );
  });
  return order.status;
}

/**
 * Dialog type 5. A new office action (the letter with its issue date and reply deadline, or the ascertainment file
 * when there is no letter) moves 4/7/8 → 5 and sets the row's reply deadline. With `id`, an existing office action
 * of the order at 5 is corrected to "no letter" without a move.
 */
export async function enterOfficeAction(
  db: Kysely<DB>,
  id: number,
  body: OfficeActionBody,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  const fileUrl = body.fileExists === 1 ? body.oaFileUrl : body.ascertainmentFileUrl;
  const filePath = body.fileExists === 1 ? 'oaFileUrl' : 'ascertainmentFileUrl';
  const fields =
    body.fileExists === 1
      ? {
          file_exists: 1 as const,
          issuance_time: body.issuanceTime,
          oa_abort_answer_time: body.oaAbortAnswerTime,
          oa_file_id: fileIdOf(body.oaFileUrl),
          ascertainment_file_id: null,
        }
      : {
          file_exists: 0 as const,
          issuance_time: null,
          oa_abort_answer_time: null,
          oa_file_id: null,
          ascertainment_file_id: fileIdOf(body.ascertainmentFileUrl),
        };
  const amendId = body.fileExists === 0 ? body.id : undefined;
  if (amendId !== undefined) {
    const existing = await findOfficeAction(db, amendId);
    if (existing?.order_id !== order.id) throw notFound();
    if (order.status !== 5) throw notAllowedAt(order.status, [5]);
  } else {
    assertCanTransition('enterOfficeAction', order.status, staff.role);
  }
  return db.transaction().execute(async (trx) => {
    await claimOrderPdfs(trx, order.customer_id, [[filePath, fileUrl]]);
    if (amendId !== undefined) {
      await trx.updateTable('patent_office_actions').set(fields).where('id', '=', amendId).execute();
      await saveOrderFields(
        trx,
        { id: order.id, status: 5 },
        { oa_abort_answer_time: null },
        'amendOfficeAction',
        staff.audit,
        String(amendId),
      );
      return order.status;
    }
    const to = await applyTransition(trx, order, 'enterOfficeAction', staff, {
      set: { oa_abort_answer_time: fields.oa_abort_answer_time },
    });
    await trx
      .insertInto('patent_office_actions')
      .values({ order_id: order.id, ...fields, created_by: staff.userId, created_at: nowIso() })
      .execute();
    return to;
  });
}

/**
 * A wrong reply deadline of the order's newest office action is corrected at 5 (the customer is still answering it):
 * the office action and the row get the new date, and the audit row keeps the old and new date and the reason.
 */
export async function correctOfficeActionDeadline(
  db: Kysely<DB>,
  id: number,
  body: OfficeActionDeadlineBody,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  if (order.status !== PATENT_STATUS.officeAction)
    throw notAllowedAt(order.status, [PATENT_STATUS.officeAction]);
  const latest = (await latestOfficeActions(db, [order.id])).get(order.id);
  if (!latest) throw conflict('patent.officeActionNotFound');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('patent_office_actions')
      .set({ oa_abort_answer_time: body.oaAbortAnswerTime })
      .where('id', '=', latest.id)
      .execute();
    await saveOrderFields(
      trx,
      order,
      { oa_abort_answer_time: body.oaAbortAnswerTime },
      'correctOfficeActionDeadline',
      staff.audit,
      { from: latest.oa_abort_answer_time, to: body.oaAbortAnswerTime, reason: body.reason },
    );
  });
  return order.status;
}

/** The office's examination receipt (date and pdf): 4/7 → 8. */
export async function enterReviewReceipt(
  db: Kysely<DB>,
  id: number,
  body: z.infer<typeof reviewReceiptBody>,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  assertCanTransition('enterReviewReceipt', order.status, staff.role);
  return db.transaction().execute(async (trx) => {
    await claimOrderPdfs(trx, order.customer_id, [['recheckReceipt', body.recheckReceipt]]);
    return applyTransition(trx, order, 'enterReviewReceipt', staff, {
      set: {
        recheck_receipt_file_id: fileIdOf(body.recheckReceipt),
        recheck_receipt_time: body.recheckReceiptTime,
      },
    });
  });
}

/** Dialog type 11: the certificate, once the registration info is submitted: 10/20 → 11, with the renewal date. */
export async function issueCertificate(
  db: Kysely<DB>,
  id: number,
  body: z.infer<typeof certificateBody>,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  assertCanTransition('issueCertificate', order.status, staff.role);
  return db.transaction().execute(async (trx) => {
    // Read locked: a registration saved back to a draft keeps the status, so the status compare-and-set misses it.
    const { registration } = await lockOrderInStatus(trx, order);
    if (!registration || (JSON.parse(registration) as RegistrationRecord).type !== 1) {
      throw conflict('patent.registrationNotSubmitted');
    }
    await claimOrderPdfs(trx, order.customer_id, attachedPaths('certificateFiles', body.certificateFiles));
    return applyTransition(trx, order, 'issueCertificate', staff, {
      set: {
        certificate_time: body.certificateTime,
        certificate_files: JSON.stringify(body.certificateFiles),
        renewal_time: body.renewalTime ?? oneYearAfter(body.certificateTime),
      },
    });
  });
}

/** The authorization fee the customer is to pay (integer fen): 9 → 12. */
export async function setAuthorizationFee(
  db: Kysely<DB>,
  id: number,
  body: z.infer<typeof authorizationFeeBody>,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  return db.transaction().execute((trx) =>
    applyTransition(trx, order, 'setAuthorizationFee', staff, {
      set: { authorization_amount: body.amount, currency: body.currency },
    }),
  );
}

/** The expedited-approval notice of an expedited US order; no move. */
export async function attachExpeditedNotice(
  db: Kysely<DB>,
  id: number,
  body: z.infer<typeof expeditedNoticeBody>,
  staff: StaffActor,
) {
  const order = await anyOrder(db, id);
  if (!isUs(order) || order.is_speed !== 1) throw conflict('patent.speedOnly');
  if (!EXPEDITED_NOTICE_STATUSES.includes(order.status)) {
    throw notAllowedAt(order.status, EXPEDITED_NOTICE_STATUSES);
  }
  await db.transaction().execute(async (trx) => {
    await claimOrderPdfs(trx, order.customer_id, attachedPaths('files', body.files));
    await saveOrderFields(
      trx,
      order,
      { expedited_notice_files: JSON.stringify(body.files) },
      'expeditedNotice',
      staff.audit,
    );
  });
  return order.status;
}

/** The moves without a form: allow, waive the fee, register (Japan), cancel, refund, close. */
export async function moveOrder(db: Kysely<DB>, id: number, body: TransitionBody, staff: StaffActor) {
  const order = await anyOrder(db, id);
  if (body.transition === 'registerJapan' && order.country_id !== AUTHORIZATION_VARIANT_COUNTRY_ID) {
    throw conflict('patent.japanOnly');
  }
  return db
    .transaction()
    .execute((trx) => applyTransition(trx, order, body.transition, staff, { reason: body.reason ?? null }));
}
