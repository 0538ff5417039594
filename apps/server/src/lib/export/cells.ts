import { type ExportColumn, type ExportContext, localDateTime, minorUnitDigits } from './columns.ts';

/** A header cell of the file: a money column adds its currency column right after it. */
export function headerCells<Row>(columns: ExportColumn<Row>[], context: ExportContext): string[] {
  return columns.flatMap((column) => {
    const label = context.t(column.label);
    return column.kind === 'money' ? [label, context.t('export.currencyOf', { label })] : [label];
  });
}

/** A cell as both writers take it: text, a number (with its decimals), or a calendar date/time. */
export type TypedCell =
  | { type: 'text'; value: string }
  | { type: 'number'; value: number; digits: number }
  | { type: 'date'; value: string }
  | { type: 'dateTime'; value: string }
  | { type: 'empty' };

const EMPTY: TypedCell = { type: 'empty' };

/** One row's cells in column order. */
export function rowCells<Row>(row: Row, columns: ExportColumn<Row>[], context: ExportContext): TypedCell[] {
  const cells: TypedCell[] = [];
  for (const column of columns) {
    const value = column.value(row, context);
    if (column.kind === 'money') {
      const currency = column.currency?.(row) ?? '';
      const digits = minorUnitDigits(currency);
      cells.push(
        typeof value === 'number' ? { type: 'number', value: value / 10 ** digits, digits } : EMPTY,
        currency ? { type: 'text', value: currency } : EMPTY,
      );
    } else if (value === null || value === '') {
      cells.push(EMPTY);
    } else if (column.kind === 'integer' && typeof value === 'number') {
      cells.push({ type: 'number', value, digits: 0 });
    } else if (column.kind === 'date') {
      cells.push({ type: 'date', value: String(value) });
    } else if (column.kind === 'dateTime') {
      cells.push({ type: 'dateTime', value: localDateTime(String(value), context.timeZone) });
    } else {
      cells.push({ type: 'text', value: String(value) });
    }
  }
  return cells;
}
