import dayjs from 'dayjs';

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

/** Money stored in minor units (fen, cents), shown in the user's language with its currency: 492.10 → "£492.10". */
export function formatMoney(minorUnits: number, currency: string, language: string): string {
  const digits = minorUnitDigits(currency);
  const major = minorUnits / 10 ** digits;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** minorUnitDigits(currency));
}

export function toMajorUnits(minorUnits: number, currency: string): number {
  return minorUnits / 10 ** minorUnitDigits(currency);
}

/**
 * A calendar date (`YYYY-MM-DD`) as it is: dates have no time zone. Given a UTC timestamp, its day in the user's time
 * zone (what a list shows of a time; `formatDateTime` gives the whole time).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : value;
}

/** A UTC timestamp in the user's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD HH:mm') : value;
}

/** Items as the language lists them: 美国、欧盟、中国 in Chinese, United States, EU, China in English. */
export function formatList(items: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { type: 'conjunction', style: 'narrow' }).format(items);
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country or region code in the user's language (`DE` → 德国 / Germany); the code itself if unknown. */
export function countryName(code: string | null | undefined, language: string): string {
  if (!code) return '';
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Select options (a valueEnum) for country codes, labelled in the user's language. */
export function countryValueEnum(
  codes: readonly string[],
  language: string,
): Record<string, { text: string }> {
  return Object.fromEntries(
    codes.map((code) => [code, { text: `${countryName(code, language)} (${code})` }]),
  );
}
