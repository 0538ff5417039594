import type { CustomerRow } from '@kxt/contracts/customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

const PICKER_SIZE = 20;

/** GET /api/admin/customers?keyword=…: the first 20 matching customers, for the create dialog's picker. */
export function searchCustomers(keyword: string, signal?: AbortSignal) {
  return api.list<CustomerRow>(
    '/api/admin/customers',
    { keyword, pageSize: PICKER_SIZE, sort: 'name', order: 'ascend' },
    { signal },
  );
}

export function useCustomerSearch(keyword: string, enabled = true) {
  return useQuery({
    queryKey: ['agreements', 'customers', keyword],
    queryFn: ({ signal }) => searchCustomers(keyword, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
