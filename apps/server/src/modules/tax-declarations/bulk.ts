import { type TaxDeclarationBulk, taxDeclarationListQuery } from '@kxt/contracts/tax-declarations';
import type { FastifyBaseLogger } from 'fastify';
import type { ListDeps } from '../../context.ts';
import { HttpError } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { applyToEach, type BulkSource, bulkRows } from '../../lib/bulk.ts';
import { utcDate } from '../../lib/list.ts';
import type { Locale } from '../../locales/translate.ts';
import {
  countTaxDeclarationExport,
  type TaxDeclarationFilters,
  taxDeclarationExportBatches,
} from './repository.ts';
import { patchTaxDeclaration } from './service.ts';

const filters = taxDeclarationListQuery.omit({ pageNum: true, pageSize: true });

/** The declarations of a bulk target, found as the list's export finds them (same filters, same order). */
function taxDeclarationSource(deps: ListDeps) {
  const orDefault = (query: TaxDeclarationFilters | undefined) => query ?? filters.parse({});
  return {
    filters,
    count: (query, ids) => countTaxDeclarationExport(deps.db, orDefault(query), ids),
    batches: (query, ids) => taxDeclarationExportBatches(deps.db, orDefault(query), ids),
    describe: (row) => ({ id: row.id, label: `${row.serviceCode} ${row.taxPeriod}` }),
  } satisfies BulkSource<TaxDeclarationFilters, { id: number; serviceCode: string; taxPeriod: string }>;
}

/**
 * 批量标记已申报: each pending declaration is declared on the date and by the party given, as its inline edit would
 * declare it (locked, audited, the service item's overdue level recomputed); one declared earlier stays as it was.
 */
export async function bulkDeclare(
  deps: ListDeps,
  body: TaxDeclarationBulk,
  actor: Actor,
  locale: Locale,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  // Refused for all rows alike, so refused before any row is read.
  if (body.declaredDate > utcDate()) throw new HttpError(400, 'bulk.declaredInFuture');
  const rows = await bulkRows(taxDeclarationSource(deps), body.target);
  const patch = { status: 'declared' as const, declaredDate: body.declaredDate, declaredBy: body.declaredBy };
  return applyToEach(
    rows,
    (row) => patchTaxDeclaration(deps, row.id, patch, actor, { keepDeclared: true }),
    locale,
    log,
  );
}
