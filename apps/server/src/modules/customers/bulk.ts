import { type CustomerBulk, customerListQuery } from '@kxt/contracts/customers';
import type { FastifyBaseLogger } from 'fastify';
import type { ListDeps } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { applyToEach, type BulkSource, bulkRows } from '../../lib/bulk.ts';
import type { Locale } from '../../locales/translate.ts';
import { type CustomerFilters, countCustomerExport, customerExportBatches } from './repository.ts';
import { patchCustomer } from './service.ts';

const filters = customerListQuery.omit({ pageNum: true, pageSize: true });

/** The customers of a bulk target, found as the list's export finds them (same filters, same order). */
function customerSource(deps: ListDeps) {
  const orDefault = (query: CustomerFilters | undefined) => query ?? filters.parse({});
  return {
    filters,
    count: (query, ids) => countCustomerExport(deps.db, orDefault(query), ids),
    batches: (query, ids) => customerExportBatches(deps.db, orDefault(query), ids),
    describe: (row) => ({ id: row.id, label: row.name }),
  } satisfies BulkSource<CustomerFilters, { id: number; name: string }>;
}

/** 批量挂起 / 恢复服务: each customer's services suspended or resumed, as its inline edit would (locked, audited). */
export async function bulkCustomerSuspend(
  deps: ListDeps,
  body: CustomerBulk,
  actor: Actor,
  locale: Locale,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const rows = await bulkRows(customerSource(deps), body.target);
  return applyToEach(
    rows,
    (row) => patchCustomer(deps, row.id, { suspend: body.suspend }, actor),
    locale,
    log,
  );
}
