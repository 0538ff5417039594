import {
  EXPORT_MAX_ROWS,
  EXPORT_ROWS_HEADER,
  type ExportFormat,
  exportFileName,
} from '@kxt/contracts/list-export';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { headerCells, rowCells } from './cells.ts';
import { type ExportColumn, type ExportColumns, exportContext } from './columns.ts';
import { csvStream } from './csv.ts';
import { mapBatches } from './keyset.ts';
import { xlsxStream } from './xlsx.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export interface ExportSource<Row, Key extends string> {
  /** The list's name in the file name (`service-items`). */
  list: string;
  /** The worksheet's name. */
  sheet: MessageKey;
  columns: ExportColumns<Row, Key>;
  /** How many rows the export will hold, counted before the first byte goes out. */
  total: number;
  batches: AsyncIterable<Row[]>;
}

/**
 * Streams a list as the file the caller asked for: the chosen columns in their order, labels and values in the
 * caller's language. More rows than `EXPORT_MAX_ROWS` is a 400 before anything is sent.
 */
export function sendExport<Row, Key extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { format: ExportFormat; columns: Key[]; timeZone?: string },
  source: ExportSource<Row, Key>,
) {
  if (source.total > EXPORT_MAX_ROWS) {
    throw new HttpError(400, 'export.tooManyRows', { total: source.total, max: EXPORT_MAX_ROWS });
  }
  const context = exportContext(request.locale, params.timeZone);
  const columns: ExportColumn<Row>[] = params.columns.map((key) => source.columns[key]);
  const header = headerCells(columns, context);
  const cells = mapBatches(source.batches, (rows) => rows.map((row) => rowCells(row, columns, context)));
  const stream =
    params.format === 'xlsx' ? xlsxStream(context.t(source.sheet), header, cells) : csvStream(header, cells);
  const fileName = exportFileName(source.list, params.format, new Date());
  return reply
    .header('content-type', CONTENT_TYPES[params.format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header(EXPORT_ROWS_HEADER, String(source.total))
    .send(stream);
}
