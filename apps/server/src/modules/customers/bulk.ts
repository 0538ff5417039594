import { type CustomerBulk, customerListQuery } from '@kxt/contracts/customers';
import type { ListDeps } from '../../context.ts';
import { applyToEach, type BulkCaller, bulkRows, exportSource } from '../../lib/bulk.ts';
import { countCustomerExport, customerExportBatches } from './repository.ts';
import { patchCustomer } from './service.ts';

const filters = customerListQuery.omit({ pageNum: true, pageSize: true });

/** 批量挂起 / 恢复服务: each customer's services suspended or resumed, as its inline edit would (locked, audited). */
export async function bulkCustomerSuspend(deps: ListDeps, body: CustomerBulk, caller: BulkCaller) {
  const source = exportSource(
    filters,
    {
      count: (query, ids) => countCustomerExport(deps.db, query, ids),
      batches: (query, ids) => customerExportBatches(deps.db, query, ids),
    },
    (row) => ({ id: row.id, label: row.name }),
  );
  const rows = await bulkRows(source, body.target);
  return applyToEach(
    rows,
    (row) => patchCustomer(deps, row.id, { suspend: body.suspend }, caller.actor),
    caller,
  );
}
