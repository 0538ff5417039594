import { DESIGNATION_REGISTERS, REGIONAL_REGISTERS, SECONDARY_REGISTERS } from './jurisdictions.ts';

/**
 * The trademark registers by name, in both languages, for every dataset code a result can carry: who keeps the
 * register (the office) rather than a bare WIPO ST.3 code. Data, not UI wording: the same table serves the screen
 * and anything else that names a register. A code missing here is named after its country by the caller.
 */
export const REGISTER_NAMES: Readonly<Record<string, { readonly zh: string; readonly en: string }>> = {
  EM: { zh: '欧盟知识产权局', en: 'EUIPO (European Union trade mark)' },
  BX: { zh: '比荷卢知识产权组织', en: 'BOIP (Benelux mark)' },
  OA: { zh: '非洲知识产权组织', en: 'OAPI (African Intellectual Property Organization)' },
  WO: { zh: '马德里国际注册', en: 'Madrid international registration' },
  WPP: {
    zh: '马德里国际注册（WIPO 另一数据集）',
    en: 'Madrid international registration (WIPO second dataset)',
  },
  US: { zh: '美国专利商标局 USPTO', en: 'USPTO (United States)' },
  UF: { zh: '美国专利商标局 USPTO（补充数据）', en: 'USPTO (United States, supplementary data)' },
  CN: { zh: '中国国家知识产权局', en: 'CNIPA (China)' },
  GB: { zh: '英国知识产权局', en: 'UKIPO (United Kingdom)' },
  DE: { zh: '德国专利商标局', en: 'DPMA (Germany)' },
  FR: { zh: '法国国家工业产权局', en: 'INPI (France)' },
  ES: { zh: '西班牙专利商标局', en: 'OEPM (Spain)' },
  IT: { zh: '意大利专利商标局', en: 'UIBM (Italy)' },
  JP: { zh: '日本特许厅', en: 'JPO (Japan)' },
  KR: { zh: '韩国知识产权局', en: 'KIPO (Republic of Korea)' },
  AU: { zh: '澳大利亚知识产权局', en: 'IP Australia' },
  CA: { zh: '加拿大知识产权局', en: 'CIPO (Canada)' },
  BR: { zh: '巴西国家工业产权局', en: 'INPI (Brazil)' },
  IN: { zh: '印度专利、外观设计和商标总局', en: 'CGPDTM (India)' },
  MX: { zh: '墨西哥工业产权局', en: 'IMPI (Mexico)' },
  CH: { zh: '瑞士联邦知识产权局', en: 'IPI (Switzerland)' },
  RU: { zh: '俄罗斯联邦知识产权局', en: 'Rospatent (Russia)' },
  SG: { zh: '新加坡知识产权局', en: 'IPOS (Singapore)' },
  NZ: { zh: '新西兰知识产权局', en: 'IPONZ (New Zealand)' },
  HK: { zh: '香港知识产权署', en: 'Intellectual Property Department (Hong Kong)' },
  TW: { zh: '台湾智慧财产局', en: 'TIPO (Taiwan)' },
};

/** The register's name in a language of the app (`zh-CN`, `en-US`), or undefined when the table does not know it. */
export function registerName(code: string, language: string): string | undefined {
  const names = REGISTER_NAMES[code.toUpperCase()];
  if (!names) return undefined;
  return language.startsWith('en') ? names.en : names.zh;
}

/**
 * How a register relates to a market a result tab shows (the same rules `effectIn` applies):
 * - `own`: the market's own register, or its country's second dataset (UF for US), or the market itself when it is
 *   a regional register (EM on the EM tab);
 * - `regional`: a regional register covering the market (EM for an EU member, BX, OA);
 * - `international`: a Madrid register (WO, WPP), there because it designates the market;
 * - `member`: a member state's own register, on a regional register's tab (DE marks on the EM tab).
 */
export type JurisdictionKind = 'own' | 'regional' | 'international' | 'member';
export const JURISDICTION_KINDS: readonly JurisdictionKind[] = ['own', 'regional', 'international', 'member'];

export function jurisdictionKind(dataset: string, market: string): JurisdictionKind {
  const code = dataset.toUpperCase();
  const tab = market.toUpperCase();
  if ((DESIGNATION_REGISTERS as readonly string[]).includes(code)) return 'international';
  if (code === tab || SECONDARY_REGISTERS[code] === tab) return 'own';
  if (REGIONAL_REGISTERS[code] !== undefined) return 'regional';
  return REGIONAL_REGISTERS[tab] !== undefined ? 'member' : 'own';
}
