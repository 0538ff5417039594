import type { AgreementListQuery, AgreementRow } from '@kxt/contracts/agreements';
import { signUrl } from '@kxt/contracts/signing';
import { type Expression, type Insertable, type Kysely, type SqlBool, sql, type Updateable } from 'kysely';
import type {
  AgreementsTable,
  AgreementTemplatePagesTable,
  AgreementTemplatesTable,
  DB,
} from '../../db/schema.ts';
import { type CountCache, countKey } from '../../lib/count-cache.ts';
import { customerIdsNamedLike } from '../../lib/customer-name-search.ts';
import { containsPattern, countTabs, pageOffset, type TabSpec, utcDate } from '../../lib/list.ts';

// ---- templates ----

export async function insertTemplate(
  db: Kysely<DB>,
  template: Insertable<AgreementTemplatesTable>,
  pages: Omit<Insertable<AgreementTemplatePagesTable>, 'template_id'>[],
): Promise<number> {
  const { id } = await db
    .insertInto('agreement_templates')
    .values(template)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (pages.length > 0) {
    await db
      .insertInto('agreement_template_pages')
      .values(pages.map((page) => ({ ...page, template_id: id })))
      .execute();
  }
  return id;
}

export async function latestTemplateVersion(db: Kysely<DB>, agreementName: string): Promise<number> {
  const row = await db
    .selectFrom('agreement_templates')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('agreement_name', '=', agreementName)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export function currentTemplate(db: Kysely<DB>, agreementName: string) {
  return db
    .selectFrom('agreement_templates')
    .selectAll()
    .where('agreement_name', '=', agreementName)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listTemplateRows(db: Kysely<DB>) {
  return db
    .selectFrom('agreement_templates')
    .leftJoin('users', 'users.id', 'agreement_templates.created_by')
    .selectAll('agreement_templates')
    .select('users.display_name as created_by_name')
    .orderBy('agreement_templates.agreement_name')
    .orderBy('agreement_templates.version', 'desc')
    .execute();
}

export function findTemplateRow(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('agreement_templates')
    .leftJoin('users', 'users.id', 'agreement_templates.created_by')
    .selectAll('agreement_templates')
    .select('users.display_name as created_by_name')
    .where('agreement_templates.id', '=', id)
    .executeTakeFirst();
}

/** The pages of some templates in order, with their files' metadata. */
export function templatePages(db: Kysely<DB>, templateIds: number[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('agreement_template_pages as p')
    .innerJoin('files', 'files.id', 'p.file_id')
    .select([
      'p.template_id',
      'p.page_no',
      'p.file_id',
      'p.width',
      'p.height',
      'files.sha256',
      'files.mime_type',
      'files.storage_key',
    ])
    .where('p.template_id', 'in', templateIds)
    .orderBy('p.template_id')
    .orderBy('p.page_no')
    .execute();
}

/**
 * The pages an agreement shows: its own (a text template rendered with its merge values) or else its template's,
 * in order, with their files' metadata.
 */
export async function agreementPages(db: Kysely<DB>, agreement: { id: number; template_id: number }) {
  const own = await db
    .selectFrom('agreement_pages as p')
    .innerJoin('files', 'files.id', 'p.file_id')
    .select([
      'p.page_no',
      'p.file_id',
      'p.width',
      'p.height',
      'files.sha256',
      'files.mime_type',
      'files.storage_key',
    ])
    .where('p.agreement_id', '=', agreement.id)
    .orderBy('p.page_no')
    .execute();
  if (own.length > 0) return own.map((page) => ({ ...page, template_id: agreement.template_id }));
  return templatePages(db, [agreement.template_id]);
}

export async function insertAgreementPages(
  db: Kysely<DB>,
  agreementId: number,
  pages: { page_no: number; file_id: string; width: number; height: number }[],
) {
  if (pages.length === 0) return;
  await db
    .insertInto('agreement_pages')
    .values(pages.map((page) => ({ ...page, agreement_id: agreementId })))
    .execute();
}

// ---- agreements ----

export async function insertAgreement(db: Kysely<DB>, row: Insertable<AgreementsTable>): Promise<number> {
  const { id } = await db.insertInto('agreements').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findAgreementByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom('agreements').selectAll().where('code', '=', code).executeTakeFirst();
}

/** One agreement with what the back office shows next to it: customer, template version and creator. */
export function findAgreementDetail(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('agreements')
    .innerJoin('customers', 'customers.id', 'agreements.customer_id')
    .innerJoin('agreement_templates as t', 't.id', 'agreements.template_id')
    .leftJoin('users', 'users.id', 'agreements.created_by')
    .selectAll('agreements')
    .select([
      'customers.name as customer_name',
      't.version as template_version',
      't.signature_box',
      'users.display_name as created_by_name',
      'users.username as created_by_username',
    ])
    .where('agreements.id', '=', id)
    .executeTakeFirst();
}
export type AgreementDetailRow = NonNullable<Awaited<ReturnType<typeof findAgreementDetail>>>;

/**
 * Moves an agreement from one status to the next. Only a row still in `from` changes, so of two requests racing
 * to sign, one wins and the other sees no row changed.
 */
export async function advanceAgreement(
  db: Kysely<DB>,
  id: number,
  from: number,
  changes: Updateable<AgreementsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('agreements')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .where('revoked', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markOpened(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('agreements')
    .set({ opened_at: at, updated_at: at })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeAgreementRow(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('agreements')
    .set({ revoked: 1, revoked_at: at, updated_at: at })
    .where('id', '=', id)
    .where('revoked', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertUpload(db: Kysely<DB>, agreementId: number, fileId: string, at: string) {
  await db
    .insertInto('agreement_uploads')
    .values({ agreement_id: agreementId, file_id: fileId, created_at: at })
    .execute();
}

export function findUpload(db: Kysely<DB>, agreementId: number, fileId: string) {
  return db
    .selectFrom('agreement_uploads')
    .innerJoin('files', 'files.id', 'agreement_uploads.file_id')
    .selectAll('files')
    .where('agreement_uploads.agreement_id', '=', agreementId)
    .where('agreement_uploads.file_id', '=', fileId)
    .executeTakeFirst();
}

/**
 * Whether a file belongs to an agreement: one of its own pages, a page of its template, its signed page or a
 * signature sent through its link.
 */
export async function isAgreementFile(
  db: Kysely<DB>,
  agreement: { id: number; template_id: number; signed_image_file_id: string | null },
  fileId: string,
): Promise<boolean> {
  if (agreement.signed_image_file_id === fileId) return true;
  const own = await db
    .selectFrom('agreement_pages')
    .select('page_no')
    .where('agreement_id', '=', agreement.id)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  if (own) return true;
  const page = await db
    .selectFrom('agreement_template_pages')
    .select('page_no')
    .where('template_id', '=', agreement.template_id)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  if (page) return true;
  return Boolean(await findUpload(db, agreement.id, fileId));
}

// ---- the back-office list ----

const SORT_COLUMNS = {
  createdAt: 'agreements.created_at',
  readAt: 'agreements.read_at',
  signedAt: 'agreements.signed_at',
  expiresAt: 'agreements.expires_at',
} as const;

export const AGREEMENT_TABS: TabSpec[] = [0, 1, 2].map((status) => ({
  status: String(status),
  condition: sql<SqlBool>`agreements.status = ${status}`,
}));

function filtered(
  db: Kysely<DB>,
  query: Pick<AgreementListQuery, 'keyword' | 'agreementName' | 'customerId'>,
) {
  return db.selectFrom('agreements').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.keyword) {
      const pattern = containsPattern(query.keyword);
      conditions.push(
        eb.or([
          sql<SqlBool>`lower(agreements.agreement_name) like ${pattern} escape '\\'`,
          eb('agreements.customer_id', 'in', customerIdsNamedLike(query.keyword)),
        ]),
      );
    }
    if (query.agreementName) conditions.push(eb('agreements.agreement_name', '=', query.agreementName));
    if (query.customerId) conditions.push(eb('agreements.customer_id', '=', query.customerId));
    return eb.and(conditions);
  });
}

export async function listAgreements(
  db: Kysely<DB>,
  query: AgreementListQuery,
  cache: CountCache,
  now: string,
) {
  const base = filtered(db, query);
  const counts = await cache.get(countKey('agreements', query, utcDate()), (reader) =>
    countTabs(filtered(reader, query), AGREEMENT_TABS),
  );
  const tab = AGREEMENT_TABS.find((candidate) => candidate.status === query.status);
  const direction = query.order === 'ascend' ? 'asc' : 'desc';
  const rows = await (tab ? base.where(tab.condition) : base)
    .innerJoin('customers', 'customers.id', 'agreements.customer_id')
    .innerJoin('agreement_templates as t', 't.id', 'agreements.template_id')
    .leftJoin('users', 'users.id', 'agreements.created_by')
    .selectAll('agreements')
    .select([
      'customers.name as customer_name',
      't.version as template_version',
      'users.display_name as created_by_name',
    ])
    .orderBy(SORT_COLUMNS[query.sort], direction)
    .orderBy('agreements.id', direction)
    .limit(query.pageSize)
    .offset(pageOffset(query.pageNum, query.pageSize))
    .execute();
  return {
    rows: rows.map((row) => toAgreementRow(row, now)),
    counts,
    total: counts.get(query.status ?? 'all') ?? 0,
  };
}

export type AgreementFilters = Omit<AgreementListQuery, 'pageNum' | 'pageSize'>;

/** The agreements of a bulk target: the selected ids, or what the list's filter and tab match. */
function bulkBase(db: Kysely<DB>, query: AgreementFilters | undefined, ids: number[] | undefined) {
  if (ids) return db.selectFrom('agreements').where('agreements.id', 'in', ids);
  const base = filtered(db, query ?? { keyword: undefined });
  const tab = AGREEMENT_TABS.find((candidate) => candidate.status === query?.status);
  return tab ? base.where(tab.condition) : base;
}

export async function countAgreementBulk(
  db: Kysely<DB>,
  query: AgreementFilters | undefined,
  ids: number[] | undefined,
): Promise<number> {
  const row = await bulkBase(db, query, ids)
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The rows of a bulk target in the list's order (the caller has counted them: at most the bulk limit). */
export async function* agreementBulkBatches(
  db: Kysely<DB>,
  query: AgreementFilters | undefined,
  ids: number[] | undefined,
) {
  const direction = query?.order === 'ascend' ? 'asc' : 'desc';
  yield await bulkBase(db, query, ids)
    .innerJoin('customers', 'customers.id', 'agreements.customer_id')
    .select(['agreements.id', 'agreements.agreement_name', 'customers.name as customer_name'])
    .orderBy(SORT_COLUMNS[query?.sort ?? 'createdAt'], direction)
    .orderBy('agreements.id', direction)
    .execute();
}

type RowSource = Pick<
  AgreementDetailRow,
  | 'id'
  | 'customer_id'
  | 'customer_name'
  | 'agreement_name'
  | 'template_version'
  | 'status'
  | 'code'
  | 'expires_at'
  | 'revoked'
  | 'created_at'
  | 'created_by_name'
  | 'opened_at'
  | 'read_at'
  | 'signed_at'
  | 'signer_name'
  | 'code_locked_at'
>;

export function toAgreementRow(row: RowSource, now: string): AgreementRow {
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    agreementName: row.agreement_name,
    templateVersion: row.template_version,
    status: row.status,
    url: signUrl(row.code),
    expiresAt: row.expires_at,
    expired: row.expires_at <= now,
    revoked: row.revoked === 1,
    createdAt: row.created_at,
    createdByName: row.created_by_name,
    openedAt: row.opened_at,
    readAt: row.read_at,
    signedAt: row.signed_at,
    signerName: row.signer_name,
    identityLocked: row.code_locked_at !== null,
  };
}
