import { Button, Checkbox, Flex, type PaginationProps, Select } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnKey, isActionsColumn, type Pin } from './column-layout.ts';
import { RowCard, RowCards } from './RowCards.tsx';
import type { DataTableColumn, SortOrder, SortState } from './types.ts';

/** How a list's shown columns become a card: the title, the state beside it, label–value lines, the actions. */
export interface CardParts<Row> {
  title: DataTableColumn<Row> | undefined;
  state: DataTableColumn<Row> | undefined;
  fields: DataTableColumn<Row>[];
  actions: DataTableColumn<Row> | undefined;
}

/**
 * The card's parts from the columns a table would show, in their order: the first column pinned left names the row
 * (the service code) and is the title, else the first column; the row's state (`DataTableColumn.state`, else the
 * first other column pinned right) stands beside the title.
 */
export function cardParts<Row>(shown: DataTableColumn<Row>[], pins: Record<string, Pin>): CardParts<Row> {
  const data = shown.filter((column) => !isActionsColumn(column));
  const title = data.find((column) => pins[columnKey(column)] === 'left') ?? data[0];
  const others = data.filter((column) => column !== title);
  const state =
    others.find((column) => column.state) ?? others.find((column) => pins[columnKey(column)] === 'right');
  return {
    title,
    state,
    fields: data.filter((column) => column !== title && column !== state),
    actions: shown.find(isActionsColumn),
  };
}

export interface TableCardsProps<Row> {
  /** The list's name, for a screen reader. */
  label: string;
  /** The columns the table would show, in its order (`orderedColumns`). */
  shown: DataTableColumn<Row>[];
  pins: Record<string, Pin>;
  rows: Row[];
  rowKey: (row: Row) => Key;
  /** A cell as the table renders it, editors and all. */
  cell: (column: DataTableColumn<Row>, value: unknown, row: Row, index: number) => ReactNode;
  loading: boolean;
  emptyText: ReactNode;
  pagination: PaginationProps | false;
  /** Ticked rows, when the list offers selection. */
  selection?: {
    keys: Key[];
    toggle: (row: Row, checked: boolean) => void;
    disabled?: (row: Row) => boolean;
  };
  /** The row being edited, marked as the table marks it. */
  editingKey?: Key;
  /** Sorting, for lists with sortable columns: a phone has no column headers to click. */
  sort?: { value: SortState; onChange: (sort: SortState) => void };
}

/**
 * A list's rows as cards, for a phone: a table there shows one or two columns beside the buttons and hides the rest
 * off screen, while a card shows every column the user chose, each with its label.
 */
export function TableCards<Row>(props: TableCardsProps<Row>) {
  const { t } = useTranslation();
  const parts = cardParts(props.shown, props.pins);
  const cell = (column: DataTableColumn<Row> | undefined, row: Row, index: number): ReactNode => {
    if (!column) return null;
    const value = column.dataIndex ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
    return props.cell(column, value, row, index);
  };
  const sortable = props.shown.filter((column) => column.sorter);
  return (
    <Flex vertical gap="small">
      {props.sort && sortable.length > 0 ? (
        <SortSelect columns={sortable} value={props.sort.value} onChange={props.sort.onChange} />
      ) : null}
      <RowCards
        label={props.label}
        loading={props.loading}
        emptyText={props.emptyText}
        pagination={props.pagination}
      >
        {props.rows.map((row, index) => {
          const key = props.rowKey(row);
          const selection = props.selection;
          return (
            <DataCard
              key={key}
              selected={key === props.editingKey}
              leading={
                selection ? (
                  <Checkbox
                    aria-label={t('table.selectRow')}
                    checked={selection.keys.includes(key)}
                    disabled={selection.disabled?.(row)}
                    onChange={(event) => selection.toggle(row, event.target.checked)}
                  />
                ) : undefined
              }
              title={cell(parts.title, row, index)}
              tag={cell(parts.state, row, index)}
              fields={parts.fields.map((column) => [column.title, cell(column, row, index)])}
              actions={cell(parts.actions, row, index)}
            />
          );
        })}
      </RowCards>
    </Flex>
  );
}

/**
 * How many label–value lines a card shows before 显示全部: a list of twenty columns would make each card a screen
 * long. The first ones are those the user put first in 列设置.
 */
export const CARD_FIELDS = 6;

/** One row's card, its lines past `CARD_FIELDS` folded until asked for. */
function DataCard(props: Omit<Parameters<typeof RowCard>[0], 'more'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const folded = props.fields.length - CARD_FIELDS;
  if (folded <= 1) return <RowCard {...props} />;
  return (
    <RowCard
      {...props}
      fields={open ? props.fields : props.fields.slice(0, CARD_FIELDS)}
      more={
        <Button
          type="link"
          size="small"
          aria-expanded={open}
          style={{ paddingInline: 0, alignSelf: 'flex-start' }}
          onClick={() => setOpen(!open)}
        >
          {open ? t('table.fewerFields') : t('table.moreFields', { count: folded })}
        </Button>
      }
    />
  );
}

const ORDERS: SortOrder[] = ['ascend', 'descend'];

/** The table's sort as one choice: each sortable column up or down, or the list's own order. */
function SortSelect<Row>({
  columns,
  value,
  onChange,
}: {
  columns: DataTableColumn<Row>[];
  value: SortState;
  onChange: (sort: SortState) => void;
}) {
  const { t } = useTranslation();
  const [current] = Object.entries(value);
  const options = [
    { value: '', label: t('table.sortDefault') },
    ...columns.flatMap((column) =>
      ORDERS.map((order) => ({
        value: `${columnKey(column)} ${order}`,
        label: t(order === 'ascend' ? 'table.sortAscend' : 'table.sortDescend', { title: column.title }),
      })),
    ),
  ];
  return (
    <Select
      aria-label={t('table.sortBy')}
      size="small"
      value={current ? `${current[0]} ${current[1]}` : ''}
      options={options}
      popupMatchSelectWidth={false}
      style={{ alignSelf: 'flex-end', minWidth: 140 }}
      onChange={(choice: string) => {
        const [key, order] = choice.split(' ');
        onChange(key && order ? { [key]: order as SortOrder } : {});
      }}
    />
  );
}
