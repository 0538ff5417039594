import type { StatusTab } from '@kxt/contracts/paging';
import type { AmountTotal, TaxDeclarationRow } from '@kxt/contracts/tax-declarations';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** GET /api/admin/tax-declarations, as the declaration table asks for it. */
export async function listTaxDeclarations(params: RequestParams, sort: SortState) {
  const list = await api.list<TaxDeclarationRow, { statusTabList: StatusTab[]; amountTotals: AmountTotal[] }>(
    '/api/admin/tax-declarations',
    listQuery(params, sort),
  );
  return tableResult(list);
}
