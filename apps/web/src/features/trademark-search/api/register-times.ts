import type { RegisterTimes } from '@kxt/contracts/trademarks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../components/api/api-client.ts';

export type { RegisterTimes };

/** GET /api/trademark/register-times: per market, the newest application date in the data. */
export function useRegisterTimes() {
  return useQuery({
    queryKey: ['trademark', 'register-times'],
    queryFn: () => api.get<RegisterTimes>('/api/trademark/register-times', undefined, { silent: true }),
    staleTime: 60 * 60 * 1000,
  });
}

/** The latest update date over all markets, for the top notice. */
export function latestRegisterTime(times: RegisterTimes | undefined): string | null {
  let latest: string | null = null;
  for (const { lastAppDate } of Object.values(times ?? {})) {
    if (lastAppDate && (!latest || lastAppDate > latest)) latest = lastAppDate;
  }
  return latest;
}

/** Whether any register holds marks the demo generator made: the notice then says the data is generated. */
export function hasGeneratedMarks(times: RegisterTimes | undefined): boolean {
  return Object.values(times ?? {}).some((time) => time.generated);
}
