import type { Readable } from 'node:stream';
import { type TrademarkImportRecord, trademarkImportRecord } from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { readLines } from '../../lib/lines.ts';
import { refreshDatasetSummary, upsertMarks } from './repository.ts';

export interface ImportProblem {
  line: number;
  message: string;
}

export interface ImportReport {
  imported: number;
  failed: number;
  /** The first problems, with their line numbers (all are counted in `failed`). */
  problems: ImportProblem[];
}

const BATCH = 2_000;
const MAX_PROBLEMS_KEPT = 1_000;

/** Collects good records in batches and bad ones as numbered problems; what the two importers share. */
export class ImportSink {
  readonly report: ImportReport = { imported: 0, failed: 0, problems: [] };
  #batch: TrademarkImportRecord[] = [];

  constructor(private readonly db: Kysely<DB>) {}

  async accept(record: TrademarkImportRecord) {
    this.#batch.push(record);
    if (this.#batch.length >= BATCH) await this.#flush();
  }

  reject(line: number, message: string) {
    this.report.failed += 1;
    if (this.report.problems.length < MAX_PROBLEMS_KEPT) this.report.problems.push({ line, message });
  }

  async finish(): Promise<ImportReport> {
    await this.#flush();
    await refreshDatasetSummary(this.db);
    return this.report;
  }

  async #flush() {
    if (this.#batch.length === 0) return;
    this.report.imported += await upsertMarks(this.db, this.#batch);
    this.#batch = [];
  }
}

/**
 * Imports JSON Lines whose fields are the search result item (spec §3), upserting on (dataset, applicationNumber).
 * Bad lines are reported with their numbers and what is wrong; good lines are kept either way.
 */
export async function importJsonLines(db: Kysely<DB>, input: Readable): Promise<ImportReport> {
  const sink = new ImportSink(db);
  for await (const line of readLines(input)) {
    if (line.tooLong) {
      sink.reject(line.number, 'line is longer than 1,000,000 characters');
      continue;
    }
    if (line.text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch {
      sink.reject(line.number, 'not valid JSON');
      continue;
    }
    const parsed = trademarkImportRecord.safeParse(json);
    if (!parsed.success) {
      sink.reject(
        line.number,
        parsed.error.issues
          .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`)
          .join('; '),
      );
      continue;
    }
    await sink.accept(parsed.data);
  }
  return sink.finish();
}
