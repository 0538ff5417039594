import type { DeadlineKind, DeadlineRow } from '@kxt/contracts/deadlines';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export interface DeadlineFilter {
  from: string;
  to: string;
  kind?: DeadlineKind | undefined;
  overdue?: boolean;
}

/** GET /api/admin/deadlines: every company's deadlines in [from, to], soonest first. */
export const fetchDeadlines = (filter: DeadlineFilter) =>
  api.list<DeadlineRow>('/api/admin/deadlines', {
    from: filter.from,
    to: filter.to,
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.overdue ? { overdue: '1' } : {}),
  });

export function useDeadlines(filter: DeadlineFilter) {
  return useQuery({ queryKey: ['deadlines', 'admin', filter], queryFn: () => fetchDeadlines(filter) });
}

/** GET /api/deadlines/upcoming: the next deadlines of the customer's own company. */
export function useUpcomingDeadlines(limit: number) {
  return useQuery({
    queryKey: ['deadlines', 'upcoming', limit],
    queryFn: () => api.list<DeadlineRow>('/api/deadlines/upcoming', { limit }),
  });
}
