import type { ColumnLayout } from './column-layout.ts';
import type { Density, SortState } from './types.ts';

export const DEFAULT_CURRENT = 1;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
export const DEFAULT_DENSITY: Density = 'small';
/** The value of a tab that filters nothing. */
export const ALL_TAB = 'all';

/** The table's search parameters (spec §3): what `request` is asked with. */
export interface TableQuery {
  /** Submitted search form values (trimmed; empty ones left out). */
  searchForm: Record<string, unknown>;
  pagination: { current: number; pageSize: number };
  head?: string;
  /** The status tab. */
  tabs: string;
  toolbarTabs?: string;
  sort: SortState;
}

export interface QueryDefaults {
  searchForm: Record<string, unknown>;
  pageSize: number;
  head?: string;
  tabs: string;
  toolbarTabs?: string;
}

export type QueryAction =
  | { type: 'search'; values: Record<string, unknown> }
  | { type: 'reset' }
  | { type: 'page'; current: number; pageSize: number }
  | { type: 'tab'; value: string }
  | { type: 'toolbarTab'; value: string }
  | { type: 'head'; value: string }
  | { type: 'sort'; sort: SortState }
  | { type: 'firstPage' }
  /** A saved view chosen: the list exactly as it was saved. */
  | { type: 'replace'; query: TableQuery };

export function defaultQuery(defaults: QueryDefaults): TableQuery {
  return {
    searchForm: { ...defaults.searchForm },
    pagination: { current: DEFAULT_CURRENT, pageSize: defaults.pageSize },
    head: defaults.head,
    tabs: defaults.tabs,
    toolbarTabs: defaults.toolbarTabs,
    sort: {},
  };
}

const firstPage = (state: TableQuery): TableQuery['pagination'] => ({
  current: DEFAULT_CURRENT,
  pageSize: state.pagination.pageSize,
});

/**
 * The rules of spec §4: a filter, tab or page size change goes back to page 1; a head tab change also resets the
 * toolbar tab to the first, the status tab to "all" and the page size to the default; reset restores every default,
 * the head and toolbar tabs included (issue #19: 重置 used to keep 增值服务).
 */
export function queryReducer(defaults: QueryDefaults) {
  return (state: TableQuery, action: QueryAction): TableQuery => {
    switch (action.type) {
      case 'search':
        return { ...state, searchForm: action.values, pagination: firstPage(state) };
      case 'reset':
        return defaultQuery(defaults);
      case 'page':
        return {
          ...state,
          pagination:
            action.pageSize !== state.pagination.pageSize
              ? { current: DEFAULT_CURRENT, pageSize: action.pageSize }
              : { current: action.current, pageSize: action.pageSize },
        };
      case 'tab':
        return { ...state, tabs: action.value, pagination: firstPage(state) };
      case 'toolbarTab':
        return { ...state, toolbarTabs: action.value, pagination: firstPage(state) };
      case 'head':
        return {
          ...state,
          head: action.value,
          toolbarTabs: defaults.toolbarTabs,
          tabs: ALL_TAB,
          pagination: { current: DEFAULT_CURRENT, pageSize: defaults.pageSize },
        };
      case 'sort':
        return { ...state, sort: action.sort, pagination: firstPage(state) };
      case 'firstPage':
        return state.pagination.current === DEFAULT_CURRENT
          ? state
          : { ...state, pagination: firstPage(state) };
      case 'replace':
        return action.query;
    }
  };
}

/** Search values as sent: text trimmed, and blank text, empty lists and unset values left out. */
export function cleanSearchValues(values: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    clean[key] = value;
  }
  return clean;
}

/** What a table keeps in local storage under its key (spec §7). */
export interface StoredTableState {
  query?: TableQuery;
  /** The local day (`YYYY-MM-DD`) the query was kept: filters are brought back the same day only. */
  savedOn?: string;
  searchMore?: boolean;
  density?: Density;
  /** The column layout the user chose (列设置); none while the user keeps the list's default. */
  columns?: ColumnLayout;
  /**
   * Marks `columns` as chosen. Earlier versions wrote the default layout on every visit: unmarked, it is not read, so
   * a list's changed default (its state pinned right) reaches those who never chose a layout of their own.
   */
  columnsChosen?: boolean;
}

/** One key per table and user, so two people sharing a browser do not see each other's filters. */
export function storageKey(tableKey: string, userId: number | null | undefined): string {
  return `kxt.table.${tableKey}${userId ? `.u${userId}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function readQuery(value: unknown, pageSizes: number[]): TableQuery | undefined {
  if (!isRecord(value) || !isRecord(value.searchForm) || !isRecord(value.pagination)) return undefined;
  const { current, pageSize } = value.pagination;
  if (!Number.isInteger(current) || (current as number) < 1) return undefined;
  if (typeof pageSize !== 'number' || !pageSizes.includes(pageSize)) return undefined;
  const sort: SortState = {};
  if (isRecord(value.sort)) {
    for (const [field, order] of Object.entries(value.sort)) {
      if (order === 'ascend' || order === 'descend') sort[field] = order;
    }
  }
  return {
    searchForm: value.searchForm,
    pagination: { current: current as number, pageSize },
    head: isString(value.head) ? value.head : undefined,
    tabs: isString(value.tabs) ? value.tabs : ALL_TAB,
    toolbarTabs: isString(value.toolbarTabs) ? value.toolbarTabs : undefined,
    sort,
  };
}

function readColumns(value: unknown): ColumnLayout | undefined {
  if (!isRecord(value) || !isStringArray(value.order) || !isStringArray(value.hidden)) return undefined;
  if (!isRecord(value.fixed)) return undefined;
  const fixed: ColumnLayout['fixed'] = {};
  for (const [key, pin] of Object.entries(value.fixed))
    if (pin === 'left' || pin === 'right') fixed[key] = pin;
  return { order: value.order, hidden: value.hidden, fixed };
}

function storageArea(area: 'local' | 'session'): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored state; anything missing or malformed is left out (the defaults apply). */
export function readStoredState(
  key: string,
  pageSizes: number[] = PAGE_SIZE_OPTIONS,
  area: 'local' | 'session' = 'local',
): StoredTableState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storageArea(area)?.getItem(key) ?? 'null');
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  // 'middle' is antd 5's (and ProTable's) name of medium.
  const density = parsed.density === 'middle' ? 'medium' : parsed.density;
  return {
    query: readQuery(parsed.query, pageSizes),
    savedOn: typeof parsed.savedOn === 'string' ? parsed.savedOn : undefined,
    searchMore: typeof parsed.searchMore === 'boolean' ? parsed.searchMore : undefined,
    density: density === 'large' || density === 'medium' || density === 'small' ? density : undefined,
    columns: parsed.columnsChosen === true ? readColumns(parsed.columns) : undefined,
  };
}

