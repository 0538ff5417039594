import type { TableFieldInfo } from '@kxt/contracts/table-layouts';
import type { DataTableColumn } from './types.ts';

export type Pin = 'left' | 'right';

/** The user's column settings: order of every column key, the hidden ones and the pinned ones. */
export interface ColumnLayout {
  order: string[];
  hidden: string[];
  fixed: Record<string, Pin>;
}

/** A column's stable id: its key, else its dataIndex. */
export function columnKey<Row>(column: DataTableColumn<Row>): string {
  const key = column.key ?? column.dataIndex;
  if (!key) throw new Error(`DataTable column "${column.title}" needs a key or a dataIndex`);
  return key;
}

/** The actions column (valueType `option`): never moved or hidden by the settings, always last. */
export function isActionsColumn<Row>(column: DataTableColumn<Row>): boolean {
  return column.valueType === 'option';
}

/** Columns that take part in the table (search-only columns do not). */
export function tableColumns<Row>(columns: DataTableColumn<Row>[]): DataTableColumn<Row>[] {
  return columns.filter((column) => !column.hideInTable);
}

/** The columns the default layout leaves out (`defaultHidden`; never the actions column). */
function hiddenByDefault<Row>(columns: DataTableColumn<Row>[]): string[] {
  return columns.filter((column) => column.defaultHidden && !isActionsColumn(column)).map(columnKey);
}

export function defaultLayout<Row>(columns: DataTableColumn<Row>[]): ColumnLayout {
  const visible = tableColumns(columns);
  const fixed: Record<string, Pin> = {};
  for (const column of visible) if (column.fixed) fixed[columnKey(column)] = column.fixed;
  return { order: visible.map(columnKey), hidden: hiddenByDefault(visible), fixed };
}

/**
 * A stored layout made to fit the current columns: unknown keys are dropped, columns added since are inserted at
 * their default place (hidden if hidden by default), and the actions column goes last whatever the stored order says.
 */
export function normalizeLayout<Row>(layout: ColumnLayout, columns: DataTableColumn<Row>[]): ColumnLayout {
  const visible = tableColumns(columns);
  const known = new Map(visible.map((column) => [columnKey(column), column]));
  const actions = visible.filter(isActionsColumn).map(columnKey);
  const order = layout.order.filter((key, index) => known.has(key) && layout.order.indexOf(key) === index);
  const added = hiddenByDefault(visible).filter((key) => !order.includes(key));
  const defaults = visible.map(columnKey);
  defaults.forEach((key, index) => {
    if (order.includes(key)) return;
    // After the nearest earlier default neighbour that is present.
    const before = defaults
      .slice(0, index)
      .reverse()
      .find((other) => order.includes(other));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key);
  });
  const withoutActions = order.filter((key) => !actions.includes(key));
  const kept = layout.hidden.filter((key) => known.has(key) && !actions.includes(key));
  const hidden = [...kept, ...added.filter((key) => !kept.includes(key))];
  const fixed: Record<string, Pin> = {};
  for (const [key, pin] of Object.entries(layout.fixed)) {
    if (known.has(key) && !actions.includes(key) && (pin === 'left' || pin === 'right')) fixed[key] = pin;
  }
  for (const key of actions) {
    const pin = known.get(key)?.fixed;
    if (pin) fixed[key] = pin;
  }
  return { order: [...withoutActions, ...actions], hidden, fixed };
}

/**
 * The columns to render, in order: pinned left, unpinned, pinned right (antd needs pinned columns at the edges),
 * the actions column last; hidden ones left out.
 */
export function orderedColumns<Row>(
  columns: DataTableColumn<Row>[],
  layout: ColumnLayout,
): DataTableColumn<Row>[] {
  const byKey = new Map(tableColumns(columns).map((column) => [columnKey(column), column]));
  const present = layout.order
    .map((key) => byKey.get(key))
    .filter((column): column is DataTableColumn<Row> => column !== undefined);
  const shown = present.filter((column) => !layout.hidden.includes(columnKey(column)));
  const group = (pin: Pin | undefined) =>
    shown.filter((column) => !isActionsColumn(column) && layout.fixed[columnKey(column)] === pin);
  return [...group('left'), ...group(undefined), ...group('right'), ...present.filter(isActionsColumn)];
}

/** The saved layout's shape on the server (`fieldInfo`, spec §3). */
export function toFieldInfo(layout: ColumnLayout): TableFieldInfo {
  return {
    checkedKeys: layout.order.filter((key) => !layout.hidden.includes(key)),
    tableColums: layout.order.map((key) => ({
      key,
      show: !layout.hidden.includes(key),
      fixed: layout.fixed[key] ?? null,
    })),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a saved `fieldInfo` (JSON text); anything unreadable is null (the defaults apply). */
export function fromFieldInfo(text: string | null | undefined): ColumnLayout | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.tableColums)) return null;
  const checked = Array.isArray(parsed.checkedKeys)
    ? parsed.checkedKeys.filter((key): key is string => typeof key === 'string')
    : null;
  const layout: ColumnLayout = { order: [], hidden: [], fixed: {} };
  for (const entry of parsed.tableColums) {
    if (!isRecord(entry) || typeof entry.key !== 'string') continue;
    layout.order.push(entry.key);
    const shown = typeof entry.show === 'boolean' ? entry.show : (checked?.includes(entry.key) ?? true);
    if (!shown) layout.hidden.push(entry.key);
    if (entry.fixed === 'left' || entry.fixed === 'right') layout.fixed[entry.key] = entry.fixed;
  }
  return layout;
}

/** Moves `key` to where `target` is (dragging down puts it after the target, dragging up before). */
export function moveColumn(layout: ColumnLayout, key: string, target: string): ColumnLayout {
  const from = layout.order.indexOf(key);
  const to = layout.order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return layout;
  const order = [...layout.order];
  order.splice(from, 1);
  order.splice(to, 0, key);
  return { ...layout, order };
}

export function setHidden(layout: ColumnLayout, keys: string[], hidden: boolean): ColumnLayout {
  const rest = layout.hidden.filter((key) => !keys.includes(key));
  return { ...layout, hidden: hidden ? [...rest, ...keys] : rest };
}

export function setPin(layout: ColumnLayout, key: string, pin: Pin | null): ColumnLayout {
  const fixed = { ...layout.fixed };
  if (pin) fixed[key] = pin;
  else delete fixed[key];
  return { ...layout, fixed };
}
