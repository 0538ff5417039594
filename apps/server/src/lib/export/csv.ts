import { Readable } from 'node:stream';
import type { TypedCell } from './cells.ts';

const BOM = '\uFEFF';

/**
 * A text cell as CSV: quoted when it holds a separator, quote or line break; text that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe (OWASP's advice on CSV injection).
 */
export function csvField(cell: TypedCell): string {
  if (cell.type === 'empty') return '';
  if (cell.type === 'number') return cell.value.toFixed(cell.digits);
  let text = cell.value;
  if (cell.type === 'text' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: TypedCell[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * UTF-8 CSV with a byte-order mark (so Excel reads Chinese correctly) and CRLF line ends, pulled batch by batch:
 * the next batch is read from the database only when the client has taken the last one.
 */
export function csvStream(header: string[], batches: AsyncIterable<TypedCell[][]>): Readable {
  async function* lines() {
    yield `${BOM}${csvLine(header.map((label): TypedCell => ({ type: 'text', value: label })))}`;
    for await (const rows of batches) yield rows.map(csvLine).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}
