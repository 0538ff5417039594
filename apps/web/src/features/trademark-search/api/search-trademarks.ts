import type { TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { api } from '../../../components/api/api-client.ts';

/** The body of POST /api/trademark/search as the screen sends it (lists already comma-joined). */
export interface TrademarkSearchRequest {
  text: string;
  classes: number[];
  /** Comma list of market codes, already expanded (`expandDatasets`): every chosen country of the search. */
  datasets: string;
  /** Comma list of the countries as chosen (before expansion): they pick the risk thresholds. */
  countries: string;
  /**
   * The country tab shown: the results are those of this one chosen country, under the same `searchId` (and the
   * same charge) as the other tabs of the search.
   */
  country?: string;
  /** 0-based. */
  page: number;
  pageSize: number;
  /** Comma list of statuses; empty for all. */
  status?: string;
  searchId?: string;
}

/** POST /api/trademark/search. Silent: the screen shows the server's message as a warning itself (spec §8). */
export function searchTrademarks(body: TrademarkSearchRequest) {
  return api.post<TrademarkSearchResponse>('/api/trademark/search', body, { silent: true });
}
