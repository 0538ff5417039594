import { BULK_LIMIT, type BulkOutcome, type BulkSummary, type BulkTarget } from '@kxt/contracts/bulk';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import { HttpError } from '../http-error.ts';
import { type Locale, translate } from '../locales/translate.ts';
import type { Actor } from './actor.ts';

/** A row a bulk action will change, named as the list shows it. */
export interface BulkRow {
  id: number;
  label: string;
}

/** How a list finds the rows of a bulk target: its export's count and batches, by ids or by filters. */
export interface BulkSource<Filters, Row> {
  /** The list's query without paging: validates the filters of an "all matching" target. */
  filters: ZodType<Filters>;
  count: (filters: Filters | undefined, ids: number[] | undefined) => Promise<number>;
  batches: (filters: Filters | undefined, ids: number[] | undefined) => AsyncIterable<Row[]>;
  describe: (row: Row) => BulkRow;
}

/**
 * The rows a bulk target names, decided before anything changes: every selected id must exist (else 404), and the
 * filter must still match the count the user confirmed (else 409 with the count now) and no more than the limit.
 */
export async function bulkRows<Filters, Row>(
  source: BulkSource<Filters, Row>,
  target: BulkTarget,
): Promise<BulkRow[]> {
  let filters: Filters | undefined;
  let ids: number[] | undefined;
  if ('ids' in target) {
    ids = [...new Set(target.ids)];
    if ((await source.count(undefined, ids)) < ids.length) throw new HttpError(404, 'bulk.unknownRows');
  } else {
    const parsed = source.filters.safeParse(target.filters);
    if (!parsed.success) throw new HttpError(400, 'bulk.badFilters');
    filters = parsed.data;
    const total = await source.count(filters, undefined);
    if (total > BULK_LIMIT) throw new HttpError(400, 'bulk.tooMany', { total, limit: BULK_LIMIT });
    if (total !== target.expectedTotal) throw new HttpError(409, 'bulk.selectionChanged', { total });
  }
  const rows: BulkRow[] = [];
  for await (const batch of source.batches(filters, ids)) rows.push(...batch.map(source.describe));
  return rows;
}

/**
 * A bulk source over a list's export queries, which always take filters: a target by ids is read with the list's
 * default filters (its default order), so its rows come in the list's order too.
 */
export function exportSource<Filters, Row>(
  filters: ZodType<Filters>,
  read: {
    count: (query: Filters, ids: number[] | undefined) => Promise<number>;
    batches: (query: Filters, ids: number[] | undefined) => AsyncIterable<Row[]>;
  },
  describe: (row: Row) => BulkRow,
): BulkSource<Filters, Row> {
  const orDefault = (query: Filters | undefined) => query ?? filters.parse({});
  return {
    filters,
    count: (query, ids) => read.count(orDefault(query), ids),
    batches: (query, ids) => read.batches(orDefault(query), ids),
    describe,
  };
}

/** Who runs a bulk action and how to answer them: the audit's actor, the messages' language, the log. */
export interface BulkCaller {
  actor: Actor;
  locale: Locale;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** What a row's change did: it changed the row, or found it already as asked. */
export type RowChange = 'done' | 'unchanged';

/**
 * Applies a change to each row in turn, each in its own transaction (the `apply` of one row), so a row is changed
 * wholly or not at all and one refused row does not stop the others. A refusal (an `HttpError`) is reported with
 * its message; anything else is logged and reported as a failure of that row.
 */
export async function applyToEach(
  rows: BulkRow[],
  apply: (row: BulkRow) => Promise<RowChange>,
  { locale, log }: Pick<BulkCaller, 'locale' | 'log'>,
): Promise<BulkSummary> {
  const outcomes: BulkOutcome[] = [];
  for (const row of rows) {
    try {
      outcomes.push({ ...row, result: await apply(row) });
    } catch (error) {
      if (!(error instanceof HttpError))
        log.error({ err: error, rowId: row.id }, 'bulk action failed on a row');
      const msg =
        error instanceof HttpError
          ? translate(locale, error.messageKey, error.params)
          : translate(locale, 'bulk.rowError');
      outcomes.push({ ...row, result: 'failed', msg });
    }
  }
  const count = (result: BulkOutcome['result']) => outcomes.filter((row) => row.result === result).length;
  return { done: count('done'), unchanged: count('unchanged'), failed: count('failed'), rows: outcomes };
}
