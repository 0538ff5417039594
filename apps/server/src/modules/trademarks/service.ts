import type { CurrentUser } from '@kxt/contracts/auth';
import { effectIn } from '@kxt/contracts/jurisdictions';
import { riskLevel } from '@kxt/contracts/risk';
import {
  expandDatasets,
  TRADEMARK_STATUSES,
  type TrademarkSearchBody,
  type TrademarkSearchResponse,
  type TrademarkStatus,
} from '@kxt/contracts/trademarks';
import {
  type AssociationTables,
  associatedClasses,
  DEFAULT_ASSOCIATION_TABLES,
} from '@kxt/trademark-engine/class-associations';
import type { SearchResult } from '@kxt/trademark-engine/types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import type { MarkSearch } from './mark-search.ts';
import { findSearch, remainingSearches, type SearchParams, startSearch } from './quota.ts';
import { findMarks, toResultItem } from './repository.ts';
import type { SearchResultCache } from './search-cache.ts';

/** Most matches one search keeps; far more than anyone pages through, few enough to hold for paging. */
const MAX_MATCHES = 2_000;

export interface TrademarkDeps {
  db: Kysely<DB>;
  marks: MarkSearch;
  results: SearchResultCache;
  freeSearches: number;
  associations: () => Promise<AssociationTables>;
}

/** The text and country rules of spec §5, in the order the screen checks them. */
function checkRequest(body: TrademarkSearchBody): SearchParams {
  const text = body.text ?? '';
  if (text.length === 0) throw new HttpError(400, 'trademark.enterName', {}, { text: 'trademark.enterName' });
  if (text.trim().length === 0)
    throw new HttpError(400, 'trademark.blankName', {}, { text: 'trademark.blankName' });
  const countries = [...new Set(body.datasets ?? [])];
  if (countries.length === 0) {
    throw new HttpError(400, 'trademark.chooseCountry', {}, { datasets: 'trademark.chooseCountry' });
  }
  const classes = [...new Set(body.classes ?? [])].sort((a, b) => a - b);
  return { text: text.trim(), datasets: countries, classes };
}

const sortedList = (items: readonly string[]) => [...new Set(items)].sort().join(',');
const sameParams = (a: SearchParams, b: SearchParams) =>
  a.text === b.text &&
  sortedList(a.datasets) === sortedList(b.datasets) &&
  a.classes.join(',') === b.classes.join(',');

/**
 * Runs a trademark search. A new search charges the customer's company one free search; paging, changing the
 * status filter or showing another chosen country's tab (`country`) with the same `searchId` (and the same text,
 * countries and classes) does not, and neither does the same question (text, countries, classes, statuses) asked
 * again by the same user within a day without a searchId: the server hands back the earlier one (`startSearch`).
 * With `country` the search covers that country's expanded datasets and lists, counts and rates only the marks with
 * effect there (`effectIn`); without it, those with effect in at least one chosen country.
 */
