import {
  AGREEMENT_CODES,
  type AgreementInfo,
  type AgreementName,
  type ConfirmBody,
  type SignatureUploadResult,
} from '@kxt/contracts/agreements';
import { FILE_PURPOSES } from '@kxt/contracts/files';
import { AGREEMENT_STATUS, SIGN_PATH } from '@kxt/contracts/signing';
import type { Selectable } from 'kysely';
import type { AgreementsTable, FileRow } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../http-error.ts';
import { preloadOffLoop, runOffLoop } from '../../lib/off-loop.ts';
import { nowIso } from '../../lib/time.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { formatBytes, translate } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { recordAudit } from '../audit/audit.ts';
import type { ClientInfo } from '../auth/service.ts';
import { detectMimeType } from '../files/detect.ts';
import { type IncomingFile, storeFile } from '../files/service.ts';
import { publishEvent } from '../notifications/events.ts';
import type { EvidenceRecord } from './evidence-pdf.ts';
import { assertIdentityConfirmed, CONSENT_VERSION, consentTexts, maskMobile } from './identity.ts';
import {
  type Bitmap,
  decodeImage,
  ImageError,
  type ImageMime,
  inkedPixelCount,
  inkMask,
  MAX_PAGE_PIXELS,
  MAX_SIGNATURE_PIXELS,
  MIN_INK_PIXELS,
} from './images.ts';
import {
  advanceAgreement,
  agreementPages,
  findAgreementByCode,
  findAgreementDetail,
  findUpload,
  insertUpload,
  isAgreementFile,
  markOpened,
} from './repository.ts';
import { sealInput } from './seal/seal-input.ts';
import { type AgreementDeps, parseSignatureBox } from './service.ts';
import { loadSignerIdentity } from './signer-identity.ts';
import { readStoredFile, removeGeneratedFiles, storeGeneratedFile } from './stored-files.ts';

type AgreementRecord = Selectable<AgreementsTable>;

/** Files reach the public page only through this url, which checks the link code on every request. */
export const publicFileUrl = (fileId: string, code: string) =>
  `/api/kxt/file/${fileId}?code=${encodeURIComponent(code)}`;
const PUBLIC_FILE_PATH = /^\/api\/kxt\/file\/([0-9a-f-]{36})$/;

/** Who acted, in the audit log, when the signer did something through the link. */
const LINK_ACTOR = 'public-link';

/**
 * The agreement a link code opens. An unknown code is a 404; a revoked or expired one is a 410 (gone) with a
 * message saying which, so the signer knows to ask for a new link.
 */
export async function agreementForLink(deps: AgreementDeps, code: string, now = nowIso()) {
  const row = await findAgreementByCode(deps.db, code);
  if (!row) throw new HttpError(404, 'agreement.linkInvalid');
  if (row.revoked === 1) throw new HttpError(410, 'agreement.linkRevoked');
  if (row.expires_at <= now) throw new HttpError(410, 'agreement.linkExpired');
  return row;
}

/** What the signing page shows. The first call through a link records when it was opened. */
export async function agreementInfo(
  deps: AgreementDeps,
  code: string,
  client: ClientInfo,
): Promise<AgreementInfo> {
  const row = await agreementForLink(deps, code);
  if (!row.opened_at) {
    const at = nowIso();
    await deps.db.transaction().execute(async (trx) => {
      if (await markOpened(trx, row.id, at)) {
        await recordAudit(trx, {
          actorLabel: LINK_ACTOR,
          action: 'agreement.open',
          entityType: 'agreement',
          entityId: row.id,
          ...client,
        });
      }
    });
  }
  const pages = (await agreementPages(deps.db, row)).map((page) => publicFileUrl(page.file_id, code));
  const signed = row.status === AGREEMENT_STATUS.signed && row.signed_image_file_id;
  return {
    agreementName: row.agreement_name,
    readStatus: row.status >= AGREEMENT_STATUS.read ? 1 : 0,
    confirmStatus: row.status === AGREEMENT_STATUS.signed ? 1 : 0,
    confirmFile: signed ? publicFileUrl(signed, code) : (pages.at(-1) ?? ''),
    pages,
    signedAt: row.signed_at,
    signer: {
      name: row.signer_name ?? '',
      maskedMobile: maskMobile(row.signer_mobile),
      confirmed: row.identity_confirmed_at !== null,
      locked: row.code_locked_at !== null,
    },
    consent: { version: CONSENT_VERSION, text: consentTexts() },
  };
}

