import {
  type AgreementDetail,
  type AgreementListQuery,
  type AgreementTemplate,
  DEFAULT_SIGNATURE_BOX,
  type NewAgreement,
  type NewAgreementTemplate,
  SIGN_CODE_BYTES,
  SIGN_LINK_TTL_DAYS,
  type SignatureBox,
  signatureBox,
} from '@kxt/contracts/agreements';
import { AGREEMENT_STATUSES, signUrl } from '@kxt/contracts/signing';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { retryOnUniqueViolation } from '../../db/unique-retry.ts';
import { conflict, HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { toStatusTabList } from '../../lib/list.ts';
import { DAY, isoAfter, nowIso } from '../../lib/time.ts';
import { randomToken } from '../../lib/tokens.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { listAudit, recordAudit } from '../audit/audit.ts';
import { fileUrl } from '../files/service.ts';
import { publishEvent } from '../notifications/events.ts';
import { imageSize, MAX_PAGE_PIXELS } from './images.ts';
import {
  currentTemplate,
  findAgreementDetail,
  insertAgreement,
  insertTemplate,
  latestTemplateVersion,
  listAgreements,
  listTemplateRows,
  revokeAgreementRow,
  templatePages,
  toAgreementRow,
} from './repository.ts';
import { readStoredFile } from './stored-files.ts';

export type AgreementDeps = Pick<AppContext, 'db' | 'storage' | 'countCache'>;

const PAGE_TYPES = new Set(['image/png', 'image/jpeg']);

export function parseSignatureBox(json: string): SignatureBox {
  const parsed = signatureBox.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : DEFAULT_SIGNATURE_BOX;
}

// ---- templates ----

/**
 * A new version of an agreement name's template, from page images already uploaded as `agreement-page` files.
 * Agreements created afterwards use it; those created before keep the version they were sent with.
 */
export async function createTemplate(
  deps: AgreementDeps,
  input: NewAgreementTemplate,
  actor: Actor,
): Promise<AgreementTemplate> {
  const files = await deps.db.selectFrom('files').selectAll().where('id', 'in', input.pageFileIds).execute();
  const byId = new Map(files.map((file) => [file.id, file]));
  const pages: { page_no: number; file_id: string; width: number; height: number }[] = [];
  for (const [index, fileId] of input.pageFileIds.entries()) {
    const file = byId.get(fileId);
    if (file?.purpose !== 'agreement-page' || !PAGE_TYPES.has(file.mime_type)) {
      throw new HttpError(
        400,
        'agreement.pageFileInvalid',
        {},
        { [`pageFileIds.${index}`]: 'agreement.pageFileInvalid' },
      );
    }
    const size = imageSize(await readStoredFile(deps.storage, file));
    if (!size || size.width === 0 || size.height === 0) {
      throw new HttpError(
        400,
        'agreement.pageUnreadable',
        {},
        { [`pageFileIds.${index}`]: 'agreement.pageUnreadable' },
      );
    }
    if (size.width * size.height > MAX_PAGE_PIXELS) throw new HttpError(400, 'agreement.imageTooManyPixels');
    pages.push({ page_no: index + 1, file_id: fileId, width: size.width, height: size.height });
  }
  const box = input.signatureBox ?? DEFAULT_SIGNATURE_BOX;
  const writeVersion = async (trx: Kysely<DB>) => {
    const version = (await latestTemplateVersion(trx, input.agreementName)) + 1;
    const templateId = await insertTemplate(
      trx,
      {
        agreement_name: input.agreementName,
        version,
        signature_box: JSON.stringify(box),
        created_by: actor.actorUserId,
        created_at: nowIso(),
      },
      pages,
    );
    await recordAudit(trx, {
      ...actor,
      action: 'agreement-template.create',
      entityType: 'agreement_template',
      entityId: templateId,
      to: JSON.stringify({
        agreementName: input.agreementName,
        version,
        pageFileIds: input.pageFileIds,
        box,
      }),
    });
    return templateId;
  };
  // Two admins uploading a version of the same name at once both read the same latest version.
  const id = await retryOnUniqueViolation(() => deps.db.transaction().execute(writeVersion));
  const created = await findTemplates(deps.db, [id]);
  return created[0] as AgreementTemplate;
}

export function listTemplates(deps: AgreementDeps): Promise<AgreementTemplate[]> {
  return findTemplates(deps.db);
}

async function findTemplates(db: Kysely<DB>, ids?: number[]): Promise<AgreementTemplate[]> {
  const all = await listTemplateRows(db);
  const latest = new Map<string, number>();
  for (const row of all)
    latest.set(row.agreement_name, Math.max(latest.get(row.agreement_name) ?? 0, row.version));
  const rows = ids ? all.filter((row) => ids.includes(row.id)) : all;
  const pages = await templatePages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    agreementName: row.agreement_name,
    version: row.version,
    current: latest.get(row.agreement_name) === row.version,
    signatureBox: parseSignatureBox(row.signature_box),
    createdAt: row.created_at,
    createdByName: row.created_by_name,
    pages: pages.filter((page) => page.template_id === row.id).map(toTemplatePage),
  }));
}

