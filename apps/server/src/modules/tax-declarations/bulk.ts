import { type TaxDeclarationBulk, taxDeclarationListQuery } from '@kxt/contracts/tax-declarations';
import type { ListDeps } from '../../context.ts';
import { HttpError } from '../../http-error.ts';
import { applyToEach, type BulkCaller, bulkRows, exportSource } from '../../lib/bulk.ts';
import { utcDate } from '../../lib/list.ts';
import { countTaxDeclarationExport, taxDeclarationExportBatches } from './repository.ts';
import { patchTaxDeclaration } from './service.ts';

const filters = taxDeclarationListQuery.omit({ pageNum: true, pageSize: true });

/**
 * 批量标记已申报: each pending declaration is declared on the date and by the party given, as its inline edit would
 * declare it (locked, audited, the service item's overdue level recomputed); one declared earlier stays as it was.
 */
export async function bulkDeclare(deps: ListDeps, body: TaxDeclarationBulk, caller: BulkCaller) {
  // Refused for all rows alike, so refused before any row is read.
  if (body.declaredDate > utcDate()) throw new HttpError(400, 'bulk.declaredInFuture');
  const source = exportSource(
    filters,
    {
      count: (query, ids) => countTaxDeclarationExport(deps.db, query, ids),
      batches: (query, ids) => taxDeclarationExportBatches(deps.db, query, ids),
    },
    (row) => ({ id: row.id, label: `${row.serviceCode} ${row.taxPeriod}` }),
  );
  const rows = await bulkRows(source, body.target);
  const patch = { status: 'declared' as const, declaredDate: body.declaredDate, declaredBy: body.declaredBy };
  return applyToEach(
    rows,
    (row) => patchTaxDeclaration(deps, row.id, patch, caller.actor, { keepDeclared: true }),
    caller,
  );
}
