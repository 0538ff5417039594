import { ALWAYS_SEARCHED } from '@kxt/contracts/trademarks';

/** Markets offered in the country picker (the register-times markets are added to these). */
export const COUNTRY_CODES: readonly string[] = [
  'US',
  'CN',
  'GB',
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'AT',
  'PL',
  'SE',
  'DK',
  'FI',
  'IE',
  'PT',
  'CZ',
  'GR',
  'HU',
  'RO',
  'BG',
  'HR',
  'SK',
  'SI',
  'LT',
  'LV',
  'EE',
  'LU',
  'MT',
  'CY',
  'CH',
  'NO',
  'JP',
  'KR',
  'CA',
  'AU',
  'NZ',
  'MX',
  'BR',
  'IN',
  'SG',
  'MY',
  'TH',
  'VN',
  'ID',
  'PH',
  'AE',
  'SA',
  'TR',
  'RU',
  'ZA',
  'HK',
  'TW',
];

/** The picker's codes: the list above and any other market the data has, without the always-searched registers. */
export function countryOptions(registerTimes: Record<string, unknown> | undefined): string[] {
  const skip = new Set<string>([...ALWAYS_SEARCHED, 'UF']);
  const codes = new Set(COUNTRY_CODES);
  for (const code of Object.keys(registerTimes ?? {})) if (!skip.has(code)) codes.add(code);
  return [...codes];
}
