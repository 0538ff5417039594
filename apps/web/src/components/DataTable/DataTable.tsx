import type { CurrentUser } from '@kxt/contracts/auth';
import { BULK_LIMIT } from '@kxt/contracts/bulk';
import { DEFAULT_PAGE_SIZE, type StatusTab } from '@kxt/contracts/paging';
import type { TableLayout } from '@kxt/contracts/table-layouts';
import type { TableView } from '@kxt/contracts/table-views';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Flex,
  Skeleton,
  Space,
  Table,
  type TableColumnType,
  type TablePaginationConfig,
  Tabs,
  Typography,
  theme,
} from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import {
  type Key,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useImperativeHandle,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError, queryEntries } from '../api/api-client.ts';
import { useMessageApi } from '../feedback/message.tsx';
import { useNarrowScreen } from '../media/use-narrow-screen.ts';
import { currentUserQueryKey } from '../session/current-user.ts';
import {
  type ColumnLayout,
  columnKey,
  defaultLayout,
  fromFieldInfo,
  isActionsColumn,
  normalizeLayout,
  orderedColumns,
  tableColumns,
  toFieldInfo,
} from './column-layout.ts';
import { ExportButton } from './ExportButton.tsx';
import { FieldControl } from './fields.tsx';
import { formatDate, formatDateTime } from './format.ts';
import { LoadFailure } from './LoadFailure.tsx';
import { listQuery } from './list-request.ts';
import { SearchForm } from './SearchForm.tsx';
import { StatusTabs } from './StatusTabs.tsx';
import { TableCards } from './TableCards.tsx';
import { Toolbar } from './Toolbar.tsx';
import { fetchTableLayout, saveTableLayout, tableLayoutQueryKey } from './table-layout-api.ts';
import {
  ALL_TAB,
  cleanSearchValues,
  DEFAULT_DENSITY,
  defaultQuery,
  localDay,
  PAGE_SIZE_OPTIONS,
  type QueryAction,
  type QueryDefaults,
  queryReducer,
  readQueryFromUrl,
  readStoredState,
  storageKey,
  type UrlNames,
  writeQueryToUrl,
  writeStoredState,
} from './table-state.ts';
import { fetchTableViews, tableViewsQueryKey } from './table-views-api.ts';
import type {
  DataTableAction,
  DataTableColumn,
  DataTableProps,
  Density,
  RequestData,
  RequestParams,
  SortState,
  TabsConfig,
} from './types.ts';
import { useLatest } from './use-latest.ts';
import { useListKeys } from './use-list-keys.ts';
import { ViewsMenu } from './ViewsMenu.tsx';

/**
 * How wide a cell's content may grow (px) before it wraps. The table is as wide as its content (scroll x
 * max-content): without a cap one long value makes its column, and the table, wider than the page.
 */
export const CELL_MAX_WIDTH = 220;
/**
 * How wide a column's title may grow before it wraps: an English title (Account owner, Registration status) is often
 * wider than the column's values, and would widen the table as much as a long value.
 */
const TITLE_MAX_WIDTH = '8em';

function isSearchField<Row>(column: DataTableColumn<Row>): boolean {
  return (
    Boolean(column.dataIndex) &&
    !column.hideInSearch &&
    column.search !== false &&
    column.valueType !== 'option'
  );
}

function isEditable<Row>(column: DataTableColumn<Row>, row: Row): boolean {
  if (!column.dataIndex || !column.editable) return false;
  return typeof column.editable === 'function' ? column.editable(row) : true;
}

/** A value as the editors compare and send it: text trimmed, blank as null, a number field back to a number. */
function editedValue(before: unknown, after: unknown): unknown {
  let value = typeof after === 'string' ? after.trim() : after;
  if (value === '' || value === undefined) value = null;
  if (typeof before === 'number' && typeof value === 'string' && !Number.isNaN(Number(value)))
    value = Number(value);
  return value;
}

