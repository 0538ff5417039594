import type { CustomerRow } from '@kxt/contracts/customers';
import type { StatusTab } from '@kxt/contracts/paging';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** GET /api/admin/customers, as the customer table asks for it. */
export async function listCustomers(params: RequestParams, sort: SortState) {
  const list = await api.list<CustomerRow, { statusTabList: StatusTab[] }>(
    '/api/admin/customers',
    listQuery(params, sort),
  );
  return tableResult(list);
}
