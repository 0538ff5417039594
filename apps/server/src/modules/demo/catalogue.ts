import type { ServiceType } from '@kxt/contracts/business';

export interface CatalogueEntry {
  name: string;
  nameEn: string;
  type: ServiceType;
  categoryId: number;
  country: string;
  /** Integer fen (CNY minor units). */
  price: number;
}

const COUNTRY_NAMES: Record<string, [string, string]> = {
  GB: ['英国', 'UK'],
  DE: ['德国', 'Germany'],
  FR: ['法国', 'France'],
  IT: ['意大利', 'Italy'],
  ES: ['西班牙', 'Spain'],
  NL: ['荷兰', 'Netherlands'],
  PL: ['波兰', 'Poland'],
  CZ: ['捷克', 'Czechia'],
  SE: ['瑞典', 'Sweden'],
  AT: ['奥地利', 'Austria'],
  US: ['美国', 'US'],
  JP: ['日本', 'Japan'],
  AU: ['澳大利亚', 'Australia'],
  CA: ['加拿大', 'Canada'],
  AE: ['阿联酋', 'UAE'],
};

const entry = (
  country: string,
  type: ServiceType,
  categoryId: number,
  zh: string,
  en: string,
  yuan: number,
): CatalogueEntry => {
  const [countryZh, countryEn] = COUNTRY_NAMES[country] ?? [country, country];
  return {
    name: `${countryZh}${zh}`,
    nameEn: `${countryEn} ${en}`,
    type,
    categoryId,
    country,
    price: yuan * 100,
  };
};

const VAT_COUNTRIES = ['GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'CZ', 'SE', 'AT'];

/** The business's demo catalogue: what staff can open for a customer. */
export const DEMO_CATALOGUE: CatalogueEntry[] = [
  ...VAT_COUNTRIES.flatMap((c) => [
    entry(c, 'basic', 1, 'VAT 注册及申报', 'VAT registration and filing', c === 'GB' ? 3800 : 4800),
    entry(c, 'increment', 1, 'VAT 补申报', 'VAT back-filing', 1200),
  ]),
  ...['DE', 'FR', 'ES'].flatMap((c) => [
    entry(c, 'basic', 2, 'EPR 包装法注册', 'EPR packaging registration', 1800),
    entry(c, 'increment', 2, 'EPR 年度申报', 'EPR annual declaration', 900),
  ]),
  ...['US', 'GB', 'DE', 'JP', 'AU', 'CA'].map((c) =>
    entry(c, 'basic', 3, '商标注册', 'trademark registration', 2600),
  ),
  ...['US', 'GB', 'JP'].map((c) => entry(c, 'increment', 3, '商标续展', 'trademark renewal', 1500)),
  ...['US', 'DE', 'JP'].map((c) => entry(c, 'basic', 4, '外观专利注册', 'design patent registration', 5800)),
  ...['US', 'GB', 'DE', 'AE'].map((c) => entry(c, 'basic', 5, '公司注册', 'company formation', 6800)),
  ...['GB', 'DE', 'US'].map((c) => entry(c, 'increment', 5, '公司年审', 'company annual return', 2200)),
  ...['DE', 'FR', 'US'].map((c) =>
    entry(c, 'increment', 6, '产品合规认证', 'product compliance certification', 3200),
  ),
];

export interface SearchPackEntry extends CatalogueEntry {
  /** Trademark searches one pack adds. */
  grantsSearches: number;
}

/** Trademark search packs customers buy on /purchase; kept apart so the seeded service items stay as they were. */
export const DEMO_SEARCH_PACKS: SearchPackEntry[] = [
  { name: '商标查询包 20次', nameEn: 'Trademark search pack, 20 searches', grantsSearches: 20, price: 9900 },
  {
    name: '商标查询包 100次',
    nameEn: 'Trademark search pack, 100 searches',
    grantsSearches: 100,
    price: 39900,
  },
].map((pack) => ({ ...pack, type: 'increment' as const, categoryId: 3, country: 'CN' }));
