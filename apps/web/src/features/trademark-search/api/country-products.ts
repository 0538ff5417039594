import type { ProductInfo } from '@kxt/contracts/trademarks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export type CountryProducts = Record<string, ProductInfo>;

/**
 * GET /api/trademark/country-products?type=1: what the purchase dialog sells, by country. Loaded when the dialog
 * opens, not with the page.
 */
export function useCountryProducts(enabled: boolean) {
  return useQuery({
    queryKey: ['trademark', 'country-products'],
    queryFn: () =>
      api.get<CountryProducts>('/api/trademark/country-products', { type: '1' }, { silent: true }),
    enabled,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}

/** Trademark registration for a chosen country, when the catalogue sells it. */
export function registrationProduct(
  products: CountryProducts | undefined,
  country: string,
): ProductInfo | undefined {
  const product = products?.[country];
  return product && product.typeIdTopCode === 'basic' ? product : undefined;
}
