import type { CurrentUser } from '@kxt/contracts/auth';
import {
  type MaterialsAnswer,
  materialsGaps,
  type PatentType,
  type SaveMaterialsBody,
} from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { applicantDefaultsOf } from './applicant-defaults.ts';
import { assertCustomerFiles, materialFileUrls } from './attachments.ts';
import { rejectReasons } from './customer-service.ts';
import { ownOrder } from './orders.ts';
import { additionalRules, materialsOf, type PatentOrderJoined, saveMaterialsRow } from './repository.ts';
import { type Audience, rulesFor } from './row.ts';
import { type AuditActor, applyTransition, assertCanTransition, lockOrderInStatus } from './transitions.ts';

const GAP_MESSAGES: Record<string, MessageKey> = {
  'productSeriesInfo.pictureInfoList': 'patent.validation.pictureInfoList',
  specification: 'patent.validation.specification',
};

/**
 * The materials form's data. The customer gets the draft they saved last when there is one (a submission clears
 * it), else what they submitted; staff get the submission first.
 */
export async function materialsAnswerOf(
  db: Kysely<DB>,
  order: PatentOrderJoined,
  audience: Audience,
  language: string,
): Promise<MaterialsAnswer> {
  const [row] = [...(await materialsOf(db, [order.id])).values()];
  const draft = row?.draft ? JSON.parse(row.draft) : null;
  const submitted = row?.submitted ? JSON.parse(row.submitted) : null;
  return {
    serviceId: order.id,
    serviceCode: order.service_code,
    status: order.status,
    patentType: order.patent_type,
    countryCode: order.country_code,
    materials: (audience === 'customer' ? (draft ?? submitted) : (submitted ?? draft)) ?? null,
    draftSavedAt: row?.draft_saved_at ?? null,
    submittedAt: row?.submitted_at ?? null,
    additionalRulesInfo: rulesFor(await additionalRules(db), order.patent_type, order.country_id, language),
    rejectReasons: await rejectReasons(db, order.id, -1),
    applicantDefaults: await applicantDefaultsOf(db, order.customer_id),
  };
}

export async function customerMaterials(db: Kysely<DB>, user: CurrentUser, id: number, language: string) {
  return materialsAnswerOf(db, await ownOrder(db, user, id), 'customer', language);
}

/**
 * Type 0 keeps a draft as it is (at 1 or -1, no move). Type 1 checks the per-type rules (field errors) and submits:
 * 1/-1 → 2. Every file the materials reference must be the customer's own upload.
 */
export async function saveMaterials(
  db: Kysely<DB>,
  user: CurrentUser,
  id: number,
  body: SaveMaterialsBody,
  actor: AuditActor,
) {
  const order = await ownOrder(db, user, id);
  assertCanTransition('submitMaterials', order.status, 'customer');
  if (body.type === 1) {
    const gaps = materialsGaps(body.materials, order.patent_type as PatentType);
    if (gaps.length > 0) {
      const fields = Object.fromEntries(
        gaps.map((gap) => [`materials.${gap}`, GAP_MESSAGES[gap] ?? 'field.required']),
      ) as Record<string, MessageKey>;
      throw new HttpError(400, Object.values(fields)[0] ?? 'badRequest', {}, fields);
    }
  }
  await assertCustomerFiles(db, user, materialFileUrls(body.materials));
  const at = nowIso();
  if (body.type === 0) {
    // Only while the order still takes drafts: a draft landing after a submission would hide it from the customer.
    await db.transaction().execute(async (trx) => {
      await lockOrderInStatus(trx, order);
      await saveMaterialsRow(trx, order.id, body.materials, 'draft', at);
    });
    return { status: order.status };
  }
  const { applicant, inventors, productNameInfo } = body.materials;
  const status = await db.transaction().execute(async (trx) => {
    const to = await applyTransition(
      trx,
      order,
      'submitMaterials',
      { role: 'customer', audit: actor },
      {
        set: {
          submission_time: at,
          apply_title: applicant.nameCn,
          inventor_name: inventors.map((inventor) => inventor.nameCn).join('、'),
          product_name: productNameInfo.productNameCN,
        },
      },
    );
    await saveMaterialsRow(trx, order.id, body.materials, 'submitted', at);
    return to;
  });
  return { status };
}
