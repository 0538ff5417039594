import type { StatusTab } from '@kxt/contracts/paging';
import type { ListResult, QueryParams } from '../api/api-client.ts';
import type { RequestData, RequestParams, SortState } from './types.ts';

type QueryValue = QueryParams[string];

function isQueryValue(value: unknown): value is QueryValue {
  return (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
  );
}

/**
 * The table's parameters as the back-office list endpoints take them: `pageNum`, `pageSize`, the filters, and
 * `sort` + `order` (antd's ascend/descend) when a column is sorted.
 */
export function listQuery(params: RequestParams, sort: SortState): QueryParams {
  const { current, pageSize, ...filters } = params;
  const query: QueryParams = { pageNum: current, pageSize };
  for (const [key, value] of Object.entries(filters)) if (isQueryValue(value)) query[key] = value;
  const [field, order] = Object.entries(sort)[0] ?? [];
  if (field && order) {
    query.sort = field;
    query.order = order;
  }
  return query;
}

/** A list answer (`rows`, `total`, `statusTabList`) as the table takes it, keeping anything else the call adds. */
export function tableResult<Row, Extra extends { statusTabList?: StatusTab[] }>(
  list: ListResult<Row, Extra>,
): RequestData<Row> & Omit<Extra, 'rows' | 'total'> {
  const { rows, total, ...extra } = list;
  return { ...(extra as unknown as Omit<Extra, 'rows' | 'total'>), data: rows, total, success: true };
}
