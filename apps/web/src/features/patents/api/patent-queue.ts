import type { PatentQueueRow } from '@kxt/contracts/patent-queue';
import { api } from '../../../components/api/api-client.ts';
import { listQuery } from '../../../components/DataTable/list-request.ts';
import type { RequestData, RequestParams, SortState } from '../../../components/DataTable/types.ts';

export async function listPatentQueue(
  params: RequestParams,
  sort: SortState,
): Promise<RequestData<PatentQueueRow>> {
  const list = await api.list<PatentQueueRow>('/api/admin/patents/queue', listQuery(params, sort));
  return { data: list.rows, total: list.total, success: true };
}
