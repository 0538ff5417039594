import { z } from 'zod';
import { auditEntry } from './audit.ts';
import { bulkBody } from './bulk.ts';
import { recordId, recordIdParam } from './ids.ts';
import { listQuery } from './paging.ts';
import { AGREEMENT_STATUS, SIGN_CODE_MAX } from './signing.ts';

/**
 * The agreements staff send for signing, by the name the customer sees (spec §2.3: the pages shown are chosen by
 * the name). Each name has its own template of page images.
 */
export const AGREEMENT_NAMES = [
  '知识产权服务协议',
  'VAT服务协议',
  'EPR服务协议',
  '海外公司注册服务协议',
  '产品合规服务协议',
] as const;
export const agreementNameSchema = z.enum(AGREEMENT_NAMES);
export type AgreementName = z.infer<typeof agreementNameSchema>;

/** A stable ASCII code per name: locale keys, file names and the English evidence page use it. */
export const AGREEMENT_CODES: Record<AgreementName, 'ip' | 'vat' | 'epr' | 'company' | 'compliance'> = {
  知识产权服务协议: 'ip',
  VAT服务协议: 'vat',
  EPR服务协议: 'epr',
  海外公司注册服务协议: 'company',
  产品合规服务协议: 'compliance',
};

/** How long a signing link works unless staff choose otherwise. */
export const SIGN_LINK_TTL_DAYS = 30;
export const SIGN_LINK_MAX_TTL_DAYS = 365;
/** Random bytes in a link code: 192 bits, written as 32 URL-safe characters (the issue asks for at least 128). */
export const SIGN_CODE_BYTES = 24;
// ---- Public signing calls (spec §7): POST /api/kxt/getInfo, /api/kxt/confirm, /api/kxt/upload ----

const signCode = z.string().trim().min(1).max(SIGN_CODE_MAX);

export const getInfoBody = z.object({ code: signCode });
export type GetInfoBody = z.infer<typeof getInfoBody>;

/** status 1 when the page is first opened (read), status 2 with the uploaded signature's url (signed). */
export const confirmBody = z.discriminatedUnion('status', [
  z.object({ code: signCode, status: z.literal(AGREEMENT_STATUS.read) }),
  z.object({
    code: signCode,
    status: z.literal(AGREEMENT_STATUS.signed),
    url: z.string().trim().min(1).max(500),
  }),
]);
export type ConfirmBody = z.infer<typeof confirmBody>;

/** What the signing page shows (spec §3 "agreement info"). */
export const agreementInfo = z.object({
  agreementName: z.string(),
  /** 0 until the page has been opened and confirmed as read. */
  readStatus: z.number().int(),
  /** 1 once signed. */
  confirmStatus: z.number().int(),
  /** The agreement's last page before signing; the signed last page (signature in place) after. */
  confirmFile: z.string(),
  /** The agreement's page images, in order. */
  pages: z.array(z.string()),
  signedAt: z.string().nullable(),
  /** The addressee and the state of their identity check: the pad opens only once `confirmed`. */
  signer: z.object({
    name: z.string(),
    maskedMobile: z.string(),
    confirmed: z.boolean(),
    /** Five wrong codes: staff must reissue the link. */
    locked: z.boolean(),
  }),
  /** The consent to sign electronically the signer ticks, in both languages, and its version. */
  consent: z.object({ version: z.string(), text: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }) }),
});
export type AgreementInfo = z.infer<typeof agreementInfo>;

export const sendCodeBody = z.object({ code: signCode });
export const sendCodeResult = z.object({
  maskedMobile: z.string(),
  /** Seconds until another code may be requested. */
  resendAfter: z.number().int(),
  expiresIn: z.number().int(),
});
export type SendCodeResult = z.infer<typeof sendCodeResult>;

export const verifyCodeBody = z.object({
  code: signCode,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  /** The signer ticked the consent of this version, shown in this language. */
  consent: z.literal(true),
  consentVersion: z.string().trim().min(1).max(20),
  language: z.enum(['zh-CN', 'en-US']),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;

/** Upload answers are a list whose first item carries the url (spec §3). */
export const signatureUploadResult = z.array(
  z.object({ url: z.string(), name: z.string(), type: z.string(), size: z.number().int() }),
);
export type SignatureUploadResult = z.infer<typeof signatureUploadResult>;

// ---- Templates (admin) ----

/** Where the signature goes on the last page, as fractions of the page's width and height. */
export const signatureBox = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().gt(0).max(1),
    height: z.number().gt(0).max(1),
  })
  .refine((box) => box.x + box.width <= 1 && box.y + box.height <= 1, {
    message: 'the box must lie inside the page',
  });
export type SignatureBox = z.infer<typeof signatureBox>;
/** Lower right of the last page, where Chinese agreements put 乙方签字. */
export const DEFAULT_SIGNATURE_BOX: SignatureBox = { x: 0.55, y: 0.8, width: 0.36, height: 0.12 };

export const MAX_TEMPLATE_PAGES = 30;

/**
 * The merge fields a text template may use, written `{{name}}`: filled in per agreement when it is created
 * (`customerName` from the customer, `signerName` from the addressee, `date` the day it is sent, the others as staff
 * enter them).
 */
