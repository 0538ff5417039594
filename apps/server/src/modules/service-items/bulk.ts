import { type ServiceItemBulk, serviceItemListQuery } from '@kxt/contracts/service-items';
import type { ListDeps } from '../../context.ts';
import { applyToEach, type BulkCaller, bulkRows, exportSource } from '../../lib/bulk.ts';
import { countServiceItemExport, serviceItemExportBatches } from './repository.ts';
import { patchServiceItem } from './service.ts';

const filters = serviceItemListQuery.omit({ pageNum: true, pageSize: true });

/** 批量修改状态: each service item moves to the status asked, as its inline edit would move it (locked, audited). */
export async function bulkServiceItemStatus(deps: ListDeps, body: ServiceItemBulk, caller: BulkCaller) {
  const source = exportSource(
    filters,
    {
      count: (query, ids) => countServiceItemExport(deps.db, query, { ids }),
      batches: (query, ids) => serviceItemExportBatches(deps.db, query, { ids }, caller.locale),
    },
    (row) => ({ id: row.id, label: row.serviceCode }),
  );
  const rows = await bulkRows(source, body.target);
  return applyToEach(
    rows,
    (row) => patchServiceItem(deps, row.id, { status: body.status }, caller.actor),
    caller,
  );
}
