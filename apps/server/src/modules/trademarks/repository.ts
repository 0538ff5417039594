import type { TrademarkImportRecord, TrademarkResultItem, TrademarkStatus } from '@kxt/contracts/trademarks';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, MarksTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/** What the in-memory index is built from: the searchable part of a mark. */
export interface IndexedMark {
  id: number;
  name: string;
  dataset: string;
  niceClass: number[];
  status: TrademarkStatus;
  designations: string[];
}

export const parseClasses = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((value) => value >= 1 && value <= 45);

const joinCodes = (codes: readonly string[] | undefined) => [...new Set(codes ?? [])].sort().join(',');
const parseCodes = (text: string) => (text === '' ? [] : text.split(','));

const UPSERT_CHUNK = 300;

/**
 * Inserts or updates marks by (dataset, applicationNumber), in chunks. Returns how many rows were written. Each
 * row gets a fresh `updated_at`, which is how every server process finds what to re-index.
 */
export async function upsertMarks(
  db: Kysely<DB>,
  records: readonly TrademarkImportRecord[],
): Promise<number> {
  const at = nowIso();
  for (let start = 0; start < records.length; start += UPSERT_CHUNK) {
    const rows = lastOfEachKey(records.slice(start, start + UPSERT_CHUNK)).map((record) => ({
      dataset: record.dataset,
      application_number: record.applicationNumber,
      name: record.name,
      application_date: record.applicationDate ?? null,
      registration_date: record.registrationDate ?? null,
      nice_classes: [...new Set(record.niceClass)].sort((a, b) => a - b).join(','),
      owner: record.owner ?? null,
      status: record.status,
      goods_and_services: JSON.stringify(record.goodsAndServices ?? {}),
      goods_translation: record.goodsAndServicesTranslation
        ? JSON.stringify(record.goodsAndServicesTranslation)
        : null,
      attorney: record.attorney ?? null,
      image_url: record.imageUrl ?? null,
      designations: joinCodes(record.designations),
      generated: record.generated ? 1 : 0,
      registration_number: record.registrationNumber ?? null,
      expiry_date: record.expiryDate ?? null,
      publication_date: record.publicationDate ?? null,
      mark_feature: record.markFeature ?? null,
      created_at: at,
      updated_at: at,
    }));
    await db
      .insertInto('marks')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['dataset', 'application_number']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          application_date: eb.ref('excluded.application_date'),
          registration_date: eb.ref('excluded.registration_date'),
          nice_classes: eb.ref('excluded.nice_classes'),
          owner: eb.ref('excluded.owner'),
          status: eb.ref('excluded.status'),
          goods_and_services: eb.ref('excluded.goods_and_services'),
          goods_translation: eb.ref('excluded.goods_translation'),
          attorney: eb.ref('excluded.attorney'),
          image_url: eb.ref('excluded.image_url'),
          designations: eb.ref('excluded.designations'),
          generated: eb.ref('excluded.generated'),
          registration_number: eb.ref('excluded.registration_number'),
          expiry_date: eb.ref('excluded.expiry_date'),
          publication_date: eb.ref('excluded.publication_date'),
          mark_feature: eb.ref('excluded.mark_feature'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  return records.length;
}

export interface MarkKey {
  dataset: string;
  applicationNumber: string;
}

/**
 * Removes marks by (dataset, applicationNumber), leaving a `mark_deletions` row per removed mark so every server
 * process drops it from its index. Answers how many marks existed and were removed.
 */
export async function deleteMarks(db: Kysely<DB>, keys: readonly MarkKey[]): Promise<number> {
  let removed = 0;
  const at = nowIso();
  for (let start = 0; start < keys.length; start += UPSERT_CHUNK) {
    const chunk = keys.slice(start, start + UPSERT_CHUNK);
    const rows = await db
      .selectFrom('marks')
      .select('id')
      .where((eb) =>
        eb.or(
          chunk.map((key) =>
            eb.and([eb('dataset', '=', key.dataset), eb('application_number', '=', key.applicationNumber)]),
          ),
        ),
      )
      .execute();
    if (rows.length === 0) continue;
    const ids = rows.map((row) => row.id);
    await db.deleteFrom('marks').where('id', 'in', ids).execute();
    await db
      .insertInto('mark_deletions')
      .values(ids.map((id) => ({ mark_id: id, deleted_at: at })))
      .execute();
    removed += ids.length;
  }
  return removed;
}

/** Marks deleted after the deletion row `afterId`, oldest first: what an index built earlier must drop. */
export function markDeletionsAfter(db: Kysely<DB>, afterId: number, limit: number) {
  return db
    .selectFrom('mark_deletions')
    .select(['id', 'mark_id'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * One record per (dataset, applicationNumber), the last one given, in the place of the first: what SQLite's upsert
 * makes of repeats within one statement, and what PostgreSQL's needs (it refuses to update one row twice).
 */
function lastOfEachKey(records: readonly TrademarkImportRecord[]): TrademarkImportRecord[] {
  const byKey = new Map<string, TrademarkImportRecord>();
  for (const record of records) byKey.set(`${record.dataset}\n${record.applicationNumber}`, record);
  return [...byKey.values()];
}

/**
 * Recomputes each dataset's data date, mark count and generated-mark count (the "register times" of the search
 * screen). The data date is the newest application or registration date the register holds: a register's data is
 * current at least to the last registration it records.
 */
export async function refreshDatasetSummary(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('marks')
    .select([
      'dataset',
      sql<string | null>`max(application_date)`.as('lastApplied'),
      sql<string | null>`max(registration_date)`.as('lastRegistered'),
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(generated)`.as('generated'),
    ])
    .groupBy('dataset')
    .execute();
  const at = nowIso();
  for (const row of rows) {
    const dates = [row.lastApplied, row.lastRegistered].filter((day): day is string => day !== null).sort();
    const values = {
      last_app_date: dates.at(-1) ?? null,
      mark_count: Number(row.count),
      generated_count: Number(row.generated ?? 0),
      updated_at: at,
    };
    await db
      .insertInto('trademark_datasets')
      .values({ code: row.dataset, ...values })
      .onConflict((conflict) => conflict.column('code').doUpdateSet(values))
      .execute();
  }
}

/** Marks changed after (updatedAt, id), oldest first, for building and refreshing the index page by page. */
export async function marksChangedAfter(
  db: Kysely<DB>,
  after: { updatedAt: string; id: number },
  limit: number,
) {
  // Two index seeks, not one `updated_at > ? OR (updated_at = ? AND id > ?)`: SQLite answers that OR by walking the
  // (updated_at, id) index from its start, so each page of a build cost more than the last (quadratic in the marks).
  const columns = ['id', 'name', 'dataset', 'nice_classes', 'status', 'designations', 'updated_at'] as const;
  const sameTime = await db
    .selectFrom('marks')
    .select(columns)
    .where('updated_at', '=', after.updatedAt)
    .where('id', '>', after.id)
    .orderBy('id')
    .limit(limit)
    .execute();
  const later =
    sameTime.length < limit
      ? await db
          .selectFrom('marks')
          .select(columns)
          .where('updated_at', '>', after.updatedAt)
          .orderBy('updated_at')
          .orderBy('id')
          .limit(limit - sameTime.length)
          .execute()
      : [];
  return [...sameTime, ...later].map((row) => ({
    mark: {
      id: row.id,
      name: row.name,
      dataset: row.dataset,
      niceClass: parseClasses(row.nice_classes),
      status: row.status,
      designations: parseCodes(row.designations),
    },
    updatedAt: row.updated_at,
  }));
}

function parseTextMap(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
}

export function toResultItem(
  row: MarksTableRow,
  score: number,
  signals: readonly string[],
): TrademarkResultItem {
  return {
    id: row.id,
    name: row.name,
    applicationNumber: row.application_number,
    applicationDate: row.application_date,
    registrationDate: row.registration_date,
    niceClass: parseClasses(row.nice_classes),
    owner: row.owner,
    dataset: row.dataset,
    status: row.status,
    goodsAndServices: parseTextMap(row.goods_and_services) ?? {},
    goodsAndServicesTranslation: parseTextMap(row.goods_translation),
    attorney: row.attorney,
    imageUrl: row.image_url,
    similarityScore: score,
    signals: [...signals],
    designations: parseCodes(row.designations),
    registrationNumber: row.registration_number,
    expiryDate: row.expiry_date,
    markFeature: row.mark_feature,
  };
}

type MarksTableRow = Selectable<MarksTable>;

export function findMarks(db: Kysely<DB>, ids: readonly number[]): Promise<MarksTableRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('marks').selectAll().where('id', 'in', ids).execute();
}
