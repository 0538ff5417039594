import { z } from 'zod';
import { auditEntry } from './audit.ts';
import { recordId, recordIdParam } from './ids.ts';
import { KEYWORD_MAX, MAX_PAGE_SIZE } from './paging.ts';

/**
 * Patent registration orders (spec §2.4, §3, §4 "Patent statuses"). The codes are the spec's; the meaning of each
 * is ours, drawn as a diagram in docs/patent-flow.md. Server and web both read this file: the server to refuse
 * anything outside the transition table (409), the web to show the actions of each row.
 */
export const PATENT_STATUS = {
  pendingMaterials: 1,
  materialsRejected: -1,
  materialsInReview: 2,
  filing: 3,
  accepted: 4,
  officeAction: 5,
  replyRejected: -2,
  replyUploaded: 6,
  replyFiled: 7,
  examination: 8,
  allowed: 9,
  awaitingCertificate: 10,
  certified: 11,
  feePayable: 12,
  /** Japan only (country id 42): registration fee paid, waiting for the JPO's 設定登録. */
  jpFeePaid: 19,
  /** Japan only (country id 42): registered (設定登録), the certificate is on its way. */
  jpRegistered: 20,
  cancelled: -3,
  refunded: -6,
  closed: -7,
} as const;
export type PatentStatusName = keyof typeof PATENT_STATUS;
export type PatentStatus = (typeof PATENT_STATUS)[PatentStatusName];
export const PATENT_STATUSES = Object.values(PATENT_STATUS) as PatentStatus[];
export const patentStatusSchema = z.coerce
  .number()
  .int()
  .refine((value) => (PATENT_STATUSES as number[]).includes(value), { message: 'unknown status' })
  .transform((value) => value as PatentStatus);

/**
 * Labels of every status in both languages. They live here rather than in the locale files because the server
 * sends `statusName` in the list answer and the back office and portal show the same words.
 */
export const PATENT_STATUS_LABELS: Record<PatentStatus, { 'zh-CN': string; 'en-US': string }> = {
  1: { 'zh-CN': '待上传资料', 'en-US': 'Materials to upload' },
  [-1]: { 'zh-CN': '资料驳回', 'en-US': 'Materials rejected' },
  2: { 'zh-CN': '资料审核中', 'en-US': 'Materials in review' },
  3: { 'zh-CN': '递交中', 'en-US': 'Filing' },
  4: { 'zh-CN': '已受理', 'en-US': 'Accepted' },
  5: { 'zh-CN': 'OA待答复', 'en-US': 'Office action to answer' },
  [-2]: { 'zh-CN': '答复驳回', 'en-US': 'Reply rejected' },
  6: { 'zh-CN': '答复已上传', 'en-US': 'Reply uploaded' },
  7: { 'zh-CN': '答复已递交', 'en-US': 'Reply filed' },
  8: { 'zh-CN': '实质审查中', 'en-US': 'In examination' },
  9: { 'zh-CN': '审查通过', 'en-US': 'Allowed' },
  10: { 'zh-CN': '待下证', 'en-US': 'Awaiting certificate' },
  11: { 'zh-CN': '已下证', 'en-US': 'Certificate issued' },
  12: { 'zh-CN': '待缴授权费', 'en-US': 'Authorization fee due' },
  19: { 'zh-CN': '登录费已缴', 'en-US': 'Registration fee paid' },
  20: { 'zh-CN': '已设定登录', 'en-US': 'Registered' },
  [-3]: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
  [-6]: { 'zh-CN': '已退款', 'en-US': 'Refunded' },
  [-7]: { 'zh-CN': '已关闭', 'en-US': 'Closed' },
};

export function patentStatusLabel(status: number, language: string): string {
  const labels = PATENT_STATUS_LABELS[status as PatentStatus];
  if (!labels) return String(status);
  return language.startsWith('en') ? labels['en-US'] : labels['zh-CN'];
}

