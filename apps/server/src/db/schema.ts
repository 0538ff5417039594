import type { ServiceType } from '@kxt/contracts/business';
import type { PaymentKind, PaymentState, PayType } from '@kxt/contracts/payments';
import type { Role } from '@kxt/contracts/roles';
import type { TrademarkStatus } from '@kxt/contracts/trademarks';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types shared by both dialects. Times are UTC ISO-8601 text, flags are 0/1 integers and money is integer
 * minor units, so one set of queries reads and writes the same values on SQLite and PostgreSQL.
 */
export type Flag = 0 | 1;

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  contact_name: string | null;
  phone: string | null;
  email: string | null;
  country: string | null;
  owner_user_id: number | null;
  is_arrears: Generated<Flag>;
  suspend: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  display_name: string;
  phone: string | null;
  email: string | null;
  role: Role;
  customer_id: number | null;
  disabled: Generated<Flag>;
  wechat_code: string | null;
  /** Which bank account set the user's transfers go to (spec §6): 1 one set, anything else the other. */
  online_type: Generated<number>;
  /** The language of the user's notifications and emails. */
  locale: Generated<'zh-CN' | 'en-US'>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the token the cookie carries: a stolen database does not yield usable sessions. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** `user:<name>` or `ip:<address>`. */
  key: string;
  created_at: string;
}

export interface FilesTable {
  id: string;
  owner_user_id: number | null;
  customer_id: number | null;
  purpose: string;
  original_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  /** Who acted when there is no user, e.g. `public-link` or `system`. */
  actor_label: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  from_state: string | null;
  to_state: string | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  type_code: ServiceType;
  category_id: number;
  country: string;
  price: number;
  currency: string;
  active: Generated<Flag>;
  /** Search packs: trademark searches one unit adds; null for every other service. */
  grants_searches: number | null;
  created_at: string;
}