/**
 * The signer's confirmations. Status moves 0 → 1 (read) → 2 (signed) one step at a time: reading again is a
 * no-op, going back or skipping reading is a conflict, and so is signing twice.
 */
export async function confirm(deps: AgreementDeps, body: ConfirmBody, client: ClientInfo): Promise<void> {
  const row = await agreementForLink(deps, body.code);
  if (body.status === AGREEMENT_STATUS.read) {
    if (row.status === AGREEMENT_STATUS.signed) throw conflict('agreement.statusBackwards');
    if (row.status === AGREEMENT_STATUS.read) return;
    const at = nowIso();
    await deps.db.transaction().execute(async (trx) => {
      const moved = await advanceAgreement(trx, row.id, AGREEMENT_STATUS.unread, {
        status: AGREEMENT_STATUS.read,
        read_at: at,
        updated_at: at,
      });
      if (!moved) return; // another request of the same page got there first
      await recordAudit(trx, {
        actorLabel: LINK_ACTOR,
        action: 'agreement.read',
        entityType: 'agreement',
        entityId: row.id,
        from: AGREEMENT_STATUS.unread,
        to: AGREEMENT_STATUS.read,
        ...client,
      });
    });
    deps.countCache.invalidate();
    return;
  }
  if (row.status === AGREEMENT_STATUS.signed) throw conflict('agreement.alreadySigned');
  if (row.status !== AGREEMENT_STATUS.read) throw conflict('agreement.notRead');
  assertIdentityConfirmed(row);
  const fileId = uploadedFileId(body.url);
  const upload = fileId ? await findUpload(deps.db, row.id, fileId) : undefined;
  if (!upload)
    throw new HttpError(400, 'agreement.signatureUrlInvalid', {}, { url: 'agreement.signatureUrlInvalid' });
  await sign(deps, row, upload, client);
}

