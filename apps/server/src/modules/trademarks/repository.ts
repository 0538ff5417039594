import type { TrademarkImportRecord, TrademarkResultItem, TrademarkStatus } from '@kxt/contracts/trademarks';
import { type Kysely, sql } from 'kysely';
import type { DB, MarksTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/** What the in-memory index is built from: the searchable part of a mark. */
export interface IndexedMark {
  id: number;
  name: string;
  dataset: string;
  niceClass: number[];
  status: TrademarkStatus;
}

export const parseClasses = (text: string) =>
  text
    .split(',')
    .map(Number)
    .filter((value) => value >= 1 && value <= 45);

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
    const rows = records.slice(start, start + UPSERT_CHUNK).map((record) => ({
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
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  return records.length;
}

/** Recomputes each dataset's latest application date and mark count (the "register times" of the search screen). */
export async function refreshDatasetSummary(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('marks')
    .select([
      'dataset',
      sql<string | null>`max(application_date)`.as('last'),
      sql<number>`count(*)`.as('count'),
    ])
    .groupBy('dataset')
    .execute();
  const at = nowIso();
  for (const row of rows) {
    await db
      .insertInto('trademark_datasets')
      .values({ code: row.dataset, last_app_date: row.last, mark_count: Number(row.count), updated_at: at })
      .onConflict((conflict) =>
        conflict
          .column('code')
          .doUpdateSet({ last_app_date: row.last, mark_count: Number(row.count), updated_at: at }),
      )
      .execute();
  }
}

/** Marks changed after (updatedAt, id), oldest first, for building and refreshing the index page by page. */
export async function marksChangedAfter(
  db: Kysely<DB>,
  after: { updatedAt: string; id: number },
  limit: number,
) {
  const rows = await db
    .selectFrom('marks')
    .select(['id', 'name', 'dataset', 'nice_classes', 'status', 'updated_at'])
    .where((eb) =>
      eb.or([
        eb('updated_at', '>', after.updatedAt),
        eb.and([eb('updated_at', '=', after.updatedAt), eb('id', '>', after.id)]),
      ]),
    )
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    mark: {
      id: row.id,
      name: row.name,
      dataset: row.dataset,
      niceClass: parseClasses(row.nice_classes),
      status: row.status,
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
  };
}

type MarksTableRow = { [K in keyof MarksTable]: K extends 'id' ? number : MarksTable[K] };

export function findMarks(db: Kysely<DB>, ids: readonly number[]): Promise<MarksTableRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('marks').selectAll().where('id', 'in', ids).execute();
}
