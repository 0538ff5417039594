import type { AdminPatentRow, PatentRow, PatentStatusCount } from '@kxt/contracts/patents';
import { api } from '../../../components/api/api-client.ts';
import { listQuery } from '../../../components/DataTable/list-request.ts';
import type { RequestData, RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** A patent list answer as the shared table takes it, with the status counts (`obj`) kept for the tabs. */
export type PatentListResult<Row> = RequestData<Row> & { obj: PatentStatusCount[] };

async function listFrom<Row>(path: string, params: RequestParams, sort: SortState) {
  const list = await api.list<Row, { obj?: PatentStatusCount[] }>(path, listQuery(params, sort));
  // The patent lists count their tabs in `obj` rather than the shared `statusTabList`.
  const result: PatentListResult<Row> = {
    data: list.rows,
    total: list.total,
    success: true,
    obj: list.obj ?? [],
  };
  return result;
}

/** GET /api/patent/services: the customer's own orders. */
export function listPatents(params: RequestParams, sort: SortState) {
  return listFrom<PatentRow>('/api/patent/services', params, sort);
}

/** GET /api/admin/patents: every customer's orders, for the review back office. */
export function listAdminPatents(params: RequestParams, sort: SortState) {
  return listFrom<AdminPatentRow>('/api/admin/patents', params, sort);
}
