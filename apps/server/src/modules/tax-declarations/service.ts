import {
  TAX_DECLARATION_STATUSES,
  type TaxDeclarationExportQuery,
  type TaxDeclarationListQuery,
  type TaxDeclarationPatch,
} from '@kxt/contracts/tax-declarations';
import type { Selectable } from 'kysely';
import type { ListDeps } from '../../context.ts';
import type { TaxDeclarationsTable } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import type { RowChange } from '../../lib/bulk.ts';
import { toStatusTabList, utcDate } from '../../lib/list.ts';
import { nowIso } from '../../lib/time.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { recordAudit } from '../audit/audit.ts';
import { refreshDeclarationSummary } from '../service-items/repository.ts';
import {
  countTaxDeclarationExport,
  findTaxDeclarationForUpdate,
  listTaxDeclarations,
  taxDeclarationExportBatches,
} from './repository.ts';

export async function taxDeclarationList(
  deps: ListDeps,
  query: TaxDeclarationListQuery,
  t: (key: MessageKey) => string,
) {
  const { rows, counts, total, amountTotals } = await listTaxDeclarations(deps.db, query, deps.countCache);
  const statusTabList = toStatusTabList(counts, TAX_DECLARATION_STATUSES, (status) =>
    t(status === 'all' ? 'tab.all' : (`taxStatus.${status}` as MessageKey)),
  );
  return { rows, total, statusTabList, amountTotals };
}

/**
 * What an export of the list holds: the rows named by `ids` (every one must exist, else 404 and nothing is sent),
 * or every row the filters match, counted first so the file's size is known and bounded.
 */
export async function taxDeclarationExport(deps: ListDeps, query: TaxDeclarationExportQuery) {
  const { format: _format, columns: _columns, ids, timeZone: _zone, ...filters } = query;
  const today = utcDate();
  const selected = ids ? [...new Set(ids)] : undefined;
  const total = await countTaxDeclarationExport(deps.db, filters, selected, today);
  if (selected && total < selected.length) throw new HttpError(404, 'export.unknownRows');
  return { total, batches: taxDeclarationExportBatches(deps.db, filters, selected, today) };
}

/** The fields an edit may change, as its audit row records them before and after. */
function editableFields(
  row: Pick<
    Selectable<TaxDeclarationsTable>,
    'status' | 'declared_date' | 'declared_by' | 'amount' | 'due_date'
  >,
) {
  return {
    status: row.status,
    declaredDate: row.declared_date,
    declaredBy: row.declared_by,
    amount: Number(row.amount),
    dueDate: row.due_date,
  };
}

/**
 * Edits a declaration. A declared return carries its date (not in the future) and who declared it; a pending one
 * carries neither. The service item's overdue level and K badge follow in the same transaction. The rules are
 * checked on the row read under a lock, and the audit row records it before and after the edit.
 */
export async function patchTaxDeclaration(
  deps: ListDeps,
  id: number,
  patch: TaxDeclarationPatch,
  actor: Actor,
  options: { keepDeclared?: boolean } = {},
): Promise<RowChange> {
  const change = await deps.db.transaction().execute(async (trx): Promise<RowChange> => {
    const before = await findTaxDeclarationForUpdate(trx, id);
    if (!before) throw notFound();
    // Marking declarations declared in bulk leaves one declared earlier as it was (its own date and party).
    if (options.keepDeclared && before.status === 'declared') return 'unchanged';
    const status = patch.status ?? before.status;
    let declaredDate = patch.declaredDate !== undefined ? patch.declaredDate : before.declared_date;
    let declaredBy = patch.declaredBy !== undefined ? patch.declaredBy : before.declared_by;
    if (status === 'declared') {
      if (!declaredDate || !declaredBy) {
        throw new HttpError(
          400,
          'taxDeclaration.declareNeedsDetails',
          {},
          {
            ...(declaredDate ? {} : { declaredDate: 'taxDeclaration.declareNeedsDetails' }),
            ...(declaredBy ? {} : { declaredBy: 'taxDeclaration.declareNeedsDetails' }),
          },
        );
      }
      if (declaredDate > utcDate()) {
        throw new HttpError(
          400,
          'taxDeclaration.declaredInFuture',
          {},
          { declaredDate: 'taxDeclaration.declaredInFuture' },
        );
      }
    } else {
      if (patch.declaredDate || patch.declaredBy)
        throw new HttpError(400, 'taxDeclaration.pendingHasNoDetails');
      declaredDate = null;
      declaredBy = null;
    }
    const after = {
      status,
      declared_date: declaredDate,
      declared_by: declaredBy,
      amount: patch.amount ?? before.amount,
      due_date: patch.dueDate ?? before.due_date,
    };
    if (JSON.stringify(editableFields(after)) === JSON.stringify(editableFields(before))) return 'unchanged';
    await trx
      .updateTable('tax_declarations')
      .set({ ...after, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await refreshDeclarationSummary(trx, [before.service_item_id]);
    await recordAudit(trx, {
      ...actor,
      action: 'tax-declaration.update',
      entityType: 'tax_declaration',
      entityId: id,
      from: JSON.stringify(editableFields(before)),
      to: JSON.stringify(editableFields(after)),
    });
    return 'done';
  });
  if (change === 'done') deps.countCache.invalidate();
  return change;
}
