import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../components/api/api-client.ts';

/** Only failures that may go away by themselves are retried: no answer at all, or a server fault. */
function mayRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !isApiError(error)) return false;
  return error.status === 0 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: mayRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
