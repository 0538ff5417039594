import {
  type AdditionalRule,
  type AdminPatentRow,
  type ApplyCapacity,
  type AttachedFile,
  type FilingReceiptRecord,
  type OfficeActionRecord,
  type PatentRow,
  patentStatusLabel,
  type RegistrationRecord,
  type UsFilingRecords,
} from '@kxt/contracts/patents';
import type { Selectable } from 'kysely';
import type {
  PatentAdditionalRulesTable,
  PatentMaterialsTable,
  PatentOfficeActionsTable,
} from '../../db/schema.ts';
import { renewalOf } from '../deadlines/patent-renewal.ts';
import { fileUrl } from '../files/service.ts';
import type { PatentOrderJoined } from './repository.ts';

/** How the US filing is kept: its two records, and whether they were submitted (1) or only saved (0). */
export interface StoredUsFiling {
  type: 0 | 1;
  records: UsFilingRecords;
}

export type RuleRow = Selectable<PatentAdditionalRulesTable>;
export type OfficeActionRow = Selectable<PatentOfficeActionsTable>;
export type MaterialsRow = Selectable<PatentMaterialsTable>;

/** Who reads the row: a customer never sees what staff only saved (type 0 records). */
export type Audience = 'customer' | 'staff';

export interface RowExtras {
  officeAction?: OfficeActionRow;
  materials?: MaterialsRow;
  rules: RuleRow[];
}

const parse = <T>(json: string | null): T | null => (json ? (JSON.parse(json) as T) : null);

/** Whether the reader reads English (`en-US`, `en`); everyone else reads Chinese. */
export const readsEnglish = (language: string) => language.startsWith('en');

/** The English text for an English reader when there is one, else the Chinese. */
export const inLanguage = (language: string, zh: string, en: string) =>
  readsEnglish(language) && en ? en : zh;

/**
 * The additional rules an order's materials form shows, in the reader's language: those of the newest version that
 * has any rule for the order's patent type and country (a rule without a type or country applies to all).
 */
export function rulesFor(
  rules: RuleRow[],
  patentType: number,
  countryId: number,
  language: string,
): AdditionalRule[] {
  const applicable = rules.filter(
    (rule) =>
      (rule.patent_type === null || rule.patent_type === patentType) &&
      (rule.country_id === null || rule.country_id === countryId),
  );
  const version = Math.max(0, ...applicable.map((rule) => rule.version));
  return applicable
    .filter((rule) => rule.version === version)
    .map((rule) => ({
      version: rule.version,
      title: inLanguage(language, rule.title, rule.title_en),
      content: inLanguage(language, rule.content, rule.content_en),
    }));
}

export function toOfficeActionRecord(row: OfficeActionRow): OfficeActionRecord {
  return {
    id: row.id,
    fileExists: row.file_exists,
    issuanceTime: row.issuance_time,
    oaAbortAnswerTime: row.oa_abort_answer_time,
    oaFileUrl: row.oa_file_id ? fileUrl(row.oa_file_id) : null,
    ascertainmentFileUrl: row.ascertainment_file_id ? fileUrl(row.ascertainment_file_id) : null,
    createdAt: row.created_at,
  };
}

/** 0 not filed, 1 filed (the filing receipt is in), 2 registered (certificate issued or Japan's 設定登録). */
function registerStatus(order: PatentOrderJoined): number {
  if (order.status === 11 || order.status === 20) return 2;
  return order.reference_number ? 1 : 0;
}

export function toPatentRow(
  order: PatentOrderJoined,
  extras: RowExtras,
  language: string,
  audience: Audience,
): PatentRow {
  const submittedOnly = <T extends { type: 0 | 1 }>(record: T | null) =>
    audience === 'customer' && record?.type !== 1 ? null : record;
  const usFiling = submittedOnly(parse<StoredUsFiling>(order.us_filing));
  const certificateFiles = parse<AttachedFile[]>(order.certificate_files);
  const submitted = extras.materials?.submitted ? JSON.parse(extras.materials.submitted) : null;
  const renewal = renewalOf(order, new Date());
  return {
    id: order.id,
    serviceCode: order.service_code,
    serviceId: order.service_id,
    orderNo: order.order_no,
    parentOrderNo: order.parent_order_no,
    countryId: order.country_id,
    countryName: readsEnglish(language) ? order.country_name_en : order.country_name_zh,
    countryCode: order.country_code,
    serviceName: inLanguage(language, order.service_name, order.service_name_en),
    applyName: order.apply_name as ApplyCapacity,
    applyTitle: order.apply_title,
    inventorName: order.inventor_name,
    patentType: order.patent_type,
    productId: order.product_id,
    productCode: order.product_code,
    productName: order.product_name,
    patentNumber: order.patent_number,
    registerStatus: registerStatus(order),
    referenceNumber: order.reference_number,
    registrationNumber: order.registration_number,
    createDate: order.created_at,
    submissionTime: order.submission_time,
    auditTime: order.audit_time,
    rejectionTime: order.rejection_time,
    oaAbortAnswerTime: order.oa_abort_answer_time,
    renewalTime: 'dueOn' in renewal ? renewal.dueOn : null,
    renewalMissing: 'missing' in renewal ? renewal.missing : null,
    brandOathTime: order.brand_oath_time,
    status: order.status,
    statusName: patentStatusLabel(order.status, language),
    brandDataInfo: submittedOnly(parse<FilingReceiptRecord>(order.filing_receipt)),
    usFilingInfo: usFiling?.records ?? null,
    patentDataInfo:
      order.certificate_time && certificateFiles
        ? { certificateTime: order.certificate_time, certificateFiles }
        : null,
    brandRegisterDataInfo: submittedOnly(parse<RegistrationRecord>(order.registration)),
    oaDataInfo: extras.officeAction ? toOfficeActionRecord(extras.officeAction) : null,
    orderDataInfo: {
      isAuthorizationAmout: order.authorization_amount,
      currency: order.currency,
      isSpeed: order.is_speed === 1,
      expeditedNoticeFiles: JSON.parse(order.expedited_notice_files) as AttachedFile[],
    },
    dataInfo: submitted ? { patentInfo: submitted } : null,
    answerDataUrl: order.answer_file_id ? fileUrl(order.answer_file_id) : null,
    recheckReceipt: order.recheck_receipt_file_id ? fileUrl(order.recheck_receipt_file_id) : null,
    recheckReceiptTime: order.recheck_receipt_time,
    additionalRulesInfo: rulesFor(extras.rules, order.patent_type, order.country_id, language),
    fileDataPathContent: order.file_data_path_content,
    saleYear: order.sale_year,
    isSpanishTaxCode: order.is_spanish_tax_code === 1,
  };
}

export function toAdminPatentRow(
  order: PatentOrderJoined,
  extras: RowExtras,
  language: string,
): AdminPatentRow {
  return {
    ...toPatentRow(order, extras, language, 'staff'),
    customerId: order.customer_id,
    customerName: order.customer_name,
  };
}
