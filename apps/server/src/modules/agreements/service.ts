import {
  type AgreementDetail,
  type AgreementListQuery,
  type AgreementTemplate,
  DEFAULT_SIGNATURE_BOX,
  MAX_TEMPLATE_PAGES,
  MERGE_FIELDS,
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
import { runOffLoop } from '../../lib/off-loop.ts';
import { DAY, isoAfter, nowIso } from '../../lib/time.ts';
import { randomToken } from '../../lib/tokens.ts';
import { translate } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { listAudit, recordAudit } from '../audit/audit.ts';
import { keepFile } from '../files/keep.ts';
import { fileUrl } from '../files/service.ts';
import { publishEvent } from '../notifications/events.ts';
import { maskMobile } from './identity.ts';
import { imageSize, MAX_PAGE_PIXELS } from './images.ts';
import { fillMergeFields, type MergeValues, unknownMergeField } from './merge-fields.ts';
import type { RenderedPage } from './pdf-pages.ts';
import {
  agreementPages,
  currentTemplate,
  findAgreementDetail,
  insertAgreement,
  insertAgreementPages,
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

/** The calendar day in Beijing (UTC+8), as a Chinese contract dates itself. */
export const beijingDate = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

export function parseSignatureBox(json: string): SignatureBox {
  const parsed = signatureBox.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : DEFAULT_SIGNATURE_BOX;
}

// ---- templates ----

/**
 * A new version of an agreement name's template: from page images already uploaded as `agreement-page` files, from
 * a PDF uploaded as an `agreement-source` file (its pages rendered to images), or from text with merge fields (no
 * pages: each agreement renders its own with its values). Agreements created afterwards use it; those created
 * before keep the version they were sent with.
 */
export async function createTemplate(
  deps: AgreementDeps,
  input: NewAgreementTemplate,
  actor: Actor,
): Promise<AgreementTemplate> {
  const box = input.signatureBox ?? DEFAULT_SIGNATURE_BOX;
  let authored: { kind: 'images' | 'pdf' | 'text'; title?: string; body?: string; sourceFileId?: string };
  let pages: PageRow[];
  if (input.pageFileIds) {
    authored = { kind: 'images' };
    pages = await uploadedPages(deps, input.pageFileIds);
  } else if (input.pdfFileId) {
    authored = { kind: 'pdf', sourceFileId: input.pdfFileId };
    pages = await pdfPages(deps, input.pdfFileId);
  } else {
    const title = input.title ?? '';
    const body = input.body ?? '';
    const unknown = unknownMergeField(`${title}\n${body}`);
    if (unknown) {
      throw new HttpError(
        400,
        'agreement.unknownMergeField',
        { field: unknown, fields: MERGE_FIELDS.join(', ') },
        { body: 'agreement.unknownMergeField' },
      );
    }
    authored = { kind: 'text', title, body };
    // No pages of its own: each agreement renders its pages with its merge values when it is sent.
    pages = [];
  }
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
        kind: authored.kind,
        title: authored.title ?? null,
        body: authored.body ?? null,
        source_file_id: authored.sourceFileId ?? null,
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
        kind: authored.kind,
        pageFileIds: pages.map((page) => page.file_id),
        sourceFileId: authored.sourceFileId,
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

type PageRow = { page_no: number; file_id: string; width: number; height: number };

async function uploadedPages(deps: AgreementDeps, pageFileIds: string[]): Promise<PageRow[]> {
  const files = await deps.db.selectFrom('files').selectAll().where('id', 'in', pageFileIds).execute();
  const byId = new Map(files.map((file) => [file.id, file]));
  const pages: PageRow[] = [];
  for (const [index, fileId] of pageFileIds.entries()) {
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
  return pages;
}

const TEMPLATE_PAGES_MODULE = new URL('./template-pages.ts', import.meta.url);

/** The pages of an uploaded PDF as images; a file that is not one, or that pdf.js cannot open, is a 400. */
async function pdfPages(deps: AgreementDeps, fileId: string): Promise<PageRow[]> {
  const file = await deps.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (file?.purpose !== 'agreement-source' || file.mime_type !== 'application/pdf') {
    throw new HttpError(400, 'agreement.sourceInvalid', {}, { pdfFileId: 'agreement.sourceInvalid' });
  }
  const bytes = await readStoredFile(deps.storage, file);
  let rendered: RenderedPage[];
  try {
    rendered = await runOffLoop<typeof import('./template-pages.ts'), 'renderPdfPages'>(
      TEMPLATE_PAGES_MODULE,
      'renderPdfPages',
      new Uint8Array(bytes),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'PdfRenderError' && error.message === 'tooManyPages') {
      throw new HttpError(400, 'agreement.sourceTooManyPages', { max: MAX_TEMPLATE_PAGES });
    }
    if (error instanceof Error && error.name === 'PdfRenderError') {
      throw new HttpError(400, 'agreement.sourceUnreadable', {}, { pdfFileId: 'agreement.sourceUnreadable' });
    }
    throw error;
  }
  if (rendered.length === 0) throw new HttpError(400, 'agreement.sourceUnreadable');
  return keepRenderedPages(deps, rendered, `template-${fileId.slice(0, 8)}`, null);
}

/** An agreement's pages from a text template: merge fields filled, laid out, rendered off the loop, kept as images. */
async function textPages(
  deps: AgreementDeps,
  template: { title: string; body: string; box: SignatureBox },
  values: MergeValues,
  customerId: number | null,
): Promise<PageRow[]> {
  const t = (key: MessageKey, params: Record<string, string> = {}) => translate('zh-CN', key, params);
  const rendered = await runOffLoop<typeof import('./template-pages.ts'), 'renderTextTemplate'>(
    TEMPLATE_PAGES_MODULE,
    'renderTextTemplate',
    {
      title: fillMergeFields(template.title, values),
      body: fillMergeFields(template.body, values),
      signatureBox: template.box,
      labels: {
        partyASeal: t('agreement.page.partyASeal'),
        partyADate: t('agreement.page.partyADate', { date: values.date ?? '' }),
        partyBSign: t('agreement.page.partyBSign'),
        signDate: t('agreement.page.signDate'),
        pageOf: t('agreement.page.pageOf', { page: '{{page}}', pages: '{{pages}}' }),
      },
    },
  );
  return keepRenderedPages(deps, rendered, 'text', customerId);
}

async function keepRenderedPages(
  deps: AgreementDeps,
  rendered: RenderedPage[],
  prefix: string,
  customerId: number | null,
): Promise<PageRow[]> {
  const pages: PageRow[] = [];
  for (const [index, page] of rendered.entries()) {
    const file = await keepFile(
      deps,
      {
        purpose: 'agreement-page',
        name: `${prefix}-page-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        ownerUserId: null,
        customerId,
      },
      page.jpeg,
    );
    pages.push({ page_no: index + 1, file_id: file.id, width: page.width, height: page.height });
  }
  return pages;
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
    kind: row.kind,
    title: row.title,
    body: row.body,
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
    .select(['id', 'name', 'verification_state'])
    .where('id', '=', input.customerId)
    .executeTakeFirst();
  if (!customer) {
    throw new HttpError(400, 'agreement.customerNotFound', {}, { customerId: 'agreement.customerNotFound' });
  }
  // A company that signed itself up signs nothing before staff have checked its licence (issue 17).
  if (customer.verification_state === 'pending') {
    throw new HttpError(
      409,
      'account.companyPendingBlocked',
      {},
      { customerId: 'account.companyPendingBlocked' },
    );
  }
  const template = await currentTemplate(deps.db, input.agreementName);
  if (!template) throw conflict('agreement.noTemplate', { name: input.agreementName });
  const code = randomToken(SIGN_CODE_BYTES);
  const at = nowIso();
  const expiresAt = isoAfter((input.expiresInDays ?? SIGN_LINK_TTL_DAYS) * DAY);
  const values: MergeValues = {
    customerName: customer.name,
    signerName: input.signerName,
    serviceName: input.serviceName,
    price: input.price,
    date: beijingDate(at),
    agreementNo: `KXT-${at.slice(0, 10).replaceAll('-', '')}-${code.slice(0, 6).toUpperCase()}`,
  };
  const ownPages =
    template.kind === 'text'
      ? await textPages(
          deps,
          {
            title: template.title ?? '',
            body: template.body ?? '',
            box: parseSignatureBox(template.signature_box),
          },
          values,
          input.customerId,
        )
      : [];
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
      signer_name: input.signerName,
      signer_mobile: input.signerMobile,
      signer_email: input.signerEmail ?? null,
      merge_values: template.kind === 'text' ? JSON.stringify(values) : null,
    });
    await insertAgreementPages(trx, agreementId, ownPages);
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
        signerName: input.signerName,
        signerMobile: maskMobile(input.signerMobile),
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
  const pages = await agreementPages(deps.db, row);
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
    signerMobile: row.signer_mobile,
    signerEmail: row.signer_email,
    identity: {
      codeSentAt: row.identity_code_sent_at,
      confirmedAt: row.identity_confirmed_at,
      failures: row.code_failures,
      lockedAt: row.code_locked_at,
      consentVersion: row.consent_version,
      consentText: row.consent_text,
      consentAt: row.consent_at,
    },
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
    // Its expiry is no longer a deadline: the worker drops it with its pending reminders.
    await publishEvent(trx, { name: 'deadlines.changed', agreementId: id });
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