/** The market whose orders pass through 19 and 20 (Japan: registration fee, then 設定登録). */
export const AUTHORIZATION_VARIANT_COUNTRY_ID = 42;
export const AUTHORIZATION_VARIANT_STATUSES: readonly PatentStatus[] = [19, 20];
/** States the customer's status tabs never show (the rows stay under 全部). */
export const HIDDEN_FROM_CUSTOMER_TABS: readonly PatentStatus[] = [-3, -6, -7];
/** Final states: nothing moves an order out of them. */
export const FINAL_PATENT_STATUSES: readonly PatentStatus[] = [11, -3, -6, -7];
/** Final states that end an order without its certificate: cancelled, refunded, closed. */
export const ENDED_PATENT_STATUSES: readonly PatentStatus[] = [-3, -6, -7];

/** The customer's status tabs in order; 19 and 20 only when the country filter is 42. */
export function customerStatusTabs(countryId?: number): PatentStatus[] {
  return PATENT_STATUSES.filter(
    (status) =>
      !HIDDEN_FROM_CUSTOMER_TABS.includes(status) &&
      (countryId === AUTHORIZATION_VARIANT_COUNTRY_ID || !AUTHORIZATION_VARIANT_STATUSES.includes(status)),
  );
}

// ---- Transitions ----

export type PatentActor = 'customer' | 'reviewer' | 'admin' | 'payment';

/** Every move an order can make, who makes it, and whether a reason is required. Anything else is a 409. */
export const PATENT_TRANSITIONS = {
  submitMaterials: { from: [1, -1], to: 2, by: ['customer'] },
  approveMaterials: { from: [2], to: 3, by: ['reviewer', 'admin'] },
  rejectMaterials: { from: [2], to: -1, by: ['reviewer', 'admin'], reason: true },
  /** Dialog type 1 submit (or the US two-record filing, dialog type 7). */
  submitFiling: { from: [3], to: 4, by: ['reviewer', 'admin'] },
  /** Dialog type 5. */
  enterOfficeAction: { from: [4, 7, 8], to: 5, by: ['reviewer', 'admin'] },
  uploadReply: { from: [5, -2], to: 6, by: ['customer'] },
  acceptReply: { from: [6], to: 7, by: ['reviewer', 'admin'] },
  rejectReply: { from: [6], to: -2, by: ['reviewer', 'admin'], reason: true },
  /** The office's examination receipt (review receipt: date and pdf). */
  enterReviewReceipt: { from: [4, 7], to: 8, by: ['reviewer', 'admin'] },
  allow: { from: [4, 7, 8], to: 9, by: ['reviewer', 'admin'] },
  /** Sets `isAuthorizationAmout`: the customer then pays it. */
  setAuthorizationFee: { from: [9], to: 12, by: ['reviewer', 'admin'] },
  /** Offices that grant without a separate fee. */
  waiveAuthorizationFee: { from: [9], to: 10, by: ['reviewer', 'admin'] },
  /** A paid fee (payments module); Japan goes to 19 instead (see nextAfterFee). */
  payAuthorizationFee: { from: [12], to: 10, by: ['payment'] },
  /** Japan: the JPO has registered the design (設定登録). */
  registerJapan: { from: [19], to: 20, by: ['reviewer', 'admin'] },
  /** Dialog types 3/4 submit (registration info) with the certificate, or dialog type 11. */
  issueCertificate: { from: [10, 20], to: 11, by: ['reviewer', 'admin'] },
  cancel: { from: [1, -1, 2, 3], to: -3, by: ['admin'], reason: true },
  /**
   * By the admin on the order, or by the payments module when finance records the refund of its payment (the
   * purchase, or the authorization fee: hence 10 and 19, where a paid fee leads).
   */
  refund: {
    from: [1, -1, 2, 3, 4, 5, -2, 6, 7, 8, 9, 12, 10, 19],
    to: -6,
    by: ['admin', 'payment'],
    reason: true,
  },
  close: { from: [1, -1, 2, 3, 4, 5, -2, 6, 7, 8, 9, 10, 12, 19, 20], to: -7, by: ['admin'], reason: true },
} as const satisfies Record<
  string,
  { from: readonly PatentStatus[]; to: PatentStatus; by: readonly PatentActor[]; reason?: boolean }
>;
export type PatentTransition = keyof typeof PATENT_TRANSITIONS;