export interface ServiceItemsTable {
  id: Generated<number>;
  service_code: string;
  customer_id: number;
  service_id: number;
  /** Copied from the service so lists filter without a join. */
  type_code: ServiceType;
  category_id: number;
  country: string;
  status: number;
  start_date: string | null;
  end_date: string | null;
  remark: string | null;
  /** Due date of the item's oldest pending declaration: its overdue level follows from it. */
  oldest_open_due_date: string | null;
  /** 1 when the item's latest declared return was filed by us (the K badge). */
  latest_declared_by_us: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface TaxDeclarationsTable {
  id: Generated<number>;
  service_item_id: number;
  country: string;
  tax_period: string;
  due_date: string;
  declared_date: string | null;
  declared_by: 'us' | 'other' | null;
  amount: number;
  currency: string;
  status: 'pending' | 'declared';
  created_at: string;
  updated_at: string;
}

export interface TableLayoutsTable {
  id: Generated<number>;
  user_id: number;
  module_key: string;
  field_info: string;
  updated_at: string;
}

export interface MarksTable {
  id: Generated<number>;
  dataset: string;
  application_number: string;
  name: string;
  application_date: string | null;
  registration_date: string | null;
  /** "9,35" */
  nice_classes: string;
  owner: string | null;
  status: TrademarkStatus;
  /** JSON: class → text. */
  goods_and_services: string;
  /** JSON: class → Chinese text, or null. */
  goods_translation: string | null;
  attorney: string | null;
  image_url: string | null;
  /** "CN,EM,US": what an international registration designates; empty for national marks. */
  designations: Generated<string>;
  /** 1 for a mark made by the demo generator, 0 for office data. */
  generated: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TrademarkDatasetsTable {
  code: string;
  last_app_date: string | null;
  mark_count: number;
  /** How many of the register's marks the demo generator made (the data notice says so when any). */
  generated_count: Generated<number>;
  updated_at: string;
}

export interface TrademarkSearchesTable {
  id: string;
  user_id: number;
  customer_id: number | null;
  text: string;
  datasets: string;
  classes: string;
  /** The countries as chosen, sorted, comma-separated (migration 0012; '' on older rows). */
  countries: Generated<string>;
  /** The status filter, sorted, comma-separated (migration 0012; '' on older rows). */
  statuses: Generated<string>;
  charged: Flag;
  created_at: string;
}

export interface TrademarkSearchCreditsTable {
  customer_id: number;
  extra_searches: number;
  updated_at: string;
}

export interface NiceClassesTable {
  class: number;
  title_zh: string;
  heading_zh: string;
}

export interface ClassAssociationsTable {
  class: number;
  related_class: number;
  source: 'uspto' | 'cnipa';
}

export interface AgreementTemplatesTable {
  id: Generated<number>;
  agreement_name: string;
  version: number;
  /** JSON `{ x, y, width, height }`: fractions of the last page where the signature goes. */
  signature_box: string;
  created_by: number | null;
  created_at: string;
}

export interface AgreementTemplatePagesTable {
  template_id: number;
  /** 1-based order of the page. */
  page_no: number;
  file_id: string;
  width: number;
  height: number;
}

export interface AgreementsTable {
  id: Generated<number>;
  customer_id: number;
  agreement_name: string;
  template_id: number;
  /** The link code: the signer's only credential, so long, random, expiring and revocable. */
  code: string;
  /** 0 unread, 1 read, 2 signed. */
  status: Generated<number>;
  expires_at: string;
  revoked: Generated<Flag>;
  revoked_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  opened_at: string | null;
  read_at: string | null;
  signed_at: string | null;
  signer_ip: string | null;
  signer_user_agent: string | null;
  signature_file_id: string | null;
  signed_image_file_id: string | null;
  signed_pdf_file_id: string | null;
  signature_sha256: string | null;
  signed_image_sha256: string | null;
  signed_pdf_sha256: string | null;
  /** The evidence record of the signing, as JSON. */
  evidence: string | null;
}

export interface AgreementUploadsTable {
  file_id: string;
  agreement_id: number;
  created_at: string;
}

export interface PaymentOrdersTable {
  id: Generated<number>;
  order_no: string;
  /** What the customer writes in a transfer's note (KXT-PAY-xxxxxx), unique; every order has one (migration 0010). */
  reference: string;
  customer_id: number;
  user_id: number;
  kind: PaymentKind;
  /** The patent order's serviceCode, or the catalogue product id as text. */
  subject_ref: string;
  description: string;
  quantity: number;
  mark: string | null;
  /** Integer minor units of `currency`. */
  amount: number;
  currency: string;
  pay_type: PayType;
  provider: string;
  provider_order_no: string | null;
  state: PaymentState;
  payer_account: string | null;
  voucher_file_id: string | null;
  reject_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  /** Why finance returned the money (state 'refunded'), who recorded it and when. */
  refund_reason: string | null;
  refunded_by: number | null;
  refunded_at: string | null;
  return_url: string | null;
  expires_at: string;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  notification_id: string;
  order_no: string;
  digest: string;
  outcome: string;
  created_at: string;
}

export interface PatentCountriesTable {
  /** The legacy numeric id the portal sends (42 is Japan). */
  id: number;
  code: string;
  name_zh: string;
  name_en: string;
}

export interface PatentOrdersTable {
  id: Generated<number>;
  service_code: string;
  service_id: number;
  order_no: string;
  parent_order_no: string;
  customer_id: number;
  country_id: number;
  service_name: string;
  /** The service name in English; empty when not known (readers then get the Chinese). */
  service_name_en: Generated<string>;
  /** Applicant capacity (`APPLY_CAPACITIES`). */
  apply_name: string;
  apply_title: string;
  inventor_name: string | null;
  patent_type: number;
  product_id: number | null;
  product_code: string | null;
  product_name: string | null;
  patent_number: Generated<number>;
  /** Copied from the submitted filing receipt, so the keyword search reads a column. */
  reference_number: string | null;
  /** Copied from the submitted registration record. */
  registration_number: string | null;
  status: number;
  created_at: string;
  updated_at: string;
  /** When the order entered its current status (set by every move); null reads as `created_at`. */
  status_changed_at: Generated<string | null>;
  submission_time: string | null;
  audit_time: string | null;
  rejection_time: string | null;
  oa_abort_answer_time: string | null;
  renewal_time: string | null;
  brand_oath_time: string | null;
  /** JSON `FilingReceiptRecord`. */
  filing_receipt: string | null;
  /** JSON `UsFilingRecords`. */
  us_filing: string | null;
  /** JSON `RegistrationRecord`. */
  registration: string | null;
  certificate_time: string | null;
  /** JSON `AttachedFile[]`. */
  certificate_files: string | null;
  /** Integer fen once set (status 12). */
  authorization_amount: number | null;
  currency: Generated<string>;
  is_speed: Generated<Flag>;
  /** JSON `AttachedFile[]`. */
  expedited_notice_files: Generated<string>;
  answer_file_id: string | null;
  recheck_receipt_file_id: string | null;
  recheck_receipt_time: string | null;
  file_data_path_content: string | null;
  sale_year: number | null;
  is_spanish_tax_code: Generated<Flag>;
}

export interface PatentMaterialsTable {
  order_id: number;
  /** JSON of the saved draft, cleared by a submission. */
  draft: string | null;
  /** JSON of the last submitted `PatentMaterials`. */
  submitted: string | null;
  draft_saved_at: string | null;
  submitted_at: string | null;
}

export interface PatentOfficeActionsTable {
  id: Generated<number>;
  order_id: number;
  file_exists: Flag;
  issuance_time: string | null;
  oa_abort_answer_time: string | null;
  oa_file_id: string | null;
  ascertainment_file_id: string | null;
  created_by: number | null;
  created_at: string;
}

export interface PatentRejectReasonsTable {
  id: Generated<number>;
  order_id: number;
  /** -1 materials, -2 reply package. */
  status: number;
  operator_user_id: number | null;
  content: string;
  created_at: string;
}

export interface PatentAdditionalRulesTable {
  id: Generated<number>;
  version: number;
  /** Null: every patent type. */
  patent_type: number | null;
  /** Null: every country. */
  country_id: number | null;
  title: string;
  content: string;
  /** English title and content; empty when not translated (readers then get the Chinese). */
  title_en: Generated<string>;
  content_en: Generated<string>;
  created_at: string;
}

/** One row (id 1) once the demo has been seeded, written in the seed's own transaction. */
export interface DemoSeedTable {
  id: number;
  seeded_at: string;
}

export interface DB {
  customers: CustomersTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  files: FilesTable;
  audit_log: AuditLogTable;
  services: ServicesTable;
  service_items: ServiceItemsTable;
  tax_declarations: TaxDeclarationsTable;
  table_layouts: TableLayoutsTable;
  agreement_templates: AgreementTemplatesTable;
  agreement_template_pages: AgreementTemplatePagesTable;
  agreements: AgreementsTable;
  agreement_uploads: AgreementUploadsTable;
  marks: MarksTable;
  trademark_datasets: TrademarkDatasetsTable;
  trademark_searches: TrademarkSearchesTable;
  trademark_search_credits: TrademarkSearchCreditsTable;
  nice_classes: NiceClassesTable;
  class_associations: ClassAssociationsTable;
  patent_countries: PatentCountriesTable;
  patent_orders: PatentOrdersTable;
  patent_materials: PatentMaterialsTable;
  patent_office_actions: PatentOfficeActionsTable;
  patent_reject_reasons: PatentRejectReasonsTable;
  patent_additional_rules: PatentAdditionalRulesTable;
  payment_orders: PaymentOrdersTable;
  payment_notifications: PaymentNotificationsTable;
  demo_seed: DemoSeedTable;
  outbox_jobs: OutboxJobsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
}

/** A job of the outbox (migration 0013): an event to fan out (`kind` 'event') or one message ('email', 'sms'). */
export interface OutboxJobsTable {
  id: Generated<number>;
  key: string;
  kind: 'event' | 'email' | 'sms';
  /** JSON: the event, or the message (subject, text, html). */
  payload: string;
  user_id: number | null;
  recipient: string | null;
  notification_type: string | null;
  state: Generated<'pending' | 'running' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  run_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  provider: string | null;
  provider_ref: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  event_key: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  in_app: Flag;
  email: Flag;
  sms: Flag;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type FileRow = Selectable<FilesTable>;
export type PaymentOrderRow = Selectable<PaymentOrdersTable>;
export type PatentOrderRow = Selectable<PatentOrdersTable>;
