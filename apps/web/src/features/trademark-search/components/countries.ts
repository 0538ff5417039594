/** Markets offered in the country picker (the register-times markets are added to these). */
export const COUNTRY_CODES: readonly string[] = [
  'US',
  'EM',
  'WO',
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

/**
 * Registers that are searched with others and are not a choice of their own: UF comes with the US, WPP with every
 * search (EM and WO are searched always too, but can be chosen alone).
 */
const NOT_CHOSEN = new Set(['UF', 'WPP']);

/** The picker's codes: the list above and any other market the data has, without the secondary registers. */
export function countryOptions(registerTimes: Record<string, unknown> | undefined): string[] {
  const codes = new Set(COUNTRY_CODES);
  for (const code of Object.keys(registerTimes ?? {})) if (!NOT_CHOSEN.has(code)) codes.add(code);
  return [...codes];
}

/** The country dialog's hot list (markets customers search most), in this order. */
export const HOT_COUNTRIES: readonly string[] = [
  'US',
  'EM',
  'GB',
  'DE',
  'JP',
  'CA',
  'AU',
  'FR',
  'IT',
  'ES',
  'WO',
  'KR',
];

export const AREAS = [
  'asia',
  'europe',
  'northAmerica',
  'southAmerica',
  'oceania',
  'africa',
  'international',
  'other',
] as const;
export type Area = (typeof AREAS)[number];

/** The continent of each offered market (no package gives continents cheaply); EM and WO are organisations. */
const AREA_OF: Readonly<Record<string, Area>> = {
  CN: 'asia',
  JP: 'asia',
  KR: 'asia',
  IN: 'asia',
  SG: 'asia',
  MY: 'asia',
  TH: 'asia',
  VN: 'asia',
  ID: 'asia',
  PH: 'asia',
  AE: 'asia',
  SA: 'asia',
  TR: 'asia',
  HK: 'asia',
  TW: 'asia',
  GB: 'europe',
  DE: 'europe',
  FR: 'europe',
  IT: 'europe',
  ES: 'europe',
  NL: 'europe',
  BE: 'europe',
  AT: 'europe',
  PL: 'europe',
  SE: 'europe',
  DK: 'europe',
  FI: 'europe',
  IE: 'europe',
  PT: 'europe',
  CZ: 'europe',
  GR: 'europe',
  HU: 'europe',
  RO: 'europe',
  BG: 'europe',
  HR: 'europe',
  SK: 'europe',
  SI: 'europe',
  LT: 'europe',
  LV: 'europe',
  EE: 'europe',
  LU: 'europe',
  MT: 'europe',
  CY: 'europe',
  CH: 'europe',
  NO: 'europe',
  RU: 'europe',
  US: 'northAmerica',
  CA: 'northAmerica',
  MX: 'northAmerica',
  BR: 'southAmerica',
  AU: 'oceania',
  NZ: 'oceania',
  ZA: 'africa',
  EM: 'international',
  WO: 'international',
};

/** The offered codes grouped by area, in the areas' order; markets the table does not know go under `other`. */
export function codesByArea(codes: readonly string[]): [Area, string[]][] {
  const groups = new Map<Area, string[]>(AREAS.map((area) => [area, []]));
  for (const code of codes) groups.get(AREA_OF[code] ?? 'other')?.push(code);
  return [...groups].filter(([, list]) => list.length > 0);
}
