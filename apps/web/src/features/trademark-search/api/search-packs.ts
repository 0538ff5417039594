import { SERVICE_CATEGORIES } from '@kxt/contracts/business';
import type { PurchasableProduct } from '@kxt/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

const TRADEMARK_CATEGORY = SERVICE_CATEGORIES.find((category) => category.code === 'trademark')?.id ?? 3;

/**
 * GET /api/payments/products?categoryIdTopId=3, keeping the search packs: what the purchase dialog offers next to
 * registration. Loaded when the dialog opens.
 */
export function useSearchPacks(enabled: boolean) {
  return useQuery({
    queryKey: ['trademark', 'search-packs'],
    queryFn: async () =>
      (
        await api.get<PurchasableProduct[]>(
          '/api/payments/products',
          { categoryIdTopId: String(TRADEMARK_CATEGORY) },
          { silent: true },
        )
      ).filter((product) => product.kind === 'search-pack'),
    enabled,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}