export function writeStoredState(
  key: string,
  state: StoredTableState,
  area: 'local' | 'session' = 'local',
): void {
  try {
    storageArea(area)?.setItem(key, JSON.stringify(state));
  } catch {
    // Storage full or unavailable (private mode): the table still works, it just forgets.
  }
}

/** Today as a local calendar day, the unit in which stored filters live. */
export function localDay(at: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The URL parameter names a table owns: its search fields, its tabs' parameters, sort and paging. */
export interface UrlNames {
  fields: string[];
  head?: string;
  toolbar?: string;
  status?: string;
}

const SORT_PARAM = 'sort';
const ORDER_PARAM = 'order';
const PAGE_PARAM = 'pageNum';
const SIZE_PARAM = 'pageSize';

function ownedNames(names: UrlNames): string[] {
  return [
    ...names.fields,
    ...[names.head, names.toolbar, names.status].filter((name): name is string => Boolean(name)),
    SORT_PARAM,
    ORDER_PARAM,
    PAGE_PARAM,
    SIZE_PARAM,
  ];
}

function urlValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(String).join(',');
  return undefined;
}

/**
 * The table's query as URL parameters, named as the list endpoints take them (`keyword`, `status`, `sort`, `order`,
 * `pageNum`, …), so a copied link reproduces the view. Defaults are left out; parameters the table does not own
 * (a page's own) are kept as they are.
 */
export function writeQueryToUrl(
  current: URLSearchParams,
  query: TableQuery,
  defaults: QueryDefaults,
  names: UrlNames,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of ownedNames(names)) next.delete(name);
  for (const name of names.fields) {
    const value = urlValue(query.searchForm[name]);
    if (value !== undefined && value !== '') next.set(name, value);
  }
  if (names.head && query.head !== undefined && query.head !== defaults.head)
    next.set(names.head, query.head);
  if (names.toolbar && query.toolbarTabs !== undefined && query.toolbarTabs !== defaults.toolbarTabs)
    next.set(names.toolbar, query.toolbarTabs);
  if (names.status && query.tabs !== defaults.tabs) next.set(names.status, query.tabs);
  const [field, order] = Object.entries(query.sort)[0] ?? [];
  if (field && order) {
    next.set(SORT_PARAM, field);
    next.set(ORDER_PARAM, order);
  }
  if (query.pagination.current !== DEFAULT_CURRENT) next.set(PAGE_PARAM, String(query.pagination.current));
  if (query.pagination.pageSize !== defaults.pageSize)
    next.set(SIZE_PARAM, String(query.pagination.pageSize));
  return next;
}

/**
 * The query a URL describes, or undefined when it names none of the table's parameters (then the stored or
 * default view applies). Tabs the table does not offer and page sizes it does not allow fall back to the defaults.
 */
export function readQueryFromUrl(
  params: URLSearchParams,
  defaults: QueryDefaults,
  names: UrlNames & { headKeys?: string[]; toolbarKeys?: string[] },
  pageSizes: number[] = PAGE_SIZE_OPTIONS,
): TableQuery | undefined {
  if (!ownedNames(names).some((name) => params.has(name))) return undefined;
  const searchForm: Record<string, unknown> = {};
  for (const name of names.fields) {
    const value = params.get(name)?.trim();
    if (value) searchForm[name] = value;
  }
  const pick = (name: string | undefined, keys: string[] | undefined, fallback: string | undefined) => {
    const value = name ? params.get(name) : null;
    return value !== null && (!keys || keys.includes(value)) ? value : fallback;
  };
  const page = Number(params.get(PAGE_PARAM));
  const size = Number(params.get(SIZE_PARAM));
  const field = params.get(SORT_PARAM);
  const order = params.get(ORDER_PARAM);
  return {
    searchForm: { ...defaults.searchForm, ...searchForm },
    pagination: {
      current: Number.isInteger(page) && page >= 1 ? page : DEFAULT_CURRENT,
      pageSize: pageSizes.includes(size) ? size : defaults.pageSize,
    },
    head: pick(names.head, names.headKeys, defaults.head),
    toolbarTabs: pick(names.toolbar, names.toolbarKeys, defaults.toolbarTabs),
    tabs: pick(names.status, undefined, defaults.tabs) ?? defaults.tabs,
    sort: field && (order === 'ascend' || order === 'descend') ? { [field]: order } : {},
  };
}