/** Where a transition leads for an order in a country: a paid fee in Japan leads to 19. */
export function transitionTarget(transition: PatentTransition, countryId: number): PatentStatus {
  if (transition === 'payAuthorizationFee' && countryId === AUTHORIZATION_VARIANT_COUNTRY_ID) return 19;
  return PATENT_TRANSITIONS[transition].to;
}

export function canTransition(transition: PatentTransition, from: number, actor: PatentActor): boolean {
  const rule = PATENT_TRANSITIONS[transition];
  return (
    (rule.from as readonly number[]).includes(from) && (rule.by as readonly PatentActor[]).includes(actor)
  );
}

// ---- Actions by status (spec §4), written once ----

export type PatentAction =
  | 'uploadMaterials'
  | 'reuploadMaterials'
  | 'viewMaterials'
  | 'viewPatentInfo'
  | 'viewFilingReceipt'
  | 'viewReplyRejection'
  | 'payAuthorizationFee'
  | 'viewOfficeAction'
  | 'uploadReplyPackage'
  | 'reuploadReplyPackage'
  | 'downloadReplyPackage'
  | 'viewReviewReceipt'
  | 'viewCertificate'
  | 'viewRegistrationInfo'
  | 'viewRejectionReasons'
  | 'viewExpeditedNotice';

/** What an action needs besides the status. */
export type PatentActionCondition = 'brandData' | 'oaData' | 'replyPackage' | 'reviewReceipt' | 'usSpeed';

export interface PatentActionRule {
  action: PatentAction;
  /** The action shows at these statuses… */
  statuses?: readonly PatentStatus[];
  /** …or at every status except these. */
  exceptStatuses?: readonly PatentStatus[];
  requires?: PatentActionCondition;
}

export const PATENT_ACTION_RULES: readonly PatentActionRule[] = [
  { action: 'uploadMaterials', statuses: [1] },
  { action: 'reuploadMaterials', statuses: [-1] },
  { action: 'viewMaterials', exceptStatuses: [1, -1] },
  { action: 'viewPatentInfo', exceptStatuses: [1, 2, 3, -1, -6, -7], requires: 'brandData' },
  { action: 'viewFilingReceipt', statuses: [4, 5, 6, 7, 8, 12, 19, 20, 10, 11] },
  { action: 'viewReplyRejection', statuses: [-2] },
  { action: 'payAuthorizationFee', statuses: [12] },
  { action: 'viewOfficeAction', exceptStatuses: [1, 2, 3, 4, -1, -6, -7], requires: 'oaData' },
  { action: 'uploadReplyPackage', statuses: [5] },
  { action: 'reuploadReplyPackage', statuses: [-2], requires: 'replyPackage' },
  { action: 'downloadReplyPackage', statuses: [6, 7, 8, 9, 10, 11, 12, 19, 20] },
  { action: 'viewReviewReceipt', statuses: [8, 9, 10, 11, 12, 19, 20], requires: 'reviewReceipt' },
  { action: 'viewCertificate', statuses: [11] },
  { action: 'viewRegistrationInfo', statuses: [11] },
  { action: 'viewRejectionReasons', statuses: [-1] },
  { action: 'viewExpeditedNotice', statuses: [4, 12, 19, 20, 10, 11], requires: 'usSpeed' },
];

/** The facts of a row the action rules read. */
export interface PatentActionFacts {
  status: number;
  countryCode: string;
  brandDataInfo: unknown;
  oaDataInfo: unknown;
  answerDataUrl: string | null;
  recheckReceipt: string | null;
  orderDataInfo: { isSpeed: boolean };
}

function conditionHolds(condition: PatentActionCondition, row: PatentActionFacts): boolean {
  switch (condition) {
    case 'brandData':
      return row.brandDataInfo != null;
    case 'oaData':
      return row.oaDataInfo != null;
    case 'replyPackage':
      return Boolean(row.answerDataUrl);
    case 'reviewReceipt':
      return Boolean(row.recheckReceipt);
    case 'usSpeed':
      return row.countryCode === 'US' && row.orderDataInfo.isSpeed;
  }
}

/**
 * The actions a customer reaches for first at each status (the step to take, then the record the status is about);
 * the list shows them first and the rest keep the order of PATENT_ACTION_RULES, so the ones a row shows inline are
 * the useful ones and the others go under 更多.
 */
