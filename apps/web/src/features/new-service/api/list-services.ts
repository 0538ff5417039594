import type { StatusTab } from '@kxt/contracts/paging';
import type { ServiceRow } from '@kxt/contracts/service-catalogue';
import { api } from '../../../components/api/api-client.ts';
import { listQuery, tableResult } from '../../../components/DataTable/list-request.ts';
import type { RequestParams, SortState } from '../../../components/DataTable/types.ts';

/** The service code 去新服务 came from, with its customer (null when the code is unknown). */
export interface ServiceSource {
  serviceCode: string;
  customerId: number;
  customerName: string;
  country: string;
}

/** GET /api/admin/services: the catalogue, counts per category, and the source of `findValue`. */
export async function listServices(params: RequestParams, sort: SortState) {
  const list = await api.list<ServiceRow, { statusTabList: StatusTab[]; source: ServiceSource | null }>(
    '/api/admin/services',
    listQuery(params, sort),
  );
  return tableResult(list);
}
