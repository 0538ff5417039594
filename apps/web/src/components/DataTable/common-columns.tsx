import { SERVICE_COUNTRIES } from '@kxt/contracts/business';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import { countryName, countryValueEnum, formatDate, formatDateTime } from './format.ts';
import { type RowAction, RowActions } from './RowActions.tsx';
import { type BadgeFields, RowBadges } from './RowBadges.tsx';
import type { DataTableColumn } from './types.ts';

/** The free-text search field every list has: a search field only, never a column. */
export function keywordColumn<Row>(title: string, placeholder: string): DataTableColumn<Row> {
  return { title, dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder } };
}

/** A country column that is also a searchable select of the countries the business serves. */
export function countryColumn<Row extends { country: string | null }>(
  title: string,
  language: string,
): DataTableColumn<Row> {
  return {
    title,
    dataIndex: 'country',
    valueType: 'select',
    valueEnum: countryValueEnum(SERVICE_COUNTRIES, language),
    fieldProps: { showSearch: { optionFilterProp: 'label' } },
    render: (_dom, row) => (row.country ? countryName(row.country, language) : '-'),
  };
}

/** The service code with its row badges (欠, 挂, 重, K, overdue level). */
export function serviceCodeColumn<Row extends BadgeFields & { serviceCode: string }>(
  title: string,
  options: { sorter?: boolean } = {},
): DataTableColumn<Row> {
  return {
    title,
    dataIndex: 'serviceCode',
    search: false,
    sorter: options.sorter ?? false,
    // The row's key: pinned, so the row being read or edited stays identifiable while the table scrolls sideways.
    fixed: 'left',
    render: (dom, row) => (
      <Space size={6}>
        <span style={{ fontFamily: 'monospace' }}>{dom}</span>
        <RowBadges row={row} />
      </Space>
    ),
  };
}

/**
 * The column that says what state a row is in (状态): pinned right, beside the actions, by default. A row's actions
 * are always on screen (pinned right), so its state must be too, however wide the table grows: a person acts on a
 * row knowing what state it is in. Wrap every list's state column in it; users may still unpin it in 列设置.
 */
export function stateColumn<Row>(column: DataTableColumn<Row>): DataTableColumn<Row> {
  return { ...column, fixed: 'right', state: true };
}

/**
 * How wide a customer's company name may be: full names (深圳市新锐跨境电商有限公司) are the widest values of the
 * staff lists, and on two lines they leave the columns after them room on a 1440 px screen.
 */
export const CUSTOMER_NAME_WIDTH = 140;

/** A company name in a `CUSTOMER_NAME_WIDTH` column: its lines balanced, never a lone 司 on the second. */
export function CompanyName({ children }: { children: ReactNode }) {
  return <span style={{ display: 'block', textWrap: 'balance' }}>{children}</span>;
}

/** The row's customer (company name), wrapping at `CUSTOMER_NAME_WIDTH`; not a search field (the keyword is). */
export function customerNameColumn<Row>(title: string): DataTableColumn<Row> {
  return {
    title,
    dataIndex: 'customerName',
    search: false,
    width: CUSTOMER_NAME_WIDTH,
    render: (dom) => <CompanyName>{dom}</CompanyName>,
  };
}

/**
 * Narrower than a date: a date column is as wide as its date (kept on one line) or its title's longest word, so a
 * long title (Link expires, Declared on) wraps rather than widening the list.
 */
const DATE_COLUMN_WIDTH = 90;

/** A date column (`valueType: 'date'`): the date on one line, the title wrapping between words. */
export function dateColumn<Row>(column: DataTableColumn<Row>): DataTableColumn<Row> {
  return {
    ...column,
    valueType: 'date',
    width: DATE_COLUMN_WIDTH,
    render: (dom) => <span style={{ whiteSpace: 'nowrap' }}>{dom}</span>,
  };
}

/**
 * A time shown as its day (in the user's time zone), the whole time on hover and in the row's detail: a list is
 * read by the day, and a day is some 40 px narrower than a day and time, which is what lets a list of several times
 * fit a 1440 px screen. Sortable, not a search field.
 */
export function dayOfTimeColumn<Row>(title: string, dataIndex: keyof Row & string): DataTableColumn<Row> {
  return {
    title,
    dataIndex,
    valueType: 'dateTime',
    search: false,
    sorter: true,
    width: DATE_COLUMN_WIDTH,
    render: (dom, row) => {
      const value = row[dataIndex];
      if (typeof value !== 'string' || !value) return dom;
      return (
        <span title={formatDateTime(value)} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(value)}
        </span>
      );
    },
  };
}

/** The creation time, as its day (dayOfTimeColumn). */
export function createdAtColumn<Row extends { createdAt: string }>(title: string): DataTableColumn<Row> {
  return dayOfTimeColumn<Row>(title, 'createdAt');
}

export interface RowActionButton<Row> {
  label: string;
  onClick: (row: Row) => void;
  /** Leaves the button out for rows it does not apply to. */
  hidden?: (row: Row) => boolean;
  danger?: boolean;
}

/**
 * The row actions column, pinned right and kept last: each row's actions, most used first, two as link buttons and
 * the rest under 更多 (RowActions). Give fixed buttons, or a function that lists a row's actions.
 */
export function actionsColumn<Row>(
  title: string,
  actions: RowActionButton<Row>[] | ((row: Row) => RowAction[]),
): DataTableColumn<Row> {
  const actionsOf = (row: Row): RowAction[] =>
    typeof actions === 'function'
      ? actions(row)
      : actions
          .filter((button) => !button.hidden?.(row))
          .map((button) => ({
            key: button.label,
            label: button.label,
            danger: button.danger,
            onClick: () => button.onClick(row),
          }));
  return {
    title,
    key: 'actions',
    valueType: 'option',
    fixed: 'right',
    render: (_dom, row) => <RowActions actions={actionsOf(row)} />,
  };
}