export const PATENT_ACTION_PRIORITY: Partial<Record<PatentStatus, readonly PatentAction[]>> = {
  1: ['uploadMaterials'],
  [-1]: ['reuploadMaterials', 'viewRejectionReasons'],
  2: ['viewMaterials'],
  3: ['viewMaterials'],
  4: ['viewFilingReceipt', 'viewExpeditedNotice'],
  5: ['uploadReplyPackage', 'viewOfficeAction'],
  [-2]: ['reuploadReplyPackage', 'viewReplyRejection', 'viewOfficeAction'],
  6: ['downloadReplyPackage', 'viewOfficeAction'],
  7: ['downloadReplyPackage', 'viewOfficeAction'],
  8: ['viewReviewReceipt', 'viewOfficeAction'],
  9: ['viewReviewReceipt', 'viewPatentInfo'],
  10: ['viewPatentInfo', 'viewFilingReceipt'],
  11: ['viewCertificate', 'viewRegistrationInfo'],
  12: ['payAuthorizationFee', 'viewReviewReceipt'],
  19: ['viewPatentInfo', 'viewFilingReceipt'],
  20: ['viewPatentInfo', 'viewFilingReceipt'],
};

/** The customer's actions on a row: the status's first choices (PATENT_ACTION_PRIORITY), then the rules' order. */
export function patentActions(row: PatentActionFacts): PatentAction[] {
  const status = row.status as PatentStatus;
  const shown = PATENT_ACTION_RULES.filter(
    (rule) =>
      (rule.statuses ? rule.statuses.includes(status) : !rule.exceptStatuses?.includes(status)) &&
      (!rule.requires || conditionHolds(rule.requires, row)),
  ).map((rule) => rule.action);
  const first = (PATENT_ACTION_PRIORITY[status] ?? []).filter((action) => shown.includes(action));
  return [...first, ...shown.filter((action) => !first.includes(action))];
}

// ---- Reference values ----

/** Patent types (spec §2.4): 1 appearance (design), 2 invention, 3 utility model. */
export const PATENT_TYPES = [1, 2, 3] as const;
export type PatentType = (typeof PATENT_TYPES)[number];
export const patentTypeSchema = z.coerce
  .number()
  .int()
  .refine((value) => (PATENT_TYPES as readonly number[]).includes(value))
  .transform((value) => value as PatentType);

/** The applicant capacity dictionary (`applyName`). Labels come from the locale files (`patent.applyName.*`). */
export const APPLY_CAPACITIES = ['enterprise', 'individual', 'soleProprietor'] as const;
export const applyCapacitySchema = z.enum(APPLY_CAPACITIES);
export type ApplyCapacity = z.infer<typeof applyCapacitySchema>;

/** The only type tab (`t`): patent registration. */
export const PATENT_TYPE_TABS = [1] as const;
/** Status badges show 9+ above this unless the page passes `maxBadge`. */
export const STATUS_BADGE_MAX = 9;
/** Reply packages (spec §5): zip or rar, at most 5120 KB (the `reply-package` file purpose enforces it). */
export const REPLY_PACKAGE_MAX_KB = 5120;
/** Local cache keys of the materials form (spec §2.4: parameters and additional rules are kept locally). */
export const MATERIALS_FORM_CACHE_KEY = 'kxt.patent.materialsForm';
export const ADDITIONAL_RULES_CACHE_KEY = 'kxt.patent.additionalRules';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'yyyy-MM-dd' });
const fileUrl = z
  .string()
  .trim()
  .regex(/^\/api\/files\/[0-9a-f-]{36}$/, { message: 'an uploaded file' });
/** A file attached to an order: uploaded first with `POST /api/files?purpose=…`, then referenced by url. */
export const attachedFile = z.object({ name: z.string().trim().min(1).max(200), url: fileUrl });
export type AttachedFile = z.infer<typeof attachedFile>;
const fileList = (max: number) => z.array(attachedFile).max(max);

// ---- Records (spec §3) ----

