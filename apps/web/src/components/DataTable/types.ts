import type { StatusTab } from '@kxt/contracts/paging';
import type { TableColumnType, TableProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TableRowSelection } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import type { BulkContext } from './bulk.tsx';

/**
 * How a column's value is shown, searched and edited (ProTable's `valueType`, the part we need). `option` marks the
 * actions column: never searched, never moved by column settings, always last.
 */
export type ValueType = 'text' | 'textarea' | 'select' | 'date' | 'dateTime' | 'digit' | 'option';

/** One value of a select-like column: its label and, for statuses, a badge colour. */
export interface ValueEnumItem {
  text: ReactNode;
  /** A colour for the status dot (any CSS colour or antd preset: success, warning, error, processing, default). */
  status?: 'success' | 'warning' | 'error' | 'processing' | 'default';
}

export type SortOrder = 'ascend' | 'descend';
/** The active server-side sort: `{ createdAt: 'descend' }`, or empty. */
export type SortState = Record<string, SortOrder>;

/** What `request` receives: the page, the submitted search values, the tabs' values and the table's `params`. */
export type RequestParams = { current: number; pageSize: number } & Record<string, unknown>;

/** What `request` resolves to. `success: false` (or a rejection) shows an empty list with total 0. */
export interface RequestData<Row> {
  data: Row[];
  total: number;
  success: boolean;
  /** Counts per status tab (the first is the "all" tab); required when `statusTabs` is on. */
  statusTabList?: StatusTab[];
}

/** Imperative handle (ProTable's `actionRef`). */
export interface DataTableAction {
  /** Asks again with the current parameters; resolves when the answer is shown (or discarded). */
  reload: () => Promise<void>;
  /** Back to page 1, then reload. */
  reloadAndRest: () => void;
  /** Restores the default search parameters (the search form's 重置). */
  reset: () => void;
  clearSelected: () => void;
  /** Puts a row into inline edit mode (as the first click on one of its editable cells does). */
  startEditable: (key: Key) => void;
  cancelEditable: () => void;
}

/** A search field's extra behaviour. */
export interface SearchConfig {
  /** Turns the submitted value into request parameters (a date range into `from` and `to`, for example). */
  transform?: (value: unknown) => Record<string, unknown>;
}

export interface DataTableColumn<Row>
  extends Omit<TableColumnType<Row>, 'key' | 'dataIndex' | 'render' | 'title' | 'fixed' | 'hidden'> {
  /** Stable id of the column (layouts are saved by it); defaults to `dataIndex`. */
  key?: string;
  /** The row field shown, searched (as the parameter name) and edited. */
  dataIndex?: string;
  title: string;
  valueType?: ValueType;
  /** Labels of the values: shown in cells, offered by select search fields and select editors. */
  valueEnum?: Record<string, ValueEnumItem>;
  /** ProTable's render: `dom` is what the table would show by default (valueEnum label, formatted date, …). */
  render?: (dom: ReactNode, row: Row, index: number, action: DataTableAction) => ReactNode;
  /**
   * Default pin; users may change it in 列设置. Lists pin the column that names a row left (serviceCodeColumn) and the
   * row's state right beside its actions (stateColumn, actionsColumn), so both stay on screen however wide the table.
   */
  fixed?: 'left' | 'right';
  /**
   * The row's state (状态): on a phone its value stands beside the card's title, where the eye lands first.
   * `stateColumn` sets it; a list that pins its state elsewhere (the patent lists, left) sets it itself.
   */
  state?: boolean;
  /** Not a search field (every other column with a dataIndex is one, as in ProTable). */
  hideInSearch?: boolean;
  search?: false | SearchConfig;
  /** A search field only (a keyword, for example). */
  hideInTable?: boolean;
  /** Not listed in 列设置 (always shown). */
  hideInSetting?: boolean;
  /**
   * Left out of the default layout (and of 重置's): still listed in 列设置, where a user may show it. For a column
   * a reader rarely needs, so the list fits the screen without it.
   */
  defaultHidden?: boolean;
  /** Default value of the search field. */
  initialValue?: unknown;
  /** Props of the search field's input (placeholder, options, …). */
  fieldProps?: Record<string, unknown>;
  /** Validation of the search field and of the inline editor. */
  formItemProps?: { rules?: Rule[] };
  /** The cell can be edited inline (first click makes the row editable); a function decides per row. */
  editable?: boolean | ((row: Row) => boolean);
}

