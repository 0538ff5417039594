import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

/** GET /api/patent/countries?type=2: the markets patents are filed in, id → name. */
export function usePatentCountries() {
  return useQuery({
    queryKey: ['patent', 'countries'],
    queryFn: ({ signal }) =>
      api.get<Record<string, string>>('/api/patent/countries', { type: 2 }, { signal }),
    staleTime: 10 * 60_000,
  });
}