export const filingReceiptRecord = z.object({
  dataId: z.number().int().nullable(),
  referenceNumber: z.string().nullable(),
  agent: z.string().nullable(),
  acceptTime: z.string().nullable(),
  acceptReceiptFiles: z.array(attachedFile),
  /** 0 saved (a draft), 1 submitted. */
  type: z.union([z.literal(0), z.literal(1)]),
});
export type FilingReceiptRecord = z.infer<typeof filingReceiptRecord>;

/** US filings have two records: the filing receipt, and the agent's notice (spec §3 "US filing"). */
export const usFilingRecords = z.tuple([
  z.object({ referenceNumber: z.string(), acceptTime: z.string(), receiptFiles: z.array(attachedFile) }),
  z.object({ agent: z.string(), acceptTime: z.string(), noticeFiles: z.array(attachedFile) }),
]);
export type UsFilingRecords = z.infer<typeof usFilingRecords>;

export const registrationRecord = z.object({
  dataId: z.number().int().nullable(),
  registrationNumber: z.string().nullable(),
  brandRegisterTime: z.string().nullable(),
  /** 'start/end' (spec §3). */
  brandOathTime: z.string().nullable(),
  brandRegisterFiles: z.array(attachedFile),
  type: z.union([z.literal(0), z.literal(1)]),
});
export type RegistrationRecord = z.infer<typeof registrationRecord>;

export const officeActionRecord = z.object({
  id: z.number().int(),
  /** 1 the office's letter exists, 0 it does not (an ascertainment file stands in). */
  fileExists: z.union([z.literal(0), z.literal(1)]),
  issuanceTime: z.string().nullable(),
  oaAbortAnswerTime: z.string().nullable(),
  oaFileUrl: z.string().nullable(),
  ascertainmentFileUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type OfficeActionRecord = z.infer<typeof officeActionRecord>;

export const rejectReason = z.object({
  id: z.number().int(),
  createTime: z.string(),
  /** The reviewer's account. */
  operator: z.string(),
  content: z.string(),
  /** The status the rejection led to: -1 materials, -2 reply package. */
  status: z.number().int(),
});
export type RejectReason = z.infer<typeof rejectReason>;

export const additionalRule = z.object({ version: z.number().int(), title: z.string(), content: z.string() });
export type AdditionalRule = z.infer<typeof additionalRule>;

// ---- Materials (the /form/submit form) ----

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const materialsApplicant = z.object({
  kind: z.enum(['company', 'individual']),
  nameCn: requiredText(200),
  nameEn: requiredText(200),
  addressCn: requiredText(500),
  addressEn: requiredText(500),
  /** Company registration number or personal ID number. */
  idNumber: requiredText(50),
  contactEmail: z.email().max(200).optional(),
});

export const materialsInventor = z.object({
  nameCn: requiredText(100),
  nameEn: requiredText(100),
  nationality: optionalText(50),
});

export const materialsPicture = z.object({ url: fileUrl, alias: requiredText(50) });

/**
 * Registration materials as submitted. Design patents need series pictures (views of the product); inventions and
 * utility models need a specification; every type may add drawings.
 */
export const patentMaterials = z
  .object({
    applicant: materialsApplicant,
    inventors: z.array(materialsInventor).min(1).max(20),
    productNameInfo: z.object({
      productNameCN: requiredText(200),
      productNameEN: requiredText(200),
      /** Locarno class for designs (e.g. 14-03), IPC-like free text for the others. */
      productClassify: requiredText(50),
    }),
    productSeriesInfo: z.object({ pictureInfoList: z.array(materialsPicture).max(30) }),
    drawings: fileList(30),
    specification: fileList(5),
    remark: optionalText(2000),
  })
  .strict();
export type PatentMaterials = z.infer<typeof patentMaterials>;

/** A saved draft: any part may be missing or incomplete; only types and lengths are checked. */
export const patentMaterialsDraft = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 100_000, { message: 'too large' });

/** The rules a submission must meet beyond its shape, per patent type. Returns the failing paths. */
export function materialsGaps(materials: PatentMaterials, patentType: PatentType): string[] {
  const gaps: string[] = [];
  if (patentType === 1 && materials.productSeriesInfo.pictureInfoList.length === 0) {
    gaps.push('productSeriesInfo.pictureInfoList');
  }
  if (patentType !== 1 && materials.specification.length === 0) gaps.push('specification');
  return gaps;
}

export const saveMaterialsBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal(0), materials: patentMaterialsDraft }).strict(),
  z.object({ type: z.literal(1), materials: patentMaterials }).strict(),
]);
export type SaveMaterialsBody = z.infer<typeof saveMaterialsBody>;

