import { z } from 'zod';

/** What a list can be exported as: an Excel workbook or UTF-8 CSV with a byte-order mark (Excel reads it as UTF-8). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The most rows one export may hold: more is a 400 that asks for a narrower filter. */
export const EXPORT_MAX_ROWS = 200_000;
/** The most selected rows an export names by id (the ids travel in the query string). */
export const EXPORT_MAX_IDS = 500;
export const EXPORT_MAX_COLUMNS = 50;
/** Response header with the number of rows the export holds, sent before the first byte (the progress bar's total). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/**
 * Exportable columns of each list: the table's `dataIndex`es a file may carry. The web sends the visible ones in
 * the user's order; anything else is a 400.
 */
export const SERVICE_ITEM_EXPORT_COLUMNS = [
  'serviceCode',
  'customerName',
  'serviceName',
  'country',
  'status',
  'startDate',
  'endDate',
  'remark',
  'overdueStatus',
  'isArrears',
  'suspend',
  'createdAt',
] as const;
export const TAX_DECLARATION_EXPORT_COLUMNS = [
  'serviceCode',
  'customerName',
  'country',
  'taxPeriod',
  'dueDate',
  'amount',
  'status',
  'daysOverdue',
  'declaredDate',
  'declaredBy',
  'createdAt',
] as const;
export const CUSTOMER_EXPORT_COLUMNS = [
  'name',
  'contactName',
  'phone',
  'email',
  'country',
  'ownerName',
  'isArrears',
  'suspend',
  'serviceItemCount',
  'createdAt',
] as const;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const commaSeparated = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The export's own parameters, added to a list's filters (its query without paging): the format, the columns in
 * order, the selected rows (absent: every row the filters match) and the reader's time zone for times.
 */
export function exportParams<const C extends readonly [string, ...string[]]>(columns: C) {
  return {
    format: z.enum(EXPORT_FORMATS),
    columns: z
      .string()
      .max(2000)
      .transform(commaSeparated)
      .pipe(z.array(z.enum(columns)).min(1).max(EXPORT_MAX_COLUMNS)),
    ids: z
      .string()
      .max(EXPORT_MAX_IDS * 12)
      .transform(commaSeparated)
      .pipe(
        z
          .array(
            z
              .string()
              .regex(/^[1-9]\d{0,11}$/)
              .transform(Number),
          )
          .min(1)
          .max(EXPORT_MAX_IDS),
      )
      .optional(),
    timeZone: z.string().max(64).refine(isTimeZone).optional(),
  };
}

/** `kxt-service-items-20261123-1705.xlsx`: which list, when (the reader's clock is not known here: UTC). */
export function exportFileName(list: string, format: ExportFormat, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `kxt-${list}-${stamp}.${format}`;
}
