import type { AgreementRow } from '@kxt/contracts/agreements';
import type { StatusTab } from '@kxt/contracts/paging';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** GET /api/admin/agreements, as the agreement table asks for it. */
export async function listAgreements(params: RequestParams, sort: SortState) {
  const list = await api.list<AgreementRow, { statusTabList: StatusTab[] }>(
    '/api/admin/agreements',
    listQuery(params, sort),
  );
  return tableResult(list);
}