/**
 * What the materials form starts the applicant with when nothing is saved for it: the customer's company record
 * (name, contact email) and what the customer last submitted for the same company (English name, addresses,
 * registration number). Only suggestions: every field stays editable and is checked on submit as usual.
 */
export const applicantDefaults = z.object({
  kind: z.enum(['company', 'individual']).optional(),
  nameCn: z.string().optional(),
  nameEn: z.string().optional(),
  addressCn: z.string().optional(),
  addressEn: z.string().optional(),
  idNumber: z.string().optional(),
  contactEmail: z.string().optional(),
});
export type ApplicantDefaults = z.infer<typeof applicantDefaults>;

export const materialsAnswer = z.object({
  /** The order's id (`PatentRow.id`), the one the form posts to. */
  serviceId: z.number().int(),
  serviceCode: z.string(),
  status: z.number().int(),
  patentType: z.number().int(),
  countryCode: z.string(),
  /**
   * For the customer: the draft saved since the last submission (a submission clears it), else the last submitted
   * materials, else null; so a re-upload after a rejection keeps the earlier data and the edits since. For staff:
   * the submission first.
   */
  materials: z.record(z.string(), z.unknown()).nullable(),
  draftSavedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  additionalRulesInfo: z.array(additionalRule),
  /** Reasons of earlier rejections, newest first (shown on a re-upload). */
  rejectReasons: z.array(rejectReason),
  /** The applicant's starting values from the customer's company (see `applicantDefaults`). */
  applicantDefaults,
});
export type MaterialsAnswer = z.infer<typeof materialsAnswer>;

// ---- The order row (spec §3 "Patent service row") ----

export const patentRow = z.object({
  id: z.number().int(),
  serviceCode: z.string(),
  serviceId: z.number().int(),
  orderNo: z.string(),
  parentOrderNo: z.string(),
  countryId: z.number().int(),
  countryName: z.string(),
  countryCode: z.string(),
  serviceName: z.string(),
  applyName: applyCapacitySchema,
  /** The applicant's name. */
  applyTitle: z.string(),
  inventorName: z.string().nullable(),
  patentType: z.number().int(),
  productId: z.number().int().nullable(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  /** How many patents the order covers. */
  patentNumber: z.number().int(),
  /** 0 not filed, 1 filed, 2 registered. */
  registerStatus: z.number().int(),
  referenceNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  createDate: z.string(),
  submissionTime: z.string().nullable(),
  auditTime: z.string().nullable(),
  rejectionTime: z.string().nullable(),
  oaAbortAnswerTime: z.string().nullable(),
  /** The patent's renewal (annuity) date once granted. */
  renewalTime: z.string().nullable(),
  /** Why there is no renewal date (shown as a tooltip on "—"); null when there is one. */
  renewalMissing: z.enum(['unknownCountry', 'notFiled', 'noRenewals', 'termEnded', 'notGranted']).nullable(),
  brandOathTime: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
  brandDataInfo: filingReceiptRecord.nullable(),
  usFilingInfo: usFilingRecords.nullable(),
  patentDataInfo: z
    .object({ certificateTime: z.string(), certificateFiles: z.array(attachedFile) })
    .nullable(),
  brandRegisterDataInfo: registrationRecord.nullable(),
  oaDataInfo: officeActionRecord.nullable(),
  orderDataInfo: z.object({
    /** The authorization fee in integer fen once set (status 12), else null. Spelling as the spec's. */
    isAuthorizationAmout: z.number().int().nullable(),
    currency: z.string(),
    isSpeed: z.boolean(),
    expeditedNoticeFiles: z.array(attachedFile),
  }),
  dataInfo: z.record(z.string(), z.unknown()).nullable(),
  answerDataUrl: z.string().nullable(),
  recheckReceipt: z.string().nullable(),
  recheckReceiptTime: z.string().nullable(),
  additionalRulesInfo: z.array(additionalRule),
  fileDataPathContent: z.string().nullable(),
  saleYear: z.number().int().nullable(),
  isSpanishTaxCode: z.boolean(),
});
export type PatentRow = z.infer<typeof patentRow>;

export const adminPatentRow = patentRow.extend({ customerId: z.number().int(), customerName: z.string() });
export type AdminPatentRow = z.infer<typeof adminPatentRow>;

// ---- Calls (spec §7 "Patent portal") ----

const commaStatuses = z
  .string()
  .trim()
  .max(200)
  .transform((value, ctx) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const numbers = parts.map(Number);
    if (numbers.some((n) => !(PATENT_STATUSES as number[]).includes(n))) {
      ctx.addIssue({ code: 'custom', message: 'unknown status' });
      return z.NEVER;
    }
    return numbers as PatentStatus[];
  });

