import type { CustomerRow } from '@kxt/contracts/customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';

const PICKER_SIZE = 20;

/** Customers whose name, contact, phone or email contains the text (the first 20), for the customer picker. */
export function useCustomerSearch(keyword: string) {
  return useQuery({
    queryKey: ['customer-picker', keyword],
    queryFn: ({ signal }) =>
      api.list<CustomerRow>(
        '/api/admin/customers',
        { keyword, pageSize: PICKER_SIZE, sort: 'name', order: 'ascend' },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