/** The file id in a url made by `publicFileUrl` (absolute or relative), or null. */
function uploadedFileId(url: string): string | null {
  try {
    return PUBLIC_FILE_PATH.exec(new URL(url, 'http://localhost').pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * A signature sent through a link: PNG or JPEG by its bytes, at most 2 MB, and with ink on it (an empty pad
 * exports a blank image, which must not count as a signature). Kept with its SHA-256 and tied to the agreement.
 */
export async function uploadSignature(
  deps: AgreementDeps,
  code: string,
  file: IncomingFile,
  client: ClientInfo,
): Promise<SignatureUploadResult> {
  const row = await agreementForLink(deps, code);
  if (row.status === AGREEMENT_STATUS.signed) throw conflict('agreement.alreadySigned');
  assertIdentityConfirmed(row);
  const rules = FILE_PURPOSES.signature;
  if (file.truncated || file.content.byteLength > rules.maxBytes) {
    throw new HttpError(413, 'file.tooLarge', { limit: formatBytes(rules.maxBytes) });
  }
  if (file.content.byteLength === 0) throw new HttpError(400, 'file.empty');
  const mime = await detectMimeType(file.content);
  if (mime !== 'image/png' && mime !== 'image/jpeg') throw new HttpError(415, 'file.typeNotSupported');
  const bitmap = decodeOrRefuse(file.content, mime, MAX_SIGNATURE_PIXELS, 'agreement.signatureUnreadable');
  if (inkedPixelCount(inkMask(bitmap)) < MIN_INK_PIXELS) throw new HttpError(400, 'agreement.signatureBlank');

  const stored = await storeFile(deps, 'signature', file, { userId: null, customerId: row.customer_id });
  const at = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await insertUpload(trx, row.id, stored.id, at);
    await recordAudit(trx, {
      actorLabel: LINK_ACTOR,
      action: 'agreement.upload',
      entityType: 'agreement',
      entityId: row.id,
      reason: JSON.stringify({ fileId: stored.id, sha256: stored.sha256, size: stored.size }),
      ...client,
    });
  });
  return [{ url: publicFileUrl(stored.id, code), name: stored.name, type: stored.type, size: stored.size }];
}

function decodeOrRefuse(
  bytes: Uint8Array,
  mime: ImageMime,
  maxPixels: number,
  unreadable: MessageKey,
): Bitmap {
  try {
    return decodeImage(bytes, mime, maxPixels);
  } catch (error) {
    if (error instanceof ImageError && error.reason === 'tooManyPixels') {
      throw new HttpError(400, 'agreement.imageTooManyPixels');
    }
    throw new HttpError(400, unreadable);
  }
}

/** A file of the agreement a link opens (its pages, its signed page, signatures sent through it); others are 404. */
export async function fileForLink(deps: AgreementDeps, code: string, fileId: string): Promise<FileRow> {
  const row = await agreementForLink(deps, code);
  if (!(await isAgreementFile(deps.db, row, fileId))) throw notFound();
  const file = await deps.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (!file) throw notFound();
  return file;
}

const IMAGES_MODULE = new URL('./images.ts', import.meta.url);
const EVIDENCE_PDF_MODULE = new URL('./evidence-pdf.ts', import.meta.url);

/** Readies the worker thread that composes signed pages and PDFs, so the first signature after a start is quick. */
export const prepareSigning = () => preloadOffLoop(IMAGES_MODULE, EVIDENCE_PDF_MODULE);

/**
 * Signs: puts the signature on the last page (the signed image the page then shows), writes the signed PDF with
 * its evidence page, and moves the agreement to signed with the SHA-256 of each artefact. The PDF's own SHA-256
 * goes to the agreement row and the audit log, since a file cannot contain its own hash.
 */
async function sign(deps: AgreementDeps, row: AgreementRecord, upload: FileRow, client: ClientInfo) {
  const signedAt = nowIso();
  const detail = await findAgreementDetail(deps.db, row.id);
  if (!detail) throw notFound();
  const pages = await agreementPages(deps.db, row);
  const last = pages.at(-1);
  if (!last) throw new HttpError(500, 'internal');
  const box = parseSignatureBox(detail.signature_box);

  const signatureBytes = await readStoredFile(deps.storage, upload);
  const signature = decodeOrRefuse(
    signatureBytes,
    upload.mime_type as ImageMime,
    MAX_SIGNATURE_PIXELS,
    'agreement.signatureUnreadable',
  );
  const pageBytes = await Promise.all(pages.map((page) => readStoredFile(deps.storage, page)));
  const lastMime = last.mime_type as ImageMime;
  const lastPage = decodeOrRefuse(
    pageBytes.at(-1) as Buffer,
    lastMime,
    MAX_PAGE_PIXELS,
    'agreement.pageUnreadable',
  );
  // Composing the page and writing the PDF take seconds of CPU on a busy machine: off the loop that serves requests.
  const signedBytes = await runOffLoop<typeof import('./images.ts'), 'signedPageImage'>(
    IMAGES_MODULE,
    'signedPageImage',
    lastPage,
    signature,
    box,
    lastMime,
  );

  const generated: FileRow[] = [];
  try {
    const signedImage = await storeGeneratedFile(deps, {
      purpose: 'agreement-signed-page',
      name: `agreement-${row.id}-page-${last.page_no}-signed.${lastMime === 'image/png' ? 'png' : 'jpg'}`,
      mimeType: lastMime,
      content: signedBytes,
      customerId: row.customer_id,
    });
    generated.push(signedImage);
    const identity = await loadSignerIdentity(deps.db, row.id, client);
    const evidence: EvidenceRecord = {
      format: 'kxt-signature-evidence/2',
      agreement: {
        id: row.id,
        name: row.agreement_name,
        nameEn: englishName(row.agreement_name),
        templateId: row.template_id,
        templateVersion: detail.template_version,
      },
      customer: { id: row.customer_id, name: detail.customer_name },
      provider: { name: translate('zh-CN', 'report.product'), nameEn: translate('en-US', 'report.product') },
      link: {
        url: `${SIGN_PATH}?code=${row.code.slice(0, 6)}...`,
        codeSha256: sha256Hex(row.code),
        createdAt: row.created_at,
        createdBy: detail.created_by_username,
        expiresAt: row.expires_at,
      },
      times: { openedAt: row.opened_at, readAt: row.read_at, signedAt },
      signer: { ip: identity.ip ?? client.ip, userAgent: identity.userAgent ?? client.userAgent },
      signerIdentity: identity,
      documentSha256: sha256Hex(Buffer.concat(pageBytes)),
      pages: pages.map((page) => ({
        pageNo: page.page_no,
        fileId: page.file_id,
        sha256: page.sha256,
        width: page.width,
        height: page.height,
      })),
      signature: {
        fileId: upload.id,
        sha256: upload.sha256,
        type: upload.mime_type,
        size: upload.size,
        width: signature.width,
        height: signature.height,
      },
      signedImage: {
        fileId: signedImage.id,
        sha256: signedImage.sha256,
        type: lastMime,
        pageNo: last.page_no,
      },
    };
    const sealed = await runOffLoop<typeof import('./evidence-pdf.ts'), 'buildSignedPdf'>(
      EVIDENCE_PDF_MODULE,
      'buildSignedPdf',
      pages.map((page, index) => ({
        bytes: index === pages.length - 1 ? signedBytes : (pageBytes[index] as Buffer),
        mime: page.mime_type as ImageMime,
        width: page.width,
        height: page.height,
      })),
      evidence,
      sealInput(),
    );
    const pdf = await storeGeneratedFile(deps, {
      purpose: 'agreement-signed-pdf',
      name: `agreement-${row.id}-signed.pdf`,
      mimeType: 'application/pdf',
      content: sealed.bytes,
      customerId: row.customer_id,
    });
    generated.push(pdf);

    const signedNow = await deps.db.transaction().execute(async (trx) => {
      const moved = await advanceAgreement(trx, row.id, AGREEMENT_STATUS.read, {
        status: AGREEMENT_STATUS.signed,
        signed_at: signedAt,
        updated_at: signedAt,
        signer_ip: client.ip,
        signer_user_agent: client.userAgent,
        signature_file_id: upload.id,
        signature_sha256: upload.sha256,
        signed_image_file_id: signedImage.id,
        signed_image_sha256: signedImage.sha256,
        signed_pdf_file_id: pdf.id,
        signed_pdf_sha256: pdf.sha256,
        sealed_content_sha256: sealed.sealedContentSha256,
        evidence: JSON.stringify(evidence),
      });
      if (!moved) return false;
      await recordAudit(trx, {
        actorLabel: LINK_ACTOR,
        action: 'agreement.sign',
        entityType: 'agreement',
        entityId: row.id,
        from: AGREEMENT_STATUS.read,
        to: AGREEMENT_STATUS.signed,
        reason: JSON.stringify({
          signatureSha256: upload.sha256,
          signedImageSha256: signedImage.sha256,
          signedPdfSha256: pdf.sha256,
        }),
        ...client,
      });
      await publishEvent(trx, { name: 'agreement.signed', agreementId: row.id });
      return true;
    });
    if (!signedNow) {
      await agreementForLink(deps, row.code); // revoked or expired meanwhile: say so
      throw conflict('agreement.alreadySigned');
    }
  } catch (error) {
    await removeGeneratedFiles(deps, generated);
    throw error;
  }
  deps.countCache.invalidate();
}

function englishName(name: string): string {
  const code = AGREEMENT_CODES[name as AgreementName];
  return code ? translate('en-US', `agreementName.${code}` as MessageKey) : name;
}