/** `GET /api/patent/services` (the customer's own orders). */
export const patentListQuery = z.object({
  statusList: commaStatuses.optional(),
  status: patentStatusSchema.optional(),
  countryId: recordIdParam.optional(),
  applyName: applyCapacitySchema.optional(),
  searchValue: z
    .string()
    .trim()
    .max(KEYWORD_MAX)
    .optional()
    .transform((value) => value || undefined),
  serviceCode: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => (value && value !== 'null' ? value : undefined)),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});
export type PatentListQuery = z.infer<typeof patentListQuery>;

/** `GET /api/admin/patents`: the customer's filters, plus the customer. */
export const adminPatentListQuery = patentListQuery.extend({
  customerId: recordIdParam.optional(),
});
export type AdminPatentListQuery = z.infer<typeof adminPatentListQuery>;

/** Count per status tab; `status` null is 全部. */
export const patentStatusCount = z.object({
  statusName: z.string(),
  status: z.number().int().nullable(),
  count: z.number().int(),
});
export type PatentStatusCount = z.infer<typeof patentStatusCount>;

export function patentListEnvelope<T extends z.ZodType>(row: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    rows: z.array(row),
    total: z.number().int(),
    obj: z.array(patentStatusCount),
  });
}

/** `GET /api/patent/countries?type=2` → id → name. */
export const patentCountriesQuery = z.object({ type: z.literal('2').or(z.literal(2)).optional() });
export const patentCountries = z.record(z.string(), z.string());

/** `GET /api/patent/services/:id/reject-reasons?status=-1|-2`. */
export const rejectReasonsQuery = z.object({ status: z.coerce.number().int().optional() });

/** `GET /api/patent/services/:id/refund-check`. */
export const refundCheck = z.object({ refunded: z.boolean(), status: z.number().int() });

/** `POST /api/patent/services/:id/reply-package` (multipart `file`) → the order moves to 6. */
export const replyPackageAnswer = z.object({ answerDataUrl: z.string(), status: z.number().int() });

// ---- Reviewer bodies (`/api/admin/patents/:id/…`) ----

const reason = z.string().trim().min(1).max(1000);

export const reviewBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }).strict(),
  z.object({ decision: z.literal('reject'), reason }).strict(),
]);
export type ReviewBody = z.infer<typeof reviewBody>;

/** Dialog type 1: type 0 saves whatever is there; type 1 submits and needs every field (spec §5). */
export const filingReceiptBody = z
  .object({
    type: z.union([z.literal(0), z.literal(1)]),
    referenceNumber: z.string().trim().max(100).optional(),
    agent: z.string().trim().max(100).optional(),
    acceptTime: day.optional(),
    acceptReceiptFiles: fileList(10).optional(),
  })
  .strict();
export type FilingReceiptBody = z.infer<typeof filingReceiptBody>;
/** Required on submit, each with its message key `patent.validation.<field>`. */
export const FILING_RECEIPT_REQUIRED = [
  'referenceNumber',
  'agent',
  'acceptTime',
  'acceptReceiptFiles',
] as const;