export interface TabItem {
  key: string;
  label: ReactNode;
}

/** Tabs whose value is a request parameter; a tab keyed `all` sends nothing. */
export interface TabsConfig {
  /** The request parameter the selected tab sets. */
  dataIndex: string;
  items: TabItem[];
}

/** antd's table sizes: 默认 large, 中等 medium, 紧凑 small. */
export type Density = 'large' | 'medium' | 'small';

export interface EditableConfig<Row> {
  /**
   * The row's save handler, called with only the changed fields. Reject to stay in edit mode (an ApiError's
   * field messages are shown under the editors).
   */
  onSave: (key: Key, changes: Partial<Row>, row: Row) => Promise<unknown>;
}

export interface DataTableProps<Row extends object, Result extends RequestData<Row> = RequestData<Row>> {
  /**
   * The table's identity: local storage key (with the user's id) and the server layout's moduleKey. Letters, digits,
   * `.`, `_` and `-`.
   */
  tableKey: string;
  columns: DataTableColumn<Row>[];
  request: (params: RequestParams, sort: SortState) => Promise<Result>;
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** Extra request parameters; a change asks again from page 1. */
  params?: Record<string, unknown>;
  /** Called with every answer that is shown (stale answers are not). */
  onLoad?: (result: Result) => void;
  /**
   * Called by 重置 (and `actionRef.reset`) after the table's own defaults are back: a page that keeps filters of its
   * own outside the table (its own status tabs, a customer picker) restores them here, so reset restores everything.
   */
  onReset?: () => void;
  headerTitle?: ReactNode;
  /** Buttons on the toolbar, left of refresh, density and column settings. */
  toolBarRender?: () => ReactNode[];
  /** The search form; false hides it. */
  search?: false | { labelWidth?: number };
  /** Status tabs from the answer's statusTabList; the selected status is sent as `dataIndex`. */
  statusTabs?: { dataIndex: string; defaultValue?: string };
  /** Tabs above everything (a view switcher); changing one resets toolbar tab, status tab and page size. */
  headTabs?: TabsConfig;
  /** Tabs at the toolbar's left. */
  toolbarTabs?: TabsConfig;
  rowSelection?: Omit<TableRowSelection<Row>, 'selectedRowKeys'>;
  /** Batch actions next to 已选择 N 项. */
  tableAlertOptionRender?: (props: {
    selectedRowKeys: Key[];
    selectedRows: Row[];
    onCleanSelected: () => void;
  }) => ReactNode;
  /**
   * Bulk action buttons next to 已选择 N 项, given what they act on: the selected rows, or (after 选择全部 N 条匹配项)
   * every row of the current filter, by its confirmed count. Each action's confirmation states that count.
   */
  bulkActions?: (context: BulkContext) => ReactNode;
  /** Pagination defaults; the size changer and quick jumper are always on. */
  pagination?: { defaultPageSize?: number; pageSizeOptions?: number[] };
  editable?: EditableConfig<Row>;
  actionRef?: React.Ref<DataTableAction>;
  /** Search values that replace the stored ones on mount (a link into the list, `?keyword=…`). */
  initialSearchValues?: Record<string, unknown>;
  /** Keep search parameters in local storage (default true); column layout and density are always kept. */
  persistQuery?: boolean;
  /** Load and save the column layout on the server (default true). */
  serverLayout?: boolean;
  /**
   * 导出: the list's export endpoint and the columns it can write (the contracts' `*_EXPORT_COLUMNS`). The file holds
   * the visible ones of these, in the user's order, for the selection or the current filter and sort.
   */
  exportable?: { path: string; columns: readonly string[] };
  scroll?: TableProps<Row>['scroll'];
  expandable?: TableProps<Row>['expandable'];
}
