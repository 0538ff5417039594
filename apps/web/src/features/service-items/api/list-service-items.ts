import type { StatusTab } from '@kxt/contracts/paging';
import type { ServiceItemRow } from '@kxt/contracts/service-items';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** GET /api/admin/service-items, as the service item table asks for it. */
export async function listServiceItems(params: RequestParams, sort: SortState) {
  const list = await api.list<ServiceItemRow, { statusTabList: StatusTab[] }>(
    '/api/admin/service-items',
    listQuery(params, sort),
  );
  return tableResult(list);
}