export const MERGE_FIELDS = [
  'customerName',
  'signerName',
  'serviceName',
  'price',
  'date',
  'agreementNo',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const MAX_TEMPLATE_BODY = 30_000;

export const newAgreementTemplate = z
  .object({
    agreementName: agreementNameSchema,
    pageFileIds: z
      .array(z.uuid())
      .min(1)
      .max(MAX_TEMPLATE_PAGES)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'a page is listed twice' })
      .optional(),
    pdfFileId: z.uuid().optional(),
    title: z.string().trim().min(1).max(100).optional(),
    body: z.string().trim().min(1).max(MAX_TEMPLATE_BODY).optional(),
    signatureBox: signatureBox.optional(),
  })
  .strict()
  .superRefine((value, context) => {
    const forms = [value.pageFileIds, value.pdfFileId, value.body].filter((form) => form !== undefined);
    if (forms.length !== 1) {
      context.addIssue({ code: 'custom', path: ['pageFileIds'], message: 'give pages, a PDF or a text' });
    }
    if (value.body !== undefined && value.title === undefined) {
      context.addIssue({ code: 'custom', path: ['title'], message: 'a text template needs a title' });
    }
  });
export type NewAgreementTemplate = z.infer<typeof newAgreementTemplate>;

export const templatePage = z.object({
  pageNo: z.number().int(),
  fileId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
});

export const agreementTemplate = z.object({
  id: z.number().int(),
  agreementName: z.string(),
  version: z.number().int(),
  /** The newest version of its name: new agreements use it. */
  current: z.boolean(),
  kind: z.enum(['images', 'pdf', 'text']),
  title: z.string().nullable(),
  body: z.string().nullable(),
  signatureBox,
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  pages: z.array(templatePage),
});
export type AgreementTemplate = z.infer<typeof agreementTemplate>;

// ---- Agreements (staff) ----

/** A mainland mobile number (11 digits from 13…) or an international one in E.164 form (+…). */
export const MOBILE_PATTERN = /^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/;

export const newAgreement = z
  .object({
    customerId: recordId,
    agreementName: agreementNameSchema,
    expiresInDays: z.number().int().min(1).max(SIGN_LINK_MAX_TTL_DAYS).optional(),
    /** Who signs: the one-time code goes to this mobile number. */
    signerName: z.string().trim().min(1).max(100),
    signerMobile: z.string().trim().regex(MOBILE_PATTERN),
    signerEmail: z.email().max(200).optional(),
    /** Merge values of a text template; ignored by image and PDF templates. */
    serviceName: z.string().trim().max(100).optional(),
    price: z.string().trim().max(50).optional(),
  })
  .strict();
export type NewAgreement = z.infer<typeof newAgreement>;

export const createdAgreement = z.object({
  id: z.number().int(),
  code: z.string(),
  /** `/sign?code=…`, relative to the site. */
  url: z.string(),
  expiresAt: z.string(),
});

export const AGREEMENT_SORTS = ['createdAt', 'readAt', 'signedAt', 'expiresAt'] as const;
export const agreementListQuery = listQuery(AGREEMENT_SORTS, 'createdAt').extend({
  status: z.enum(['0', '1', '2']).optional(),
  agreementName: agreementNameSchema.optional(),
  customerId: recordIdParam.optional(),
});
export type AgreementListQuery = z.infer<typeof agreementListQuery>;

/** Signing links in bulk: send the link again to each signer's mobile, or revoke the links. */
export const AGREEMENT_BULK_ACTIONS = ['resend', 'revoke'] as const;
export const agreementBulk = bulkBody({ action: z.enum(AGREEMENT_BULK_ACTIONS) });
export type AgreementBulk = z.infer<typeof agreementBulk>;

export const agreementRow = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  agreementName: z.string(),
  templateVersion: z.number().int(),
  status: z.number().int(),
  url: z.string(),
  expiresAt: z.string(),
  /** The link's time is up (a signed agreement keeps its record; only the link stops working). */
  expired: z.boolean(),
  revoked: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  openedAt: z.string().nullable(),
  readAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  /** Five wrong codes locked the link; staff reissue it. */
  identityLocked: z.boolean(),
});
export type AgreementRow = z.infer<typeof agreementRow>;

export const agreementAuditEntry = auditEntry;

export const agreementDetail = agreementRow.extend({
  templateId: z.number().int(),
  revokedAt: z.string().nullable(),
  signerIp: z.string().nullable(),
  signerUserAgent: z.string().nullable(),
  pages: z.array(templatePage),
  signatureBox,
  /** Staff-only file urls (`/api/files/:id`) and the SHA-256 of each stored artefact. */
  signatureUrl: z.string().nullable(),
  signatureSha256: z.string().nullable(),
  signedImageUrl: z.string().nullable(),
  signedImageSha256: z.string().nullable(),
  signedPdfUrl: z.string().nullable(),
  /** SHA-256 of the whole signed PDF file as stored: compare with `sha256sum` of a downloaded copy. */
  signedPdfSha256: z.string().nullable(),
  signerMobile: z.string().nullable(),
  signerEmail: z.string().nullable(),
  /** The signer's identity check: code sent and confirmed, wrong codes so far, consent given. */
  identity: z.object({
    codeSentAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    failures: z.number().int(),
    lockedAt: z.string().nullable(),
    consentVersion: z.string().nullable(),
    consentText: z.string().nullable(),
    consentAt: z.string().nullable(),
  }),
  audit: z.array(agreementAuditEntry),
});
export type AgreementDetail = z.infer<typeof agreementDetail>;

export const revokeAgreementBody = z
  .object({ reason: z.string().trim().max(500).optional() })
  .strict()
  .optional();
