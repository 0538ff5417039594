import { SERVICE_COUNTRIES } from '@kxt/contracts/business';
import { Space } from 'antd';
import { countryName, countryValueEnum } from './format.ts';
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

/** The creation time, sortable, not a search field. */
export function createdAtColumn<Row>(title: string): DataTableColumn<Row> {
  return { title, dataIndex: 'createdAt', valueType: 'dateTime', search: false, sorter: true };
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