function tabDefault(config: TabsConfig | undefined, stored: string | undefined): string | undefined {
  if (!config) return undefined;
  if (stored && config.items.some((item) => item.key === stored)) return stored;
  return config.items[0]?.key;
}

interface EditState<Row> {
  key: Key;
  row: Row;
  draft: Record<string, unknown>;
  saving: boolean;
  errors: Record<string, string>;
  focus?: string;
}

interface Shown<Row> {
  data: Row[];
  total: number;
  statusTabList: StatusTab[];
}

function TableSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

/**
 * The shared table (spec §2.1, §4): collapsing search form, head/toolbar/status tabs, toolbar (refresh, density,
 * column settings), selection, pagination, inline editing, and the table's state kept in local storage. The saved
 * column layout is loaded from the server before the table first renders (a skeleton shows meanwhile).
 */
export function DataTable<Row extends object, Result extends RequestData<Row> = RequestData<Row>>(
  props: DataTableProps<Row, Result>,
) {
  const queryClient = useQueryClient();
  const userId = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey)?.id;
  const serverLayout = props.serverLayout !== false;
  const layoutQuery = useQuery({
    queryKey: tableLayoutQueryKey(props.tableKey),
    queryFn: ({ signal }) => fetchTableLayout(props.tableKey, signal),
    enabled: serverLayout,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // Named views live beside the layout, for lists that keep their query (issue #19): the default one decides how the
  // list opens, so the table waits for them as it waits for the layout.
  const withViews = serverLayout && props.persistQuery !== false;
  const viewsQuery = useQuery({
    queryKey: tableViewsQueryKey(props.tableKey),
    queryFn: ({ signal }) => fetchTableViews(props.tableKey, signal),
    enabled: withViews,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (serverLayout && layoutQuery.isPending) return <TableSkeleton />;
  if (withViews && viewsQuery.isPending) return <TableSkeleton />;
  const key = storageKey(props.tableKey, userId);
  return (
    <DataTableBody<Row, Result>
      key={key}
      {...props}
      storageKey={key}
      savedLayout={serverLayout ? (layoutQuery.data ?? null) : null}
      savedViews={withViews ? (viewsQuery.data ?? []) : null}
    />
  );
}

interface BodyProps<Row extends object, Result extends RequestData<Row>> extends DataTableProps<Row, Result> {
  storageKey: string;
  savedLayout: TableLayout | null;
  /** The user's saved views of this list; null when the list offers none. */
  savedViews: TableView[] | null;
}

function DataTableBody<Row extends object, Result extends RequestData<Row>>(props: BodyProps<Row, Result>) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  // On a phone the rows are cards: a table there shows a column or two beside the pinned ones, the rest off screen.
  const narrow = useNarrowScreen();
  const message = useMessageApi();
  const queryClient = useQueryClient();
  const { columns, tableKey, statusTabs, headTabs, toolbarTabs } = props;
  const serverLayout = props.serverLayout !== false;
  const persistQuery = props.persistQuery !== false;
  const pageSizeOptions = props.pagination?.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const searchFields = columns.filter(isSearchField);

  const defaults: QueryDefaults = {
    searchForm: cleanSearchValues(
      Object.fromEntries(searchFields.map((field) => [field.dataIndex as string, field.initialValue])),
    ),
    pageSize: props.pagination?.defaultPageSize ?? DEFAULT_PAGE_SIZE,
    head: headTabs?.items[0]?.key,
    tabs: statusTabs?.defaultValue ?? ALL_TAB,
    toolbarTabs: toolbarTabs?.items[0]?.key,
  };

  // The view lives in the URL too (a copied link reproduces it), for every table that keeps its query.
  const [searchParams, setSearchParams] = useSearchParams();
  const urlNames: UrlNames = {
    fields: searchFields.map((field) => field.dataIndex as string),
    head: headTabs?.dataIndex,
    toolbar: toolbarTabs?.dataIndex,
    status: statusTabs?.dataIndex,
  };

  const urlReading = {
    ...urlNames,
    headKeys: headTabs?.items.map((item) => item.key),
    toolbarKeys: toolbarTabs?.items.map((item) => item.key),
  };
  /** The query a saved view's text describes (its link's); an empty one is the list's defaults. */
  const viewQuery = (text: string) =>
    readQueryFromUrl(new URLSearchParams(text), defaults, urlReading, pageSizeOptions) ??
    defaultQuery(defaults);

  const [initial] = useState(() => {
    const stored = readStoredState(props.storageKey, pageSizeOptions);
    let query = defaultQuery(defaults);
    const linkedView = persistQuery
      ? readQueryFromUrl(searchParams, defaults, urlReading, pageSizeOptions)
      : undefined;
    const defaultView = props.savedViews?.find((view) => view.isDefault);
    if (linkedView) {
      query = linkedView;
    } else if (defaultView) {
      // The user's default view opens the list (a link, above, always wins over it).
      query = viewQuery(defaultView.query);
    } else if (persistQuery && stored.query && stored.savedOn === localDay()) {
      // Filters kept in the browser come back the same day only: the next morning starts from the defaults.
      query = {
        ...stored.query,
        head: tabDefault(headTabs, stored.query.head),
        toolbarTabs: tabDefault(toolbarTabs, stored.query.toolbarTabs),
        tabs: statusTabs ? stored.query.tabs : ALL_TAB,
      };
    }
    const linked = cleanSearchValues(props.initialSearchValues ?? {});
    if (Object.keys(linked).length > 0) {
      query = { ...defaultQuery(defaults), searchForm: { ...defaults.searchForm, ...linked } };
    }
    const saved = fromFieldInfo(props.savedLayout?.fieldInfo);
    const chosen = saved ?? stored.columns;
    return {
      query,
      layout: normalizeLayout(chosen ?? defaultLayout(columns), columns),
      layoutChosen: chosen !== undefined && chosen !== null,
      density: stored.density ?? DEFAULT_DENSITY,
      searchMore: stored.searchMore ?? false,
    };
  });

  const [query, dispatch] = useReducer(queryReducer(defaults), initial.query);
  const [layout, setLayout] = useState<ColumnLayout>(initial.layout);
  // Whether the layout is the user's (saved, or changed in 列设置) rather than the list's default, which may change.
  const [layoutChosen, setLayoutChosen] = useState(initial.layoutChosen);
  const [density, setDensity] = useState<Density>(initial.density);
  const [searchMore, setSearchMore] = useState(initial.searchMore);
  const [shown, setShown] = useState<Shown<Row>>({ data: [], total: 0, statusTabList: [] });
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<{ message?: string } | null>(null);
  const [selection, setSelection] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  // 选择全部 N 条匹配项: the bulk actions act on the whole filter, not only the ticked rows.
  const [allMatching, setAllMatching] = useState(false);
  const [editing, setEditing] = useState<EditState<Row> | null>(null);
  function clearSelected() {
    setSelection({ keys: [], rows: [] });
    setAllMatching(false);
  }

  // ---- request ----------------------------------------------------------------------------------------------
  const requestParams: RequestParams = {
    current: query.pagination.current,
    pageSize: query.pagination.pageSize,
  };
  for (const [name, value] of Object.entries(query.searchForm)) {
    const field = searchFields.find((column) => column.dataIndex === name);
    const transform = field?.search ? field.search.transform : undefined;
    if (transform) Object.assign(requestParams, transform(value));
    else requestParams[name] = value;
  }
  const tabParam = (config: { dataIndex: string } | undefined, value: string | undefined) => {
    if (config && value !== undefined && value !== ALL_TAB) requestParams[config.dataIndex] = value;
  };
  tabParam(headTabs, query.head);
  tabParam(toolbarTabs, query.toolbarTabs);
  tabParam(statusTabs, query.tabs);
  Object.assign(requestParams, props.params);
  // The language too: tab names (statusName) come localised from the server.
  const paramsKey = JSON.stringify([requestParams, query.sort, i18n.language]);

  const latestRequest = useLatest({
    request: props.request,
    onLoad: props.onLoad,
    params: requestParams,
    query,
  });
  const requestId = useRef(0);

  /** Asks with the latest parameters. Only the answer to the latest call is shown; earlier ones are dropped. */
  const load = useCallback(async () => {
    requestId.current += 1;
    const id = requestId.current;
    const { request, onLoad, params, query: asked } = latestRequest.current;
    setLoading(true);
    let answer: Result | null = null;
    let message: string | undefined;
    try {
      answer = await request(params, asked.sort);
    } catch (error) {
      answer = null;
      message = isApiError(error) ? error.msg : undefined;
    }
    if (id !== requestId.current) return;
    if (answer && answer.success !== false) {
      const { data, total, statusTabList } = answer;
      setShown((previous) => ({
        data: Array.isArray(data) ? data : [],
        total: typeof total === 'number' ? total : 0,
        statusTabList: statusTabList ?? previous.statusTabList,
      }));
      setFailure(null);
      onLoad?.(answer);
    } else {
      // Nothing rather than stale rows, and an error where the rows were, not 暂无数据: the list is not empty,
      // it could not be read.
      setShown((previous) => ({ data: [], total: 0, statusTabList: previous.statusTabList }));
      setFailure({ message });
    }
    setLoading(false);
  }, [latestRequest]);

  // One request per change of the parameters, after the current event (the spec's zero-delay debounce).
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey is what the request depends on
  useEffect(() => {
    const timer = window.setTimeout(() => void load(), 0);
    return () => window.clearTimeout(timer);
  }, [paramsKey, load]);

  // Never show an answer that arrives after the table has gone.
  useEffect(
    () => () => {
      requestId.current += 1;
    },
    [],
  );

  const extraParamsKey = JSON.stringify(props.params ?? {});
  const firstParams = useRef(extraParamsKey);
  useEffect(() => {
    if (firstParams.current === extraParamsKey) return;
    firstParams.current = extraParamsKey;
    dispatch({ type: 'firstPage' });
  }, [extraParamsKey]);

  /** Every change of the parameters but paging drops the selection and any row being edited. */
  const change = (action: QueryAction) => {
    if (action.type !== 'page') clearSelected();
    setEditing(null);
    dispatch(action);
  };

  // ---- persistence ------------------------------------------------------------------------------------------
  useEffect(() => {
    writeStoredState(props.storageKey, {
      query: persistQuery ? query : undefined,
      savedOn: localDay(),
      searchMore,
      density,
      ...(layoutChosen ? { columns: layout, columnsChosen: true } : {}),
    });
  }, [props.storageKey, persistQuery, query, searchMore, density, layout, layoutChosen]);

  // Written when the query changes only: a navigation to another page (whose URL this table does not own) must not
  // be rewritten by the table on its way out.
  const latestUrl = useLatest({ searchParams, setSearchParams, names: urlNames, defaults });
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey stands for the query
  useEffect(() => {
    if (!persistQuery) return;
    const { searchParams: current, setSearchParams: setUrl, names, defaults: fallback } = latestUrl.current;
    const next = writeQueryToUrl(current, query, fallback, names);
    if (next.toString() !== current.toString()) setUrl(next, { replace: true });
  }, [queryKey, persistQuery]);

  const layoutId = useRef<number | null>(props.savedLayout?.id ?? null);
  const saveQueue = useRef<Promise<void>>(Promise.resolve());
  const changeLayout = (next: ColumnLayout) => {
    setLayout(next);
    setLayoutChosen(true);
    if (!serverLayout) return;
    const fieldInfo = JSON.stringify(toFieldInfo(next));
    // Saves go one after another, so the last change is the one kept.
    saveQueue.current = saveQueue.current.then(async () => {
      try {
        const saved = await saveTableLayout({ id: layoutId.current, moduleKey: tableKey, fieldInfo });
        layoutId.current = saved.id;
        queryClient.setQueryData(tableLayoutQueryKey(tableKey), saved);
      } catch {
        // The API client has shown why; local storage still has the layout.
      }
    });
  };

  // ---- inline editing ---------------------------------------------------------------------------------------
  const rowKeyOf = (row: Row): Key =>
    typeof props.rowKey === 'function' ? props.rowKey(row) : (row[props.rowKey] as Key);
  const editableColumns = (row: Row) => tableColumns(columns).filter((column) => isEditable(column, row));

  const startEditable = (row: Row, focus?: string) => {
    const key = rowKeyOf(row);
    if (editing) {
      if (editing.key !== key) void message.warning(t('table.finishEditingFirst'));
      return;
    }
    const draft = Object.fromEntries(
      editableColumns(row).map((column) => [
        column.dataIndex as string,
        (row as Record<string, unknown>)[column.dataIndex as string],
      ]),
    );
    setEditing({ key, row, draft, saving: false, errors: {}, focus });
  };

  const cancelEditable = () => setEditing((current) => (current?.saving ? current : null));
  const searchBox = useRef<HTMLDivElement>(null);
  useListKeys(searchBox, editing !== null, cancelEditable);

  const confirmEdit = async () => {
    if (!editing || editing.saving) return;
    const { key, row, draft } = editing;
    const before = row as Record<string, unknown>;
    const changes: Record<string, unknown> = {};
    for (const column of editableColumns(row)) {
      const name = column.dataIndex as string;
      const after = editedValue(before[name], draft[name]);
      if (after !== editedValue(before[name], before[name])) changes[name] = after;
    }
    if (Object.keys(changes).length === 0 || !props.editable) {
      setEditing(null);
      return;
    }
    setEditing({ ...editing, saving: true, errors: {} });
    try {
      await props.editable.onSave(key, changes as Partial<Row>, row);
    } catch (error) {
      setEditing(
        (current) => current && { ...current, saving: false, errors: isApiError(error) ? error.fields : {} },
      );
      return;
    }
    void message.success(t('table.saveSuccess'));
    await load();
    setEditing(null);
  };

  // ---- imperative handle ------------------------------------------------------------------------------------
  const reset = () => {
    change({ type: 'reset' });
    props.onReset?.();
  };
  const action: DataTableAction = {
    reload: load,
    reloadAndRest: () => {
      if (query.pagination.current === 1) void load();
      else dispatch({ type: 'firstPage' });
    },
    reset: () => reset(),
    clearSelected,
    startEditable: (key) => {
      const row = shown.data.find((candidate) => rowKeyOf(candidate) === key);
      if (row) startEditable(row);
    },
    cancelEditable,
  };
  useImperativeHandle(props.actionRef, () => action);

  // ---- columns ----------------------------------------------------------------------------------------------
  const emptyValue = '-';
  const defaultDom = (column: DataTableColumn<Row>, value: unknown): ReactNode => {
    if (value === null || value === undefined || value === '') return emptyValue;
    if (column.valueEnum) {
      const item = column.valueEnum[String(value)];
      if (!item) return String(value);
      return item.status ? <Badge status={item.status} text={item.text} /> : item.text;
    }
    if (column.valueType === 'date') return formatDate(String(value));
    if (column.valueType === 'dateTime') return formatDateTime(String(value));
    if (typeof value === 'boolean') return value ? t('table.yes') : t('table.no');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };

  const editor = (column: DataTableColumn<Row>, state: EditState<Row>) => {
    const name = column.dataIndex as string;
    const error = state.errors[name];
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancelEditable();
      if (event.key === 'Enter' && (column.valueType ?? 'text') === 'text') void confirmEdit();
    };
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts (Enter, Escape) for the editor inside
      <div onKeyDown={onKeyDown}>
        <FieldControl
          valueType={column.valueType === 'dateTime' ? 'date' : column.valueType}
          valueEnum={column.valueEnum}
          placeholder={{ input: t('table.inputPlaceholder'), select: t('table.selectPlaceholder') }}
          fieldProps={{ size: 'small', ...column.fieldProps }}
          aria-label={column.title}
          autoFocus={state.focus === name}
          disabled={state.saving}
          status={error ? 'error' : undefined}
          value={state.draft[name]}
          onChange={(value: unknown) =>
            setEditing((current) => current && { ...current, draft: { ...current.draft, [name]: value } })
          }
        />
        {error ? (
          <div role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  const renderCell = (column: DataTableColumn<Row>, value: unknown, row: Row, index: number): ReactNode => {
    const rowEditing = editing && editing.key === rowKeyOf(row) ? editing : null;
    if (isActionsColumn(column)) {
      if (rowEditing) {
        return (
          <Space size={4}>
            <Button type="link" size="small" loading={rowEditing.saving} onClick={() => void confirmEdit()}>
              {t('table.confirm')}
            </Button>
            <Button type="link" size="small" disabled={rowEditing.saving} onClick={cancelEditable}>
              {t('table.cancel')}
            </Button>
          </Space>
        );
      }
      return column.render ? column.render(null, row, index, action) : null;
    }
    const editable = isEditable(column, row);
    if (rowEditing && editable) return editor(column, rowEditing);
    const dom = defaultDom(column, value);
    const rendered = column.render ? column.render(dom, row, index, action) : dom;
    // A long value (a company's full name, a description) wraps rather than widening the table past the page and
    // pushing the columns after it out of sight; a column given a width keeps it.
    const content =
      column.width === undefined ? (
        <span style={{ display: 'block', maxWidth: CELL_MAX_WIDTH }}>{rendered}</span>
      ) : (
        rendered
      );
    if (!editable || !props.editable) return content;
    const start = () => startEditable(row, column.dataIndex);
    return (
      <button
        type="button"
        title={t('table.clickToEdit')}
        onClick={start}
        style={{
          cursor: 'pointer',
          minHeight: 22,
          minWidth: 32,
          padding: 0,
          border: 'none',
          borderBottom: `1px dashed ${token.colorBorder}`,
          background: 'none',
          color: 'inherit',
          font: 'inherit',
          textAlign: 'inherit',
        }}
      >
        {content}
      </button>
    );
  };

  const antColumns: TableColumnType<Row>[] = orderedColumns(columns, layout).map((column) => {
    const key = columnKey(column);
    const {
      render: _render,
      valueEnum: _valueEnum,
      valueType: _valueType,
      editable: _editable,
      hideInSearch: _hideInSearch,
      search: _search,
      hideInTable: _hideInTable,
      hideInSetting: _hideInSetting,
      initialValue: _initialValue,
      fieldProps: _fieldProps,
      formItemProps: _formItemProps,
      state: _state,
      fixed,
      ...rest
    } = column;
    return {
      ...rest,
      // Wraps between words only: a long word (Country/region) keeps the title as wide as itself.
      title: (
        <span style={{ display: 'inline-block', maxWidth: TITLE_MAX_WIDTH, minWidth: 'min-content' }}>
          {column.title}
        </span>
      ),
      key,
      dataIndex: column.dataIndex,
      fixed: isActionsColumn(column) ? (fixed ?? 'right') : layout.fixed[key],
      sortOrder: column.sorter ? (query.sort[key] ?? null) : undefined,
      render: (value: unknown, row: Row, index: number) => renderCell(column, value, row, index),
    };
  });

  const settingColumns = tableColumns(columns)
    .filter((column) => !isActionsColumn(column) && !column.hideInSetting)
    .map((column) => ({ key: columnKey(column), title: column.title }));

  const selectionCount = selection.keys.length;
  const afterBulk = () => {
    clearSelected();
    void load();
  };

  // The list's filters and sort as its endpoints take them, without paging: what an export or a bulk action covers.
  const { pageNum: _page, pageSize: _size, ...filters } = listQuery(requestParams, query.sort);

  const viewsButton = props.savedViews ? (
    <ViewsMenu
      key="views"
      tableKey={tableKey}
      views={props.savedViews}
      currentQuery={() =>
        // Saved without paging: a view opens on its first page.
        writeQueryToUrl(
          new URLSearchParams(),
          { ...query, pagination: { current: 1, pageSize: query.pagination.pageSize } },
          defaults,
          urlNames,
        ).toString()
      }
      onApply={(view) => change({ type: 'replace', query: viewQuery(view.query) })}
    />
  ) : null;

  const exportButton = (() => {
    if (!props.exportable) return null;
    const exportable = new Set(props.exportable.columns);
    return (
      <ExportButton
        key="export"
        path={props.exportable.path}
        filters={filters}
        columns={orderedColumns(columns, layout)
          .map(columnKey)
          .filter((key) => exportable.has(key))}
        total={shown.total}
        selectedKeys={selection.keys}
        name={tableKey}
      />
    );
  })();

  const pagination: TablePaginationConfig | false = failure
    ? false
    : {
        current: query.pagination.current,
        pageSize: query.pagination.pageSize,
        total: shown.total,
        pageSizeOptions,
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (total) => t('table.total', { total }),
        onChange: (current, pageSize) => change({ type: 'page', current, pageSize }),
      };
  // Where the rows were, not 暂无数据: the list is not empty, it could not be read.
  const failureText = failure ? (
    <LoadFailure message={failure.message ?? t('table.loadFailed')} onRetry={() => void load()} />
  ) : undefined;
  /** The ticked rows change (the table's boxes or a card's): only those rows, and the page is told as antd tells it. */
  const select: NonNullable<TableRowSelection<Row>['onChange']> = (keys, rows, info) => {
    setSelection({ keys, rows });
    setAllMatching(false);
    props.rowSelection?.onChange?.(keys, rows, info);
  };
  const toggleSelected = (row: Row, checked: boolean) => {
    const key = rowKeyOf(row);
    if (checked) select([...selection.keys, key], [...selection.rows, row], { type: 'single' });
    else
      select(
        selection.keys.filter((each) => each !== key),
        selection.rows.filter((each) => rowKeyOf(each) !== key),
        { type: 'single' },
      );
  };

  return (
    <Flex vertical gap="middle">
      {headTabs ? (
        <Tabs
          activeKey={query.head}
          items={headTabs.items.map((item) => ({ key: item.key, label: item.label }))}
          onChange={(value) => change({ type: 'head', value })}
          tabBarStyle={{ marginBottom: 0 }}
        />
      ) : null}
      {props.search !== false && searchFields.length > 0 ? (
        <div ref={searchBox} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <SearchForm
            fields={searchFields}
            values={query.searchForm}
            expanded={searchMore}
            onExpandChange={setSearchMore}
            onSearch={(values) => change({ type: 'search', values })}
            onReset={reset}
            labelWidth={props.search ? props.search.labelWidth : undefined}
            narrow={narrow}
          />
        </div>
      ) : null}
      <Flex vertical gap="small">
        <Toolbar
          title={props.headerTitle}
          tabs={toolbarTabs}
          tab={query.toolbarTabs}
          onTabChange={(value) => change({ type: 'toolbarTab', value })}
          extra={[...(props.toolBarRender?.() ?? []), viewsButton, exportButton]}
          loading={loading}
          onReload={() => void load()}
          density={density}
          onDensityChange={narrow ? undefined : setDensity}
          settingColumns={settingColumns}
          layout={layout}
          onLayoutChange={changeLayout}
          onLayoutReset={() => changeLayout(normalizeLayout(defaultLayout(columns), columns))}
        />
        {statusTabs && shown.statusTabList.length > 0 ? (
          <StatusTabs
            items={shown.statusTabList}
            countsUnknown={failure !== null}
            value={query.tabs}
            onChange={(value) => change({ type: 'tab', value })}
            label={t('table.statusTabs')}
          />
        ) : null}
        {props.rowSelection && selectionCount > 0 ? (
          <Alert
            type="info"
            title={
              <Flex justify="space-between" align="center" gap="middle" wrap>
                <Space wrap>
                  <span>
                    {allMatching
                      ? t('table.allMatchingSelected', { total: shown.total })
                      : t('table.selected', { count: selectionCount })}
                  </span>
                  {props.bulkActions && !allMatching && shown.total > selectionCount ? (
                    shown.total <= BULK_LIMIT ? (
                      <Button type="link" size="small" onClick={() => setAllMatching(true)}>
                        {t('table.selectAllMatching', { total: shown.total })}
                      </Button>
                    ) : (
                      <Typography.Text type="secondary">
                        {t('table.bulkLimit', { total: shown.total, limit: BULK_LIMIT })}
                      </Typography.Text>
                    )
                  ) : null}
                  <Button type="link" size="small" onClick={clearSelected}>
                    {t('table.clearSelection')}
                  </Button>
                </Space>
                <Space wrap>
                  {props.tableAlertOptionRender?.({
                    selectedRowKeys: selection.keys,
                    selectedRows: selection.rows,
                    onCleanSelected: clearSelected,
                  })}
                  {props.bulkActions?.(
                    allMatching
                      ? {
                          // The filters exactly as the list's own request carries them.
                          target: {
                            filters: Object.fromEntries(queryEntries(filters)),
                            expectedTotal: shown.total,
                          },
                          count: shown.total,
                          done: afterBulk,
                        }
                      : {
                          target: { ids: selection.keys.map(Number) },
                          count: selectionCount,
                          done: afterBulk,
                        },
                  )}
                </Space>
              </Flex>
            }
          />
        ) : null}
        {narrow ? (
          <TableCards<Row>
            label={typeof props.headerTitle === 'string' ? props.headerTitle : t('table.rows')}
            shown={orderedColumns(columns, layout)}
            pins={layout.fixed}
            rows={shown.data}
            rowKey={rowKeyOf}
            cell={renderCell}
            loading={loading}
            emptyText={failureText}
            pagination={pagination}
            editingKey={editing?.key}
            selection={
              props.rowSelection
                ? {
                    keys: selection.keys,
                    toggle: toggleSelected,
                    disabled: (row) => props.rowSelection?.getCheckboxProps?.(row)?.disabled === true,
                  }
                : undefined
            }
            sort={{ value: query.sort, onChange: (sort) => change({ type: 'sort', sort }) }}
          />
        ) : (
          <Table<Row>
            rowKey={(row) => rowKeyOf(row)}
            columns={antColumns}
            dataSource={shown.data}
            loading={loading}
            locale={failureText ? { emptyText: failureText } : undefined}
            size={density}
            scroll={props.scroll ?? { x: 'max-content' }}
            expandable={props.expandable}
            rowClassName={(row) => (editing?.key === rowKeyOf(row) ? 'kxt-row-editing' : '')}
            rowSelection={
              props.rowSelection
                ? {
                    ...props.rowSelection,
                    preserveSelectedRowKeys: true,
                    selectedRowKeys: selection.keys,
                    onChange: select,
                  }
                : undefined
            }
            pagination={pagination}
            onChange={(_pagination, _filters, sorter, extra) => {
              if (extra.action !== 'sort') return;
              const first = Array.isArray(sorter) ? sorter[0] : sorter;
              const field = first?.columnKey === undefined ? undefined : String(first.columnKey);
              const sort: SortState = field && first?.order ? { [field]: first.order } : {};
              change({ type: 'sort', sort });
            }}
          />
        )}
      </Flex>
    </Flex>
  );
}