/** Dialog type 7, US only: the two records of a US filing. */
export const usFilingBody = z
  .object({
    type: z.union([z.literal(0), z.literal(1)]),
    referenceNumber: z.string().trim().max(100).optional(),
    acceptTime: day.optional(),
    receiptFiles: fileList(10).optional(),
    agent: z.string().trim().max(100).optional(),
    noticeTime: day.optional(),
    noticeFiles: fileList(10).optional(),
  })
  .strict();
export type UsFilingBody = z.infer<typeof usFilingBody>;
export const US_FILING_REQUIRED = [
  'referenceNumber',
  'acceptTime',
  'receiptFiles',
  'agent',
  'noticeTime',
  'noticeFiles',
] as const;

/** Dialog types 3/4: registration info; submitting it with the certificate issues it (→ 11). */
export const registrationBody = z
  .object({
    type: z.union([z.literal(0), z.literal(1)]),
    registrationNumber: z.string().trim().max(100).optional(),
    brandRegisterTime: day.optional(),
    /** 'yyyy-MM-dd/yyyy-MM-dd'. */
    brandOathTime: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}$/)
      .optional(),
    brandRegisterFiles: fileList(10).optional(),
  })
  .strict();
export type RegistrationBody = z.infer<typeof registrationBody>;
/** brandOathTime is not required for US orders. */
export const REGISTRATION_REQUIRED = [
  'registrationNumber',
  'brandRegisterTime',
  'brandOathTime',
  'brandRegisterFiles',
] as const;

/** Dialog type 5 (spec §5 "OA"). */
export const officeActionBody = z.discriminatedUnion('fileExists', [
  z
    .object({
      fileExists: z.literal(1),
      issuanceTime: day,
      oaAbortAnswerTime: day,
      oaFileUrl: fileUrl,
    })
    .strict(),
  z
    .object({
      id: recordId.optional(),
      fileExists: z.literal(0),
      ascertainmentFileUrl: fileUrl,
    })
    .strict(),
]);
export type OfficeActionBody = z.infer<typeof officeActionBody>;

/** The office's examination receipt: date and pdf (spec §5). */
export const reviewReceiptBody = z.object({ recheckReceiptTime: day, recheckReceipt: fileUrl }).strict();
export const certificateBody = z
  .object({ certificateTime: day, certificateFiles: fileList(10).min(1), renewalTime: day.optional() })
  .strict();
export const authorizationFeeBody = z
  .object({ amount: z.number().int().positive().max(100_000_000), currency: z.literal('CNY').default('CNY') })
  .strict();
export const expeditedNoticeBody = z.object({ files: fileList(10).min(1) }).strict();
/** Moves without a form: allow, waive the fee, register (Japan), cancel, refund, close. */
export const transitionBody = z
  .object({
    transition: z.enum(['allow', 'waiveAuthorizationFee', 'registerJapan', 'cancel', 'refund', 'close']),
    reason: reason.optional(),
  })
  .strict();
export type TransitionBody = z.infer<typeof transitionBody>;

/**
 * Corrects the reply deadline of the order's office action at 5 (a wrong date was entered); the reason is required
 * and audited with the old and new date.
 */
export const officeActionDeadlineBody = z.object({ oaAbortAnswerTime: day, reason }).strict();
export type OfficeActionDeadlineBody = z.infer<typeof officeActionDeadlineBody>;

/** The audit trail of an order for the back office. */
export const patentHistoryEntry = auditEntry;

/**
 * What an order's audit rows record besides status moves (`patent.<transition>`): records saved without a move, the
 * order's opening, demo data. The back office labels each `patent.<name>` in both languages.
 */
export const PATENT_RECORD_ACTIONS = [
  'open',
  'demoSeed',
  'saveFilingReceipt',
  'saveUsFiling',
  'saveRegistration',
  'submitRegistration',
  'amendOfficeAction',
  'correctOfficeActionDeadline',
  'expeditedNotice',
] as const;
export type PatentRecordAction = (typeof PATENT_RECORD_ACTIONS)[number];

/** Every action name an order's audit trail can hold, without the `patent.` prefix. */
export const PATENT_AUDIT_ACTIONS: readonly (PatentTransition | PatentRecordAction)[] = [
  ...(Object.keys(PATENT_TRANSITIONS) as PatentTransition[]),
  ...PATENT_RECORD_ACTIONS,
];