function toTemplatePage(page: Awaited<ReturnType<typeof templatePages>>[number]) {
  return {
    pageNo: page.page_no,
    fileId: page.file_id,
    url: fileUrl(page.file_id),
    width: page.width,
    height: page.height,
    sha256: page.sha256,
  };
}

// ---- agreements ----

/**
 * Sends an agreement to a customer: the newest template of its name, a link code of 192 random bits and an expiry.
 * The link is the signer's only credential, so staff hand it to the customer themselves.
 */
export async function createAgreement(deps: AgreementDeps, input: NewAgreement, actor: Actor) {
  const customer = await deps.db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', input.customerId)
    .executeTakeFirst();
  if (!customer) {
    throw new HttpError(400, 'agreement.customerNotFound', {}, { customerId: 'agreement.customerNotFound' });
  }
  const template = await currentTemplate(deps.db, input.agreementName);
  if (!template) throw conflict('agreement.noTemplate', { name: input.agreementName });
  const code = randomToken(SIGN_CODE_BYTES);
  const at = nowIso();
  const expiresAt = isoAfter((input.expiresInDays ?? SIGN_LINK_TTL_DAYS) * DAY);
  const id = await deps.db.transaction().execute(async (trx) => {
    const agreementId = await insertAgreement(trx, {
      customer_id: input.customerId,
      agreement_name: input.agreementName,
      template_id: template.id,
      code,
      expires_at: expiresAt,
      created_by: actor.actorUserId,
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, {
      ...actor,
      action: 'agreement.create',
      entityType: 'agreement',
      entityId: agreementId,
      to: 0,
      reason: JSON.stringify({
        agreementName: input.agreementName,
        templateVersion: template.version,
        expiresAt,
      }),
    });
    await publishEvent(trx, { name: 'agreement.linkCreated', agreementId });
    return agreementId;
  });
  deps.countCache.invalidate();
  return { id, code, url: signUrl(code), expiresAt };
}

export async function agreementList(
  deps: AgreementDeps,
  query: AgreementListQuery,
  t: (key: MessageKey) => string,
) {
  const { rows, counts, total } = await listAgreements(deps.db, query, deps.countCache, nowIso());
  const statusTabList = toStatusTabList(counts, AGREEMENT_STATUSES.map(String), (status) =>
    t(status === 'all' ? 'tab.all' : (`agreementStatus.${status}` as MessageKey)),
  );
  return { rows, total, statusTabList };
}

export async function agreementDetail(deps: AgreementDeps, id: number): Promise<AgreementDetail> {
  const row = await findAgreementDetail(deps.db, id);
  if (!row) throw notFound();
  const pages = await templatePages(deps.db, [row.template_id]);
  const audit = await listAudit(deps.db, 'agreement', id);
  return {
    ...toAgreementRow(row, nowIso()),
    templateId: row.template_id,
    revokedAt: row.revoked_at,
    signerIp: row.signer_ip,
    signerUserAgent: row.signer_user_agent,
    pages: pages.map(toTemplatePage),
    signatureBox: parseSignatureBox(row.signature_box),
    signatureUrl: row.signature_file_id ? fileUrl(row.signature_file_id) : null,
    signatureSha256: row.signature_sha256,
    signedImageUrl: row.signed_image_file_id ? fileUrl(row.signed_image_file_id) : null,
    signedImageSha256: row.signed_image_sha256,
    signedPdfUrl: row.signed_pdf_file_id ? `/api/admin/agreements/${row.id}/signed.pdf` : null,
    signedPdfSha256: row.signed_pdf_sha256,
    audit,
  };
}

/** Withdraws a link: it stops working at once. A signed agreement keeps its record and PDF. */
export async function revokeAgreement(
  deps: AgreementDeps,
  id: number,
  reason: string | undefined,
  actor: Actor,
) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agreements')
      .select(['id', 'revoked'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (!(await revokeAgreementRow(trx, id, nowIso()))) throw conflict('agreement.alreadyRevoked');
    await recordAudit(trx, {
      ...actor,
      action: 'agreement.revoke',
      entityType: 'agreement',
      entityId: id,
      from: 'active',
      to: 'revoked',
      reason: reason ?? null,
    });
  });
  deps.countCache.invalidate();
}

/** The stored signed PDF, for staff to download. */
export async function signedPdf(deps: AgreementDeps, id: number) {
  const row = await findAgreementDetail(deps.db, id);
  if (!row) throw notFound();
  if (!row.signed_pdf_file_id) throw conflict('agreement.notSigned');
  const file = await deps.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', row.signed_pdf_file_id)
    .executeTakeFirstOrThrow();
  return { file, downloadName: `${row.agreement_name}-${row.customer_name}-${row.id}.pdf` };
}
