import { type Locale, type MessageParams, translate } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';

/** What a cell holds, so both writers can type it: Excel gets dates and numbers, CSV their plain text. */
export type ExportKind = 'text' | 'integer' | 'date' | 'dateTime' | 'money';

/** What a column's value function may use: the reader's language and clock. */
export interface ExportContext {
  locale: Locale;
  t: (key: MessageKey, params?: MessageParams) => string;
  /** IANA zone of the reader; times are written as their local time there. */
  timeZone: string;
}

/** The reader's context; without a zone, times are written in UTC. */
export function exportContext(locale: Locale, timeZone = 'UTC'): ExportContext {
  return { locale, timeZone, t: (key, params) => translate(locale, key, params) };
}

/**
 * One exportable column of a list. `value` answers text, a whole number, a `YYYY-MM-DD` date, an ISO time, or
 * (money) integer minor units; a money column also names the row's currency, and is written as two cells, the
 * amount and its currency, so amounts of different currencies are never added up by accident.
 */
export interface ExportColumn<Row> {
  label: MessageKey;
  kind: ExportKind;
  value: (row: Row, context: ExportContext) => string | number | null;
  currency?: (row: Row) => string;
}

export type ExportColumns<Row, Key extends string> = Record<Key, ExportColumn<Row>>;

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A country code's name in the reader's language (the code itself when Intl does not know it). */
export function countryLabel(code: string | null, locale: Locale): string | null {
  if (!code) return null;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export const yesNo = (value: boolean, context: ExportContext) =>
  context.t(value ? 'export.yes' : 'export.no');

/** Digits after the decimal point of a currency (CNY 2, JPY 0), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

/** An ISO time as the wall-clock time in `timeZone`: `2026-11-23 17:05:16`. */
export function localDateTime(iso: string, timeZone: string): string {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
