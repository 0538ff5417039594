import type { TrademarkImportListQuery, TrademarkImportRow } from '@kxt/contracts/trademark-imports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { matchWatches, type WatchMatching } from '../watches/matching.ts';
import { type ImportProblem, type ImportReport, ImportSink, importFailure } from './import-sink.ts';
import { type ImportFormat, readTrademarkFile } from './import-source.ts';

/** Above this share of refused records (percent of the records read) an import fails; `--max-refused` changes it. */
export const DEFAULT_MAX_REFUSED_PERCENT = 5;
/** Problems kept with a batch for the admin list (the command prints its own first ones). */
const PROBLEMS_STORED = 100;

export interface FileImportOptions {
  format?: ImportFormat;
  /** A delivery from a feed: the feed's name, the file's name as the batch records it, and its SHA-256. */
  feed?: { name: string; fileName: string; checksum: string };
  maxRefusedPercent?: number;
  onProgress?: (report: ImportReport) => void;
}

export interface FileImportResult {
  batchId: number;
  report: ImportReport;
  formats: ImportFormat[];
  /** Why the import failed; undefined when it is done. */
  failure: string | undefined;
  /** What matching the batch's marks against the trademark watches found; undefined when it could not run. */
  watches: WatchMatching | undefined;
  watchError: string | undefined;
}

/**
 * Imports one file as one batch: a `trademark_imports` row opened before the first record and closed with the counts,
 * the first problems, and whether it failed (a file fault, nothing readable, or too many records refused).
 */
export async function importTrademarkFile(
  db: Kysely<DB>,
  file: string,
  options: FileImportOptions = {},
): Promise<FileImportResult> {
  const startedAt = nowIso();
  const batch = await db
    .insertInto('trademark_imports')
    .values({
      file_name: (options.feed?.fileName ?? file).slice(-500),
      status: 'running',
      started_at: startedAt,
      feed: options.feed?.name ?? null,
      checksum: options.feed?.checksum ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sink = new ImportSink(db, options.onProgress);
  let formats: ImportFormat[] = [];
  try {
    formats = [...(await readTrademarkFile(sink, file, options.format))];
  } catch (error) {
    sink.fault({
      line: 0,
      message: `cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  const report = await sink.finish();
  const failure = importFailure(report, options.maxRefusedPercent ?? DEFAULT_MAX_REFUSED_PERCENT);
  await db
    .updateTable('trademark_imports')
    .set({
      format: formats.join(',') || null,
      status: failure ? 'failed' : 'done',
      imported: report.imported,
      deleted: report.deleted,
      refused: report.failed,
      skipped: report.skipped,
      problems: JSON.stringify([...report.faults, ...report.problems].slice(0, PROBLEMS_STORED)),
      finished_at: nowIso(),
    })
    .where('id', '=', batch.id)
    .execute();
  // The batch's new and changed marks against the active watches (a failed batch may have kept good records too).
  let watches: WatchMatching | undefined;
  let watchError: string | undefined;
  try {
    watches = await matchWatches(db, startedAt, batch.id);
  } catch (error) {
    watchError = error instanceof Error ? error.message : String(error);
  }
  return { batchId: batch.id, report, formats, failure, watches, watchError };
}

/** The import batches, newest first, for the admin list. */
export async function listImportBatches(
  db: Kysely<DB>,
  query: TrademarkImportListQuery,
): Promise<{ rows: TrademarkImportRow[]; total: number }> {
  let base = db.selectFrom('trademark_imports');
  if (query.status) base = base.where('status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((row) => ({
      id: row.id,
      fileName: row.file_name,
      format: row.format,
      status: row.status,
      imported: row.imported,
      deleted: row.deleted,
      refused: row.refused,
      skipped: row.skipped,
      problems: JSON.parse(row.problems) as ImportProblem[],
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      feed: row.feed,
    })),
  };
}
