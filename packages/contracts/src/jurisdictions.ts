/**
 * Which register has effect where: for a market a seller files in, the registers whose marks can block that filing.
 * The engine's README has the rule per market as a table; this file is the one place it is decided.
 */

/** The European Union's member states: an EU trade mark (EM) has effect in each of them. */
export const EU_MEMBER_CODES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/**
 * Registers whose one registration has effect in every member state (WIPO ST.3 codes): the EU trade mark (EM), the
 * Benelux mark (BX) and the OAPI mark (OA, the seventeen states of the African Intellectual Property Organization).
 */
export const REGIONAL_REGISTERS: Readonly<Record<string, readonly string[]>> = {
  EM: EU_MEMBER_CODES,
  BX: ['BE', 'NL', 'LU'],
  OA: ['BJ', 'BF', 'CM', 'CF', 'TD', 'KM', 'CG', 'CI', 'GQ', 'GA', 'GN', 'GW', 'ML', 'MR', 'NE', 'SN', 'TG'],
};

/**
 * Registers of international registrations under the Madrid system (WIPO's two datasets): a mark there has effect
 * only in the countries and regional registers it designates.
 */
export const DESIGNATION_REGISTERS = ['WO', 'WPP'] as const;

/** A country's second dataset kept by the same office: UF is the USPTO's, so it counts wherever US does. */
export const SECONDARY_REGISTERS: Readonly<Record<string, string>> = { UF: 'US' };

/**
 * The marks with effect in some markets: those of `registers`, and those of `designatingRegisters` that designate
 * at least one of `designations`. The trademark engine's `SearchQuery.effect` takes this shape as it is.
 */
export interface MarketEffect {
  readonly registers: readonly string[];
  readonly designatingRegisters: readonly string[];
  readonly designations: readonly string[];
}

const isDesignationRegister = (code: string) => (DESIGNATION_REGISTERS as readonly string[]).includes(code);

/** Whether records of this dataset carry designations (international registrations); national ones never do. */
export function designatesCountries(dataset: string): boolean {
  return isDesignationRegister(dataset);
}

/** The regional registers covering a country. */
function regionsOf(country: string): string[] {
  return Object.keys(REGIONAL_REGISTERS).filter((region) => REGIONAL_REGISTERS[region]?.includes(country));
}

/** What has effect in one country (or in a register no rule knows): its own register(s), its regions, designations. */
function addCountry(country: string, registers: Set<string>, designations: Set<string>): void {
  for (const code of [country, ...regionsOf(country)]) {
    registers.add(code);
    designations.add(code);
  }
  for (const [secondary, owner] of Object.entries(SECONDARY_REGISTERS))
    if (owner === country) registers.add(secondary);
}

/**
 * The marks that can block a filing in any of `markets` (country or register codes, any case):
 * - a country: its own register (US also UF), every regional register covering it (EM for an EU member, BX for BE,
 *   NL and LU, OA for an OAPI state), and international registrations designating it or one of those regions;
 * - a regional register (EM, BX, OA): itself and everything with effect in any of its member states, since earlier
 *   national rights in a member state, or designating one, can be opposed to a regional filing;
 * - a secondary register (UF): the same as its country;
 * - the international register (WO, WPP): every international registration, whatever it designates, because the
 *   filing's own designations are not known at search time;
 * - any other code: its own register and international registrations designating it.
 * Lists are sorted, so equal rules compare (and key caches) equal.
 */
export function effectIn(markets: readonly string[]): MarketEffect {
  const registers = new Set<string>();
  const designations = new Set<string>();
  for (const raw of markets) {
    const market = raw.trim().toUpperCase();
    if (market === '') continue;
    const members = REGIONAL_REGISTERS[market];
    if (isDesignationRegister(market)) {
      for (const code of DESIGNATION_REGISTERS) registers.add(code);
    } else if (members !== undefined) {
      registers.add(market);
      designations.add(market);
      for (const member of members) addCountry(member, registers, designations);
    } else {
      addCountry(SECONDARY_REGISTERS[market] ?? market, registers, designations);
    }
  }
  return {
    registers: [...registers].sort(),
    designatingRegisters: [...DESIGNATION_REGISTERS].filter((code) => !registers.has(code)),
    designations: [...designations].sort(),
  };
}

/** Whether one mark has effect under `effect` (the same test the engine applies to every mark it ranks). */
export function hasEffect(
  effect: MarketEffect,
  mark: { readonly dataset: string; readonly designations?: readonly string[] },
): boolean {
  if (effect.registers.includes(mark.dataset)) return true;
  if (!effect.designatingRegisters.includes(mark.dataset)) return false;
  return (mark.designations ?? []).some((code) => effect.designations.includes(code));
}
