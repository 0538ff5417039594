import type { CompanyVerificationState, SmsCodePurpose } from '@kxt/contracts/accounts';
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
  /** Self sign-up makes a company pending until staff check its licence (migration 0018). */
  verification_state: Generated<CompanyVerificationState>;
  verified_at: Generated<string | null>;
  verified_by_user_id: Generated<number | null>;
  /** The unified social credit code on the business licence, set when staff verify the company. */
  licence_no: Generated<string | null>;
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
  /** Base32 TOTP secret (migration 0017): set at enrolment, in force once `totp_confirmed_at` is set. */
  totp_secret: Generated<string | null>;
  totp_confirmed_at: Generated<string | null>;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: Generated<number | null>;
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
  /** What the session list shows and ends (migration 0017); the token's hash is never shown. */
  public_id: string;
  /** When this session passed the second factor; null for a session that has not (or needs none). */
  second_factor_at: Generated<string | null>;
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
  /** A watch product (migration 0026): its price buys one mark in one region this many years. */
  watch_region_years: Generated<number | null>;
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
  /** From TM-XML (WIPO ST.66) records (migration 0022); null where the source does not say. */
  registration_number: string | null;
  expiry_date: string | null;
  /** The office's mark feature as given: Word, Figurative, Combined, 3-D, … */
  mark_feature: string | null;
  /** When the office published the application for opposition (migration 0026); null where the data does not say. */
  publication_date: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** One run of `trademark import` (migration 0022). */
export interface TrademarkImportsTable {
  id: Generated<number>;
  file_name: string;
  /** jsonl, uspto-xml or st66; null when the content was in no known format. */
  format: string | null;
  /** running, done (exit 0) or failed (a file fault, nothing readable, or too many records refused). */
  status: 'running' | 'done' | 'failed';
  imported: Generated<number>;
  deleted: Generated<number>;
  refused: Generated<number>;
  skipped: Generated<number>;
  /** JSON: ImportProblem[], the faults first. */
  problems: Generated<string>;
  started_at: string;
  finished_at: string | null;
  /** The `TRADEMARK_FEEDS` entry the file came from (migration 0025); null for a `trademark import` by hand. */
  feed: string | null;
  /** SHA-256 (hex) of a feed file: with its name, what makes a delivery "already imported". */
  checksum: string | null;
}

