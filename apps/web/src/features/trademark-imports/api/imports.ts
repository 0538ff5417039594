import type { TrademarkImportRow } from '@kxt/contracts/trademark-imports';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export interface ImportFilter {
  status: TrademarkImportRow['status'] | undefined;
  pageNum: number;
  pageSize: number;
}

/** GET /api/admin/trademark-imports: the imports of office data, newest first. */
export function useTrademarkImports(filter: ImportFilter) {
  return useQuery({
    queryKey: ['trademark-imports', filter],
    queryFn: () => api.list<TrademarkImportRow>('/api/admin/trademark-imports', { ...filter }),
  });
}
