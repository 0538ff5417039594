import type { PurchasableProduct } from '@kxt/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** One thing a customer can buy: a service (its payment opens a service item) or a trademark search pack. */
export type CatalogueItem = PurchasableProduct;

/** GET /api/payments/products: everything the purchase page sells, names in the request's language. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['payments', 'catalogue'],
    queryFn: () => api.get<CatalogueItem[]>('/api/payments/products', undefined, { silent: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
