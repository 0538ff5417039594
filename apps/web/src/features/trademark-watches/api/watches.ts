import type {
  HitReviewBody,
  NewWatch,
  WatchHitListQuery,
  WatchHitRow,
  WatchListQuery,
  WatchRow,
} from '@kxt/contracts/trademark-watches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

const WATCHES = ['trademark-watches'] as const;
const HITS = ['trademark-watch-hits'] as const;

/** GET /api/trademark/watches: the company's watches (staff: every company's), newest first. */
export function useWatches(query: Partial<WatchListQuery>) {
  return useQuery({
    queryKey: [...WATCHES, query],
    queryFn: () => api.list<WatchRow>('/api/trademark/watches', { ...query }),
  });
}

/** GET /api/trademark/watch-hits: conflicting marks the caller may see, newest first. */
export function useWatchHits(query: Partial<WatchHitListQuery>, enabled = true) {
  return useQuery({
    queryKey: [...HITS, query],
    queryFn: () => api.list<WatchHitRow>('/api/trademark/watch-hits', { ...query }),
    enabled,
  });
}

/** Any change to a watch or a hit changes the lists and their counts. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: WATCHES });
    void queryClient.invalidateQueries({ queryKey: HITS });
  };
}

export function useCreateWatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (watch: NewWatch) =>
      api.post<{ id: number; trial: boolean }>('/api/trademark/watches', watch),
    onSuccess: refresh,
  });
}

export function useCancelWatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/api/trademark/watches/${id}/cancel`),
    onSuccess: refresh,
  });
}

export function useReviewHit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, review }: { id: number } & HitReviewBody) =>
      api.post<null>(`/api/trademark/watch-hits/${id}/review`, { review }),
    onSuccess: refresh,
  });
}