/** A user's named view of a list (migration 0027): the list's address query under a name. */
export interface TableViewsTable {
  id: Generated<number>;
  user_id: number;
  module_key: string;
  name: string;
  query: string;
  is_default: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

/** A company's watch over one mark (migration 0026, issue #21). */
export interface TrademarkWatchesTable {
  id: Generated<number>;
  customer_id: number;
  created_by: number | null;
  text: string;
  /** Other forms of the mark (its Chinese or Latin writing), one per line. */
  forms: Generated<string>;
  /** "US,EM" */
  countries: string;
  /** "9,35"; empty for every class. */
  classes: Generated<string>;
  threshold: number;
  /** Application numbers of the company's own marks, one per line. */
  own_marks: Generated<string>;
  status: 'trial' | 'awaiting_payment' | 'active' | 'cancelled';
  starts_at: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A mark that conflicts with a watch, found when it arrived (once per watch and mark). */
export interface TrademarkWatchHitsTable {
  id: Generated<number>;
  watch_id: number;
  mark_id: number;
  score: number;
  /** JSON: signal codes. */
  signals: string;
  import_id: number | null;
  review: Generated<'new' | 'not_relevant' | 'consultant'>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
}

/** A mark an office's delete record removed; server processes follow these by id to drop it from their index. */
export interface MarkDeletionsTable {
  id: Generated<number>;
  mark_id: number;
  deleted_at: string;
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
  /** How the version was authored (migration 0019): page images, an uploaded PDF, or text with merge fields. */
  kind: Generated<'images' | 'pdf' | 'text'>;
  title: string | null;
  /** A text template's body, with `{{field}}` merge fields. */
  body: string | null;
  /** The uploaded PDF a `pdf` template's pages were rendered from. */
  source_file_id: string | null;
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
  /** SHA-256 of the byte range the platform's seal covers in the signed PDF (public verification's key). */
  sealed_content_sha256: string | null;
  // The signer and their identity check (migration 0019).
  signer_name: string | null;
  signer_mobile: string | null;
  signer_email: string | null;
  /** JSON: the merge values a text template's pages were rendered with. */
  merge_values: string | null;
  /** Wrong one-time codes in a row; at five the link is locked (`code_locked_at`) until staff reissue it. */
  code_failures: Generated<number>;
  code_locked_at: string | null;
  identity_code_sent_at: string | null;
  identity_confirmed_at: string | null;
  identity_ip: string | null;
  identity_user_agent: string | null;
  consent_version: string | null;
  consent_language: string | null;
  consent_text: string | null;
  consent_at: string | null;
}

/** One-time codes sent to an agreement's signer (migration 0019), kept as salted SHA-256. */
export interface AgreementSignCodesTable {
  id: Generated<number>;
  agreement_id: number;
  code_hash: string;
  salt: string;
  sent_at: string;
  expires_at: string;
  used_at: string | null;
  ip: string | null;
}

/** The pages of an agreement made from a text template, rendered with its merge values (migration 0019). */
export interface AgreementPagesTable {
  agreement_id: number;
  page_no: number;
  file_id: string;
  width: number;
  height: number;
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

/** Each customer name's pairs of consecutive lower-cased characters (migration 0029, kept by triggers). */
export interface CustomerNameGramsTable {
  gram: string;
  customer_id: number;
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
  table_views: TableViewsTable;
  customer_name_grams: CustomerNameGramsTable;
  agreement_templates: AgreementTemplatesTable;
  agreement_template_pages: AgreementTemplatePagesTable;
  agreements: AgreementsTable;
  agreement_uploads: AgreementUploadsTable;
  agreement_sign_codes: AgreementSignCodesTable;
  agreement_pages: AgreementPagesTable;
  marks: MarksTable;
  trademark_imports: TrademarkImportsTable;
  trademark_watches: TrademarkWatchesTable;
  trademark_watch_hits: TrademarkWatchHitsTable;
  mark_deletions: MarkDeletionsTable;
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
  sms_codes: SmsCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  account_rate_events: AccountRateEventsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  recovery_codes: RecoveryCodesTable;
  account_links: AccountLinksTable;
  deadlines: DeadlinesTable;
}

/** One deadline of one record (migration 0016): `modules/deadlines/sync.ts` keeps it in step with its source. */
export interface DeadlinesTable {
  id: Generated<number>;
  kind: 'oaReply' | 'renewal' | 'signingLink' | 'authorizationFee';
  /** The patent order's id, or the agreement's for a signing link. */
  record_id: number;
  customer_id: number;
  /** YYYY-MM-DD: due by the end of that day. */
  due_on: string;
  reference: string;
  title: string;
  created_at: string;
  updated_at: string;
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
  /** As written, in the recipient's language then: what is shown when `params` cannot render it. */
  title: string;
  body: string;
  /** The values of its text as JSON (migration 0030), to render it in the reader's language; null on older rows. */
  params: Generated<string | null>;
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

/** A second-factor recovery code (migration 0017): single use, only its SHA-256 kept. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** An invitation or a set-password link (migration 0017); only the SHA-256 of its token is kept. */
export interface AccountLinksTable {
  id: Generated<number>;
  token_hash: string;
  purpose: 'invite' | 'reset';
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  role: Role;
  customer_id: number | null;
  /** The account a reset link sets the password of. */
  user_id: number | null;
  display_name: string;
  phone: string | null;
  email: string | null;
  invited_by: number | null;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: number | null;
  created_at: string;
  updated_at: string;
}
export type AccountLinkRow = Selectable<AccountLinksTable>;
/** A code sent by SMS (migration 0018): HMAC only; the newest of a (purpose, phone) counts. */
export interface SmsCodesTable {
  id: Generated<number>;
  purpose: SmsCodePurpose;
  phone: string;
  code_hash: string;
  failed_tries: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An e-mailed password-reset link (migration 0018): sha256 of its 256-bit token. */
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One counted request for the account rate limits (migration 0018). */
export interface AccountRateEventsTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}
