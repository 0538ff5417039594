import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export const searchCountQueryKey = ['trademark', 'search-count'] as const;

/** GET /api/trademark/search-count: free searches left (null: not limited). */
export function useSearchCount() {
  return useQuery({
    queryKey: searchCountQueryKey,
    queryFn: async () => {
      const data = await api.get<(number | null)[]>('/api/trademark/search-count', undefined, {
        silent: true,
      });
      return data[0] ?? null;
    },
  });
}
