import { type ServiceItemBulk, serviceItemListQuery } from '@kxt/contracts/service-items';
import type { FastifyBaseLogger } from 'fastify';
import type { ListDeps } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { applyToEach, type BulkSource, bulkRows } from '../../lib/bulk.ts';
import type { Locale } from '../../locales/translate.ts';
import { countServiceItemExport, type ServiceItemFilters, serviceItemExportBatches } from './repository.ts';
import { patchServiceItem } from './service.ts';

const filters = serviceItemListQuery.omit({ pageNum: true, pageSize: true });

/** The service items of a bulk target, found as the list's export finds them (same filters, same order). */
function serviceItemSource(deps: ListDeps, locale: Locale) {
  const orDefault = (query: ServiceItemFilters | undefined) => query ?? filters.parse({});
  return {
    filters,
    count: (query, ids) => countServiceItemExport(deps.db, orDefault(query), { ids }),
    batches: (query, ids) => serviceItemExportBatches(deps.db, orDefault(query), { ids }, locale),
    describe: (row) => ({ id: row.id, label: row.serviceCode }),
  } satisfies BulkSource<ServiceItemFilters, { id: number; serviceCode: string }>;
}

/** 批量修改状态: each service item moves to the status asked, as its inline edit would move it (locked, audited). */
export async function bulkServiceItemStatus(
  deps: ListDeps,
  body: ServiceItemBulk,
  actor: Actor,
  locale: Locale,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const rows = await bulkRows(serviceItemSource(deps, locale), body.target);
  return applyToEach(
    rows,
    (row) => patchServiceItem(deps, row.id, { status: body.status }, actor),
    locale,
    log,
  );
}
