import { describe, expect, it } from 'vitest';
import {
  cleanSearchValues,
  defaultQuery,
  type QueryDefaults,
  queryReducer,
  readQueryFromUrl,
  readStoredState,
  storageKey,
  writeQueryToUrl,
  writeStoredState,
} from './table-state.ts';

const defaults: QueryDefaults = {
  searchForm: {},
  pageSize: 10,
  head: 'all',
  tabs: 'all',
  toolbarTabs: 'all',
};
const reduce = queryReducer(defaults);
const busy = {
  ...defaultQuery(defaults),
  searchForm: { keyword: 'x' },
  pagination: { current: 4, pageSize: 50 },
  head: 'basic',
  tabs: 'pending',
  toolbarTabs: 'vat',
};

describe('table search parameters', () => {
  it('go back to page 1 on a search, a tab, a toolbar tab, a sort or a page size change', () => {
    expect(reduce(busy, { type: 'search', values: { keyword: 'y' } }).pagination).toEqual({
      current: 1,
      pageSize: 50,
    });
    expect(reduce(busy, { type: 'tab', value: 'all' }).pagination.current).toBe(1);
    expect(reduce(busy, { type: 'toolbarTab', value: 'all' }).pagination.current).toBe(1);
    expect(reduce(busy, { type: 'sort', sort: { createdAt: 'ascend' } }).pagination.current).toBe(1);
    expect(reduce(busy, { type: 'page', current: 4, pageSize: 20 }).pagination).toEqual({
      current: 1,
      pageSize: 20,
    });
    expect(reduce(busy, { type: 'page', current: 5, pageSize: 50 }).pagination).toEqual({
      current: 5,
      pageSize: 50,
    });
  });

  it('a head tab change resets the toolbar tab, the status tab and the page size', () => {
    expect(reduce(busy, { type: 'head', value: 'increment' })).toMatchObject({
      head: 'increment',
      toolbarTabs: 'all',
      tabs: 'all',
      pagination: { current: 1, pageSize: 10 },
      searchForm: { keyword: 'x' },
    });
  });

  it('reset restores every default, the head and toolbar tabs included', () => {
    expect(reduce(busy, { type: 'reset' })).toEqual(defaultQuery(defaults));
  });

  it('search values are trimmed and blank ones left out', () => {
    expect(cleanSearchValues({ a: '  x ', b: '   ', c: null, d: [], e: 0, f: ['1'] })).toEqual({
      a: 'x',
      e: 0,
      f: ['1'],
    });
  });
});

describe('stored table state', () => {
  it('brings back a column layout the user chose, not one an older version kept on every visit', () => {
    const columns = { order: ['a', 'b'], hidden: ['b'], fixed: { a: 'left' as const } };
    writeStoredState('kxt.table.t', { columns, columnsChosen: true });
    expect(readStoredState('kxt.table.t').columns).toEqual(columns);
    window.localStorage.setItem('kxt.table.t', JSON.stringify({ columns }));
    expect(readStoredState('kxt.table.t').columns).toBeUndefined();
  });

  it('is kept per table and user, and malformed parts are ignored', () => {
    expect(storageKey('customers', 5)).toBe('kxt.table.customers.u5');
    writeStoredState('kxt.table.t', { density: 'medium', searchMore: true, query: busy });
    expect(readStoredState('kxt.table.t')).toMatchObject({
      density: 'medium',
      searchMore: true,
      query: busy,
    });
    window.localStorage.setItem(
      'kxt.table.t',
      JSON.stringify({ density: 'huge', query: { searchForm: {}, pagination: { current: 1, pageSize: 7 } } }),
    );
    expect(readStoredState('kxt.table.t')).toEqual({
      query: undefined,
      searchMore: undefined,
      density: undefined,
      columns: undefined,
    });
    window.localStorage.setItem('kxt.table.t', '{not json');
    expect(readStoredState('kxt.table.t')).toEqual({});
  });
});

describe('table view in the URL', () => {
  const names = { fields: ['keyword', 'country'], head: 'type', toolbar: 'category', status: 'status' };
  const sorted = { ...busy, sort: { dueDate: 'ascend' as const } };

  it('writes filters, tabs, sort and page under the list endpoint names, leaving defaults and others alone', () => {
    const url = writeQueryToUrl(new URLSearchParams('view=queue&keyword=old'), sorted, defaults, names);
    expect(Object.fromEntries(url)).toEqual({
      view: 'queue',
      keyword: 'x',
      type: 'basic',
      category: 'vat',
      status: 'pending',
      sort: 'dueDate',
      order: 'ascend',
      pageNum: '4',
      pageSize: '50',
    });
    expect(writeQueryToUrl(new URLSearchParams(), defaultQuery(defaults), defaults, names).toString()).toBe(
      '',
    );
  });

  it('reads back the same view from the written URL (a copied link reproduces it)', () => {
    const url = writeQueryToUrl(new URLSearchParams(), sorted, defaults, names);
    expect(readQueryFromUrl(url, defaults, names)).toEqual(sorted);
  });

  it('ignores a URL without the table parameters, and falls back on unknown tabs and page sizes', () => {
    expect(readQueryFromUrl(new URLSearchParams('view=queue'), defaults, names)).toBeUndefined();
    const odd = readQueryFromUrl(
      new URLSearchParams('type=nope&pageSize=7&pageNum=-2&order=sideways&sort=x'),
      defaults,
      { ...names, headKeys: ['all', 'basic'] },
    );
    expect(odd).toEqual(defaultQuery(defaults));
  });
});