export async function searchTrademarks(
  deps: TrademarkDeps,
  user: CurrentUser,
  body: TrademarkSearchBody,
): Promise<TrademarkSearchResponse> {
  const params = checkRequest(body);
  const tab = body.country;
  if (tab !== undefined && !expandDatasets(params.datasets).includes(tab)) {
    throw new HttpError(400, 'trademark.chooseCountry', {}, { country: 'trademark.chooseCountry' });
  }
  const statuses: TrademarkStatus[] = body.status?.length
    ? [...new Set(body.status)]
    : [...TRADEMARK_STATUSES];
  const chosen = body.countries?.length ? body.countries : params.datasets;
  const earlier = body.searchId ? await findSearch(deps.db, body.searchId, user) : undefined;
  // Paging, a filter or a tab of a search the caller holds; anything else is a new submit.
  const continuing = body.searchId !== undefined && earlier !== undefined && sameParams(earlier, params);
  const { searchId, reused } = continuing
    ? { searchId: body.searchId ?? '', reused: true }
    : await startSearch(deps.db, user, { ...params, countries: chosen, statuses }, deps.freeSearches);

  // A new submit ranks afresh even when it reuses an earlier searchId (free), so marks imported since are found;
  // only the pages, filters and tabs of a search read its kept ranking.
  const ranked = await rankSearch(deps, searchId, params, { tab, chosen, statuses, fresh: !continuing });
  const page = ranked.matches.slice(body.page * body.pageSize, (body.page + 1) * body.pageSize);
  const rows = new Map(
    (
      await findMarks(
        deps.db,
        page.map((match) => match.id),
      )
    ).map((row) => [row.id, row]),
  );
  const results = page.flatMap((match) => {
    const row = rows.get(match.id);
    return row ? [toResultItem(row, match.score, match.signals)] : [];
  });

  const niceClassStatistics: TrademarkSearchResponse['niceClassStatistics'] = {};
  for (const [cls, stat] of Object.entries(ranked.classStatistics)) {
    niceClassStatistics[cls] = {
      count: stat.count,
      maxSimilarityScore: stat.maxSimilarityScore,
      level: riskLevel(stat.maxSimilarityScore, chosen) ?? 'low_risk',
    };
  }
  const tables = await deps.associations();
  const classAssociations = Object.fromEntries(
    params.classes.map((cls) => [String(cls), associatedClasses([cls], tables)]),
  );
  const remaining =
    user.role === 'customer' && user.customerId !== null
      ? await remainingSearches(deps.db, user.customerId, deps.freeSearches)
      : null;
  return {
    total: ranked.total,
    searchId,
    niceClassStatistics,
    results,
    classAssociations,
    datasets: expandDatasets(tab === undefined ? params.datasets : [tab]),
    remainingSearches: remaining,
    reused,
  };
}

/**
 * The ranked matches of a recorded search: over one chosen country's tab (`tab`) or every chosen country, with the
 * statuses asked for (all when none). Read from the result cache when the same view was ranked lately, otherwise
 * ranked again (deterministically) and cached. Charges nothing: the caller decides the searchId is the caller's.
 */
export async function rankSearch(
  deps: Pick<TrademarkDeps, 'marks' | 'results'>,
  searchId: string,
  params: SearchParams,
  view: {
    tab?: string | undefined;
    chosen: readonly string[];
    statuses?: readonly TrademarkStatus[] | undefined;
    /** Rank again even when the view is cached (a new submit), and cache the new ranking. */
    fresh?: boolean;
  },
): Promise<SearchResult> {
  const statuses: TrademarkStatus[] = view.statuses?.length
    ? [...new Set(view.statuses)]
    : [...TRADEMARK_STATUSES];
  const datasets = expandDatasets(view.tab === undefined ? params.datasets : [view.tab]);
  const markets = view.tab === undefined ? [...new Set(view.chosen)].sort() : [view.tab];
  // Everything that changes the answer under one searchId: the datasets, the markets and the statuses.
  const cacheKey = `${searchId}|${datasets.join(',')}|${markets.join(',')}|${[...statuses].sort().join(',')}`;
  let ranked = view.fresh ? undefined : deps.results.get(cacheKey);
  if (!ranked) {
    await deps.marks.ready();
    await deps.marks.refresh();
    ranked = await deps.marks.search({
      text: params.text,
      datasets,
      classes: params.classes,
      statuses,
      effect: effectIn(markets),
      limit: MAX_MATCHES,
    });
    deps.results.set(cacheKey, ranked);
  }
  return ranked;
}

/** Association tables from the reference data in the database, or the built-in USPTO table when none was loaded. */
export async function loadAssociationTables(db: Kysely<DB>): Promise<AssociationTables> {
  const rows = await db.selectFrom('class_associations').selectAll().execute();
  if (rows.length === 0) return DEFAULT_ASSOCIATION_TABLES;
  const coordinated: Record<number, number[]> = {};
  const similarGroupPairs: [number, number][] = [];
  for (const row of rows) {
    if (row.source === 'uspto')
      coordinated[row.class] = [...(coordinated[row.class] ?? []), row.related_class];
    else similarGroupPairs.push([row.class, row.related_class]);
  }
  return { coordinated, similarGroupPairs };
}
