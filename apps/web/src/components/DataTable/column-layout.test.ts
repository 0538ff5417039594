import { describe, expect, it } from 'vitest';
import {
  columnKey,
  defaultLayout,
  fromFieldInfo,
  moveColumn,
  normalizeLayout,
  orderedColumns,
  toFieldInfo,
} from './column-layout.ts';
import { actionsColumn, serviceCodeColumn, stateColumn } from './common-columns.tsx';
import type { DataTableColumn } from './types.ts';

type Row = Record<string, unknown>;
const columns: DataTableColumn<Row>[] = [
  { title: 'Keyword', dataIndex: 'keyword', hideInTable: true },
  { title: 'A', dataIndex: 'a' },
  { title: 'B', dataIndex: 'b' },
  { title: 'C', dataIndex: 'c' },
  { title: 'Actions', key: 'actions', valueType: 'option', fixed: 'right' },
];
const keys = (list: DataTableColumn<Row>[]) => list.map((column) => column.key ?? column.dataIndex);

describe('column layout', () => {
  it('keeps the actions column last whatever the saved order says', () => {
    const saved = normalizeLayout({ order: ['actions', 'c', 'a', 'b'], hidden: [], fixed: {} }, columns);
    expect(saved.order).toEqual(['c', 'a', 'b', 'actions']);
    expect(keys(orderedColumns(columns, saved))).toEqual(['c', 'a', 'b', 'actions']);
  });

  it('drops unknown keys and inserts columns added since at their default place', () => {
    const saved = normalizeLayout({ order: ['c', 'gone', 'a'], hidden: ['gone', 'a'], fixed: {} }, columns);
    expect(saved.order).toEqual(['c', 'a', 'b', 'actions']);
    expect(saved.hidden).toEqual(['a']);
  });

  it('renders pinned-left columns first and pinned-right ones before the actions column', () => {
    const layout = {
      order: ['a', 'b', 'c', 'actions'],
      hidden: ['b'],
      fixed: { c: 'left', a: 'right' } as const,
    };
    expect(keys(orderedColumns(columns, layout))).toEqual(['c', 'a', 'actions']);
  });

  it('round-trips through fieldInfo (checkedKeys, tableColums)', () => {
    const layout = { order: ['b', 'a', 'c', 'actions'], hidden: ['c'], fixed: { b: 'left' as const } };
    const info = toFieldInfo(layout);
    expect(info).toEqual({
      checkedKeys: ['b', 'a', 'actions'],
      tableColums: [
        { key: 'b', show: true, fixed: 'left' },
        { key: 'a', show: true, fixed: null },
        { key: 'c', show: false, fixed: null },
        { key: 'actions', show: true, fixed: null },
      ],
    });
    expect(fromFieldInfo(JSON.stringify(info))).toEqual(layout);
    expect(fromFieldInfo('not json')).toBeNull();
    expect(fromFieldInfo(JSON.stringify({ checkedKeys: [] }))).toBeNull();
  });

  it('pins the row key left and the state right beside the actions by default', () => {
    type Item = { serviceCode: string; status: string; customer: string };
    const list: DataTableColumn<Item>[] = [
      { title: 'Customer', dataIndex: 'customer' },
      serviceCodeColumn<Item>('Service code'),
      stateColumn<Item>({ title: 'Status', dataIndex: 'status' }),
      { title: 'Remark', dataIndex: 'remark' },
      actionsColumn<Item>('Actions', []),
    ];
    const layout = defaultLayout(list);
    expect(layout.fixed).toEqual({ serviceCode: 'left', status: 'right', actions: 'right' });
    expect(orderedColumns(list, layout).map(columnKey)).toEqual([
      'serviceCode',
      'customer',
      'remark',
      'status',
      'actions',
    ]);
    // A user's unpinned state stays unpinned.
    const unpinned = normalizeLayout({ ...layout, fixed: { serviceCode: 'left' } }, list);
    expect(orderedColumns(list, unpinned).map(columnKey)).toEqual([
      'serviceCode',
      'customer',
      'status',
      'remark',
      'actions',
    ]);
  });

  it('leaves a column hidden by default out of the default layout, still in the order 列设置 lists', () => {
    const list: DataTableColumn<Row>[] = [
      { title: 'A', dataIndex: 'a' },
      { title: 'Created', dataIndex: 'createdAt', defaultHidden: true },
      { title: 'Actions', key: 'actions', valueType: 'option', defaultHidden: true },
    ];
    const layout = defaultLayout(list);
    expect(layout).toEqual({ order: ['a', 'createdAt', 'actions'], hidden: ['createdAt'], fixed: {} });
    expect(keys(orderedColumns(list, layout))).toEqual(['a', 'actions']);
    // A layout saved before the column came starts without it; one that shows it keeps showing it.
    expect(normalizeLayout({ order: ['a'], hidden: [], fixed: {} }, list).hidden).toEqual(['createdAt']);
    const shown = normalizeLayout({ order: ['createdAt', 'a'], hidden: [], fixed: {} }, list);
    expect(shown.hidden).toEqual([]);
    expect(keys(orderedColumns(list, shown))).toEqual(['createdAt', 'a', 'actions']);
  });

  it('moves a column before the target going up and after it going down', () => {
    const layout = defaultLayout(columns);
    expect(moveColumn(layout, 'a', 'c').order).toEqual(['b', 'c', 'a', 'actions']);
    expect(moveColumn(layout, 'c', 'a').order).toEqual(['c', 'a', 'b', 'actions']);
  });
});
