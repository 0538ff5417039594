import type {
  AttachedFile,
  FilingReceiptRecord,
  PatentMaterials,
  PatentStatus,
  RegistrationRecord,
} from '@kxt/contracts/patents';
import type { Insertable, Kysely } from 'kysely';
import type { DB, PatentOrdersTable } from '../../db/schema.ts';
import { utcDate } from '../../lib/list.ts';
import { DAY, isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import { storeGeneratedFile } from '../agreements/stored-files.ts';
import { fileUrl } from '../files/service.ts';
import type { FileStorage } from '../files/storage.ts';
import { demoPicturePng, letterPdf, zipOf } from './demo-files.ts';
import { DEMO_RULES, DEMO_SERVICE_NAMES } from './demo-texts.ts';
import type { StoredUsFiling } from './row.ts';

const US = 1;
const JP = 42;
const GB = 44;
const DE = 49;
const FR = 33;
const EM = 90;
const CA = 2;
const AU = 61;
const KR = 82;

interface PlannedOrder {
  status: PatentStatus;
  country: number;
  type: 1 | 2 | 3;
  speed?: boolean;
}

/**
 * One order in every status of the flow (19 and 20 in Japan), the hidden ones, and the extra cases the screens
 * need: a US order to file (two records), expedited US orders with their notices, a Japanese order whose paid fee
 * leads to 19.
 */
const PLAN: readonly PlannedOrder[] = [
  { status: 1, country: GB, type: 1 },
  { status: -1, country: DE, type: 1 },
  { status: 2, country: FR, type: 2 },
  { status: 3, country: EM, type: 1 },
  { status: 3, country: US, type: 1, speed: true },
  { status: 4, country: US, type: 1, speed: true },
  { status: 5, country: CA, type: 3 },
  { status: -2, country: AU, type: 1 },
  { status: 6, country: KR, type: 2 },
  { status: 7, country: GB, type: 3 },
  { status: 8, country: DE, type: 1 },
  { status: 9, country: US, type: 2 },
  { status: 10, country: US, type: 1, speed: true },
  { status: 11, country: US, type: 1, speed: true },
  { status: 12, country: US, type: 3, speed: true },
  { status: 12, country: JP, type: 1 },
  { status: 19, country: JP, type: 1 },
  { status: 20, country: JP, type: 2 },
  { status: -3, country: GB, type: 1 },
  { status: -6, country: FR, type: 1 },
  { status: -7, country: DE, type: 2 },
];

const FILED: readonly number[] = [4, 5, -2, 6, 7, 8, 9, 10, 11, 12, 19, 20, -6, -7];
const REVIEWED: readonly number[] = [3, ...FILED];
const WITH_OFFICE_ACTION: readonly number[] = [5, -2, 6, 7, 10];
/** Days until the OA reply deadline of orders whose reply is outstanding. */
const OA_DEADLINE_DAYS: Partial<Record<number, number>> = { 5: 12, [-2]: 40, 6: 5 };
const WITH_REPLY: readonly number[] = [-2, 6, 7, 10];
const WITH_REVIEW_RECEIPT: readonly number[] = [8, 9, 10, 11, 12, 19, 20];
const FEE_SET: readonly number[] = [12, 10, 19, 20, 11];
const REGISTERED: readonly number[] = [11, 20];
const EXPEDITED_NOTICE: readonly number[] = [4, 10, 11, 12];

const PRODUCTS = [
  { cn: '便携式蓝牙音箱', en: 'Portable Bluetooth speaker', classify: '14-01' },
  { cn: '折叠收纳箱', en: 'Folding storage box', classify: '09-03' },
  { cn: '宠物饮水机', en: 'Pet water fountain', classify: '30-99' },
  { cn: '硅胶手机壳', en: 'Silicone phone case', classify: '03-01' },
  { cn: 'LED 台灯', en: 'LED desk lamp', classify: '26-05' },
];

export interface DemoPatentCustomer {
  customerId: number;
  /** The customer's user: the uploader of their materials and reply packages. */
  userId: number;
  companyName: string;
  /** Short ASCII tag for service codes: C1, C2. */
  tag: string;
}

type Deps = { db: Kysely<DB>; storage: FileStorage };

async function demoFiles(deps: Deps, customer: DemoPatentCustomer) {
  const keep = async (name: string, purpose: string, mimeType: string, content: Uint8Array) => {
    const row = await storeGeneratedFile(deps, {
      purpose,
      name,
      mimeType,
      content,
      customerId: customer.customerId,
    });
    return { name, url: fileUrl(row.id), id: row.id };
  };
  const pdf = async (name: string, title: string, lines: string[]) =>
    keep(
      name,
      'document',
      'application/pdf',
      await letterPdf(title, [`Applicant: customer ${customer.tag}`, ...lines]),
    );
  return {
    receipt: await pdf('filing-receipt.pdf', 'Filing Receipt', [
      'The application has been received and accorded a filing date.',
    ]),
    notice: await pdf('agent-notice.pdf', 'Notice of Representation', ['Agent of record: Lee IP Law LLP.']),
    officeAction: await pdf('office-action.pdf', 'Office Action', [
      'The examiner raises objections; a reply is due.',
    ]),
    reviewReceipt: await pdf('examination-receipt.pdf', 'Examination Receipt', [
      'Substantive examination has begun.',
    ]),
    registration: await pdf('registration.pdf', 'Registration Record', [
      'The design is entered in the register.',
    ]),
    certificate: await pdf('certificate.pdf', 'Certificate of Registration', [
      'This certifies the registration.',
    ]),
    expedited: await pdf('expedited-notice.pdf', 'Expedited Examination Granted', [
      'The request for expedited examination is granted.',
    ]),
    specification: await pdf('specification.pdf', 'Specification', [
      'Description of the invention and its claims.',
    ]),
    picture: await keep('front-view.png', 'image', 'image/png', demoPicturePng()),
    reply: await keep(
      'oa-reply.zip',
      'reply-package',
      'application/zip',
      zipOf({ 'reply.txt': 'Reply to the office action: amended drawings and arguments.' }),
    ),
  };
}

const files = (file: { name: string; url: string }): AttachedFile[] => [{ name: file.name, url: file.url }];

/** The later of two UTC ISO times (they sort as text). */
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Demo patent orders for each customer, in every status with the records each status implies (materials, filing
 * receipts, office actions, reply packages, receipts, fees, registrations, certificates), real generated PDFs and a
 * zip kept through the file storage, rejection reasons from the reviewer, and two versions of additional rules.
 */
export async function seedDemoPatents(
  deps: Deps,
  ids: { reviewerUserId: number; customers: DemoPatentCustomer[] },
): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await deps.db
    .insertInto('patent_additional_rules')
    .values(
      DEMO_RULES.map((rule) => ({
        version: rule.version,
        patent_type: rule.patentType,
        country_id: rule.countryId,
        title: rule.title.zh,
        title_en: rule.title.en,
        content: rule.content.zh,
        content_en: rule.content.en,
        created_at: at,
      })),
    )
    .execute();

  for (const customer of ids.customers) {
    const file = await demoFiles(deps, customer);
    for (const [index, plan] of PLAN.entries()) {
      const product = PRODUCTS[index % PRODUCTS.length] as (typeof PRODUCTS)[number];
      // One timeline per order, so nothing happens to it before it exists: created, materials submitted 3 days later,
      // reviewed the day after; what follows (rejections, office actions) never before the review.
      const created = isoBefore((PLAN.length - index) * 6 * DAY + 3 * DAY);
      const submitted = isoBefore((PLAN.length - index) * 6 * DAY);
      const reviewed = isoBefore((PLAN.length - index) * 6 * DAY - DAY);
      const rejected = later(isoBefore(5 * DAY), reviewed);
      const day = (offset: number) => utcDate(offset);
      const code = `PT-${customer.tag}-${String(index + 1).padStart(3, '0')}`;
      const isUs = plan.country === US;
      const filed = FILED.includes(plan.status);
      const reference = filed ? (isUs ? `29/${900 + index},${String(100 + index)}` : `${code}-APP`) : null;
      const receipt: FilingReceiptRecord | null =
        filed && reference
          ? {
              dataId: null,
              referenceNumber: reference,
              agent: isUs ? 'Lee IP Law LLP' : 'Marks & Clerk',
              acceptTime: day(-60),
              acceptReceiptFiles: files(file.receipt),
              type: 1,
            }
          : null;
      const usFiling: StoredUsFiling | null =
        filed && isUs && reference
          ? {
              type: 1,
              records: [
                { referenceNumber: reference, acceptTime: day(-60), receiptFiles: files(file.receipt) },
                { agent: 'Lee IP Law LLP', acceptTime: day(-58), noticeFiles: files(file.notice) },
              ],
            }
          : null;
      const registered = REGISTERED.includes(plan.status);
      const registration: RegistrationRecord | null = registered
        ? {
            dataId: null,
            registrationNumber: `${code}-REG`,
            brandRegisterTime: day(-20),
            brandOathTime: isUs ? null : `${day(-20)}/${day(-20 + 365 * 5)}`,
            brandRegisterFiles: files(file.registration),
            type: 1,
          }
        : null;
      const values: Insertable<PatentOrdersTable> = {
        service_code: code,
        service_id: plan.type,
        order_no: `KXT-PO-${customer.tag}-${String(index + 1).padStart(4, '0')}`,
        parent_order_no: `KXT-P-${customer.tag}-${String(Math.floor(index / 3) + 1).padStart(4, '0')}`,
        customer_id: customer.customerId,
        country_id: plan.country,
        service_name: DEMO_SERVICE_NAMES[plan.type].zh,
        service_name_en: DEMO_SERVICE_NAMES[plan.type].en,
        apply_name: index % 4 === 3 ? 'individual' : 'enterprise',
        apply_title: customer.companyName,
        inventor_name: plan.status === 1 ? null : '王明、陈静',
        patent_type: plan.type,
        product_id: 1000 + index,
        product_code: `SKU-${customer.tag}-${index + 1}`,
        product_name: product.cn,
        patent_number: 1 + (index % 3 === 0 ? 1 : 0),
        reference_number: reference,
        registration_number: registration?.registrationNumber ?? null,
        status: plan.status,
        created_at: created,
        updated_at: nowIso(),
        // Orders have waited in their status for different times (2 to 8 days), so the queue's order shows; never
        // since before the order's own last event.
        status_changed_at: later(
          isoBefore(((index % 4) + 1) * 2 * DAY),
          plan.status === -1 || plan.status === -2 ? rejected : reviewed,
        ),
        submission_time: plan.status === 1 ? null : submitted,
        audit_time: plan.status === -1 || REVIEWED.includes(plan.status) ? reviewed : null,
        rejection_time: plan.status === -1 || plan.status === -2 ? rejected : null,
        // An OA reply is outstanding at 5, -2 and 6 (uploaded, not yet accepted): the queue puts 6 first by it.
        oa_abort_answer_time:
          OA_DEADLINE_DAYS[plan.status] === undefined ? null : day(OA_DEADLINE_DAYS[plan.status] ?? 0),
        renewal_time: plan.status === 11 ? day(25) : null,
        brand_oath_time: registration?.brandOathTime ?? null,
        filing_receipt: receipt ? JSON.stringify(receipt) : null,
        us_filing: usFiling ? JSON.stringify(usFiling) : null,
        registration: registration ? JSON.stringify(registration) : null,
        certificate_time: plan.status === 11 ? day(-10) : null,
        certificate_files: plan.status === 11 ? JSON.stringify(files(file.certificate)) : null,
        authorization_amount: FEE_SET.includes(plan.status) ? (plan.country === JP ? 88_000 : 150_000) : null,
        is_speed: plan.speed ? 1 : 0,
        expedited_notice_files:
          plan.speed && EXPEDITED_NOTICE.includes(plan.status) ? JSON.stringify(files(file.expedited)) : '[]',
        answer_file_id: WITH_REPLY.includes(plan.status) ? file.reply.id : null,
        recheck_receipt_file_id: WITH_REVIEW_RECEIPT.includes(plan.status) ? file.reviewReceipt.id : null,
        recheck_receipt_time: WITH_REVIEW_RECEIPT.includes(plan.status) ? day(-30) : null,
        file_data_path_content:
          plan.status === 1
            ? null
            : `${product.en}: ${plan.type === 1 ? '7 views' : 'specification and drawings'}`,
        sale_year: 2024 + (index % 3),
        is_spanish_tax_code: 0,
      };
      const order = await deps.db
        .insertInto('patent_orders')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();

      if (plan.status !== 1) {
        const materials: PatentMaterials = {
          applicant: {
            kind: 'company',
            nameCn: customer.companyName,
            nameEn: `Customer ${customer.tag} Co., Ltd.`,
            addressCn: '广东省深圳市南山区科技园',
            addressEn: 'Science Park, Nanshan, Shenzhen, Guangdong',
            idNumber: `91440300MA5DEMO${customer.tag}`,
          },
          inventors: [
            { nameCn: '王明', nameEn: 'Wang Ming' },
            { nameCn: '陈静', nameEn: 'Chen Jing' },
          ],
          productNameInfo: {
            productNameCN: product.cn,
            productNameEN: product.en,
            productClassify: product.classify,
          },
          productSeriesInfo: { pictureInfoList: [{ url: file.picture.url, alias: '主视图' }] },
          drawings: files(file.specification),
          specification: plan.type === 1 ? [] : files(file.specification),
        };
        await deps.db
          .insertInto('patent_materials')
          .values({
            order_id: order.id,
            submitted: JSON.stringify(materials),
            submitted_at: values.submission_time ?? created,
            draft: null,
            draft_saved_at: null,
          })
          .execute();
      }
      if (plan.status === -1 || plan.status === -2) {
        await deps.db
          .insertInto('patent_reject_reasons')
          .values({
            order_id: order.id,
            status: plan.status,
            operator_user_id: ids.reviewerUserId,
            content:
              plan.status === -1
                ? '产品图片背景不是白色，且缺少后视图，请补充后重新上传。'
                : '答复包缺少修改后的附图，请补充后重新上传。',
            created_at: rejected,
          })
          .execute();
      }
      if (WITH_OFFICE_ACTION.includes(plan.status)) {
        const withLetter = plan.status !== 7;
        await deps.db
          .insertInto('patent_office_actions')
          .values({
            order_id: order.id,
            file_exists: withLetter ? 1 : 0,
            issuance_time: withLetter ? day(-30) : null,
            oa_abort_answer_time: withLetter ? (values.oa_abort_answer_time ?? day(-1)) : null,
            oa_file_id: withLetter ? file.officeAction.id : null,
            ascertainment_file_id: withLetter ? null : file.officeAction.id,
            created_by: ids.reviewerUserId,
            created_at: later(isoBefore(30 * DAY), isoAfter(DAY, new Date(reviewed))),
          })
          .execute();
      }
      await deps.db
        .insertInto('audit_log')
        .values({
          actor_user_id: null,
          actor_label: 'system',
          action: 'patent.demoSeed',
          entity_type: 'patent_order',
          entity_id: String(order.id),
          from_state: null,
          to_state: String(plan.status),
          reason: 'demo data',
          ip: null,
          user_agent: null,
          created_at: created,
        })
        .execute();
    }
  }
}

/** The demo customers' companies by username, tagged C1, C2, … in order. */
export async function demoPatentCustomers(
  db: Kysely<DB>,
  usernames: string[],
): Promise<DemoPatentCustomer[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      'users.id as userId',
      'users.username',
      'customers.id as customerId',
      'customers.name as companyName',
    ])
    .where('users.username', 'in', usernames)
    .execute();
  return usernames.flatMap((username, index) => {
    const row = rows.find((candidate) => candidate.username === username);
    return row
      ? [
          {
            customerId: row.customerId,
            userId: row.userId,
            companyName: row.companyName,
            tag: `C${index + 1}`,
          },
        ]
      : [];
  });
}
