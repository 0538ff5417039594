import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TypedCell } from './cells.ts';

const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A `YYYY-MM-DD[ HH:mm:ss]` wall-clock value as the Date exceljs turns into an Excel serial (it reads UTC). */
function wallClock(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}${value.length > 10 ? '' : 'T00:00:00'}Z`);
}

function cellValue(cell: TypedCell): string | number | Date | null {
  switch (cell.type) {
    case 'empty':
      return null;
    case 'number':
      return cell.value;
    case 'date':
    case 'dateTime':
      return wallClock(cell.value);
    case 'text':
      return cell.value;
  }
}

function numberFormat(cell: TypedCell): string | undefined {
  if (cell.type === 'date') return DATE_FORMAT;
  if (cell.type === 'dateTime') return DATE_TIME_FORMAT;
  if (cell.type === 'number' && cell.digits > 0) return `#,##0.${'0'.repeat(cell.digits)}`;
  return undefined;
}

/**
 * An .xlsx workbook written with exceljs's streaming writer: each row is committed (serialised and dropped) as it
 * is added, and the next batch is read only once the client has drained what was written, so memory stays flat
 * however many rows there are. Dates and numbers are typed cells with a display format; texts are inline strings.
 */
export function xlsxStream(
  sheetName: string,
  header: string[],
  batches: AsyncIterable<TypedCell[][]>,
): Readable {
  const output = new PassThrough({ highWaterMark: 1 << 20 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((label) => ({
    header: label,
    width: Math.min(40, Math.max(12, label.length * 2 + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const write = async () => {
    for await (const rows of batches) {
      for (const cells of rows) {
        const row = sheet.addRow(cells.map(cellValue));
        cells.forEach((cell, index) => {
          const format = numberFormat(cell);
          if (format) row.getCell(index + 1).numFmt = format;
        });
        row.commit();
      }
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
