import type { TrademarkImportRecord } from '@kxt/contracts/trademarks';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { deleteMarks, type MarkKey, refreshDatasetSummary, upsertMarks } from './repository.ts';

/** A record refused, or a fault of the whole file, with where it is. */
export interface ImportProblem {
  /** The line where the record starts (for JSON Lines, the line itself); 0 for a fault of the whole file. */
  line: number;
  /** The record's place among the records of its file (1 = first), where the format has records. */
  record?: number;
  /** The file inside an archive. */
  entry?: string;
  message: string;
}

export interface ImportReport {
  imported: number;
  /** Marks removed by the office's delete records. */
  deleted: number;
  /** Records refused (each one is a problem, the first ones are listed). */
  failed: number;
  /** Records read but not meant for the search, such as a figurative mark without any word element. */
  skipped: number;
  /** The first problems, with their positions (all are counted in `failed`). */
  problems: ImportProblem[];
  /** Faults of a whole file: unknown format, truncated archive, not well-formed XML. Any of them fails the import. */
  faults: ImportProblem[];
}

const BATCH = 2_000;
const MAX_PROBLEMS_KEPT = 1_000;

/** Collects good records in batches, deletions, and bad records as problems with positions; what every importer shares. */
export class ImportSink {
  readonly report: ImportReport = {
    imported: 0,
    deleted: 0,
    failed: 0,
    skipped: 0,
    problems: [],
    faults: [],
  };
  /** The file inside an archive being read, stamped on its problems. */
  entry: string | undefined;
  #batch: TrademarkImportRecord[] = [];
  #deletions: MarkKey[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    /** Called after each batch is written, for a progress line. */
    private readonly onProgress?: (report: ImportReport) => void,
  ) {}

  async accept(record: TrademarkImportRecord) {
    this.#batch.push(record);
    if (this.#batch.length >= BATCH) await this.#flush();
  }

  /** An office's delete record: the mark goes, in order with the upserts around it. */
  async remove(key: MarkKey) {
    await this.#flushUpserts();
    this.#deletions.push(key);
    if (this.#deletions.length >= BATCH) await this.#flush();
  }

  reject(problem: Omit<ImportProblem, 'entry'>) {
    this.report.failed += 1;
    if (this.report.problems.length < MAX_PROBLEMS_KEPT) this.report.problems.push(this.#where(problem));
  }

  skip() {
    this.report.skipped += 1;
  }

  /** A fault of the whole file (or archive entry): the import fails whatever else it read. */
  fault(problem: Omit<ImportProblem, 'entry'>) {
    this.report.faults.push(this.#where(problem));
  }

  async finish(): Promise<ImportReport> {
    await this.#flush();
    await refreshDatasetSummary(this.db);
    return this.report;
  }

  #where(problem: Omit<ImportProblem, 'entry'>): ImportProblem {
    return this.entry === undefined ? problem : { ...problem, entry: this.entry };
  }

  async #flush() {
    await this.#flushUpserts();
    if (this.#deletions.length > 0) {
      this.report.deleted += await deleteMarks(this.db, this.#deletions);
      this.#deletions = [];
      this.onProgress?.(this.report);
    }
  }

  async #flushUpserts() {
    if (this.#batch.length === 0) return;
    const deletions = this.#deletions;
    const batch = this.#batch;
    this.#deletions = [];
    this.#batch = [];
    // One commit per batch: a WAL commit per 300-row statement cost more than the statements.
    await this.db.transaction().execute(async (trx) => {
      if (deletions.length > 0) this.report.deleted += await deleteMarks(trx, deletions);
      this.report.imported += await upsertMarks(trx, batch);
    });
    this.onProgress?.(this.report);
  }
}

/** Why an import failed, or undefined when it counts as done (the command's exit code follows this). */
export function importFailure(report: ImportReport, maxRefusedPercent: number): string | undefined {
  const [fault, ...moreFaults] = report.faults;
  if (fault)
    return moreFaults.length > 0
      ? `${report.faults.length} parts could not be read (listed below)`
      : fault.message;
  if (report.imported + report.deleted === 0) return 'no readable record';
  const read = report.imported + report.failed;
  if (report.failed > (read * maxRefusedPercent) / 100)
    return `${report.failed} of ${read} records refused, more than ${maxRefusedPercent}%`;
  return undefined;
}
