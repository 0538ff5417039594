/**
 * When a patent's renewal (annual or maintenance) fees fall due, per country and patent type, as data. Patent types
 * are the portal's: 1 design (appearance), 2 invention, 3 utility model. Each rule says from which date the fees are
 * counted (`anchor`: the filing date, or the grant/registration date), after how many years each fee is due
 * (`atYears`, fractions allowed: 3.5 is three years and six months), whether the due date moves to the end of that
 * month, and the right's term from filing (fees that would fall after it do not exist). `null`: no renewal fees
 * for that type in that country. A country not in the table has no computed date ("—" with the reason).
 *
 * The table is a reminder aid, not legal advice: grace periods, small-entity rules and transitional provisions are
 * left out, and a renewal date that staff enter with the certificate wins over the computed one.
 */
export type PatentType = 1 | 2 | 3;

export interface RenewalRule {
  anchor: 'filing' | 'grant';
  atYears: readonly number[];
  endOfMonth?: boolean;
  termYears: number;
}

/** Every year from `first` to `last` (both included). */
const yearly = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index);

export const RENEWAL_RULES: Readonly<Record<string, Readonly<Record<PatentType, RenewalRule | null>>>> = {
  // China: annual fees due each year on the filing-date anniversary; term invention 20, utility model 10, design 15
  // years (Patent Law art. 42-43; Implementing Regulations r. 115 (2023 text); CNIPA fee schedule).
  CN: {
    1: { anchor: 'filing', atYears: yearly(1, 14), termYears: 15 },
    2: { anchor: 'filing', atYears: yearly(1, 19), termYears: 20 },
    3: { anchor: 'filing', atYears: yearly(1, 9), termYears: 10 },
  },
  // United States: utility patents pay maintenance fees at 3.5, 7.5 and 11.5 years from grant (35 U.S.C. 41(b),
  // 37 CFR 1.362); design patents pay none (35 U.S.C. 173); there are no utility models.
  US: {
    1: null,
    2: { anchor: 'grant', atYears: [3.5, 7.5, 11.5], termYears: 20 },
    3: null,
  },
  // European patents: renewal fees for the 3rd year onwards, due on the last day of the month of the filing
  // anniversary (EPC art. 86, r. 51(1)); the EPO grants neither designs nor utility models.
  EP: {
    1: null,
    2: { anchor: 'filing', atYears: yearly(2, 19), endOfMonth: true, termYears: 20 },
    3: null,
  },
  // Germany: patent annual fees from the 3rd year, due the last day of the anniversary month (PatKostG §3(2), §7);
  // utility models maintained at 3, 6 and 8 years (GebrMG §23); designs in 5-year periods up to 25 (DesignG §27-28).
  DE: {
    1: { anchor: 'filing', atYears: [5, 10, 15, 20], endOfMonth: true, termYears: 25 },
    2: { anchor: 'filing', atYears: yearly(2, 19), endOfMonth: true, termYears: 20 },
    3: { anchor: 'filing', atYears: [3, 6, 8], endOfMonth: true, termYears: 10 },
  },
  // United Kingdom: patent renewal from the 4th anniversary, yearly, by the end of the anniversary month (Patents
  // Rules 2007 r. 37); registered designs every 5 years up to 25 (Registered Designs Act 1949 s. 8); no utility models.
  GB: {
    1: { anchor: 'filing', atYears: [5, 10, 15, 20], endOfMonth: true, termYears: 25 },
    2: { anchor: 'filing', atYears: yearly(4, 19), endOfMonth: true, termYears: 20 },
    3: null,
  },
  // European Union designs (EUIPO): renewed every 5 years from filing, by the end of the month, up to 25 years
  // (Community Design Regulation art. 12-13); the EU grants no patents.
  EM: {
    1: { anchor: 'filing', atYears: [5, 10, 15, 20], endOfMonth: true, termYears: 25 },
    2: null,
    3: null,
  },
  // Japan: the first years are paid at registration; later annual fees are due before each anniversary of the
  // registration (設定登録) date (Patent Act art. 107-108; Utility Model Act art. 31-32; Design Act art. 42-43).
  JP: {
    1: { anchor: 'grant', atYears: yearly(1, 24), termYears: 25 },
    2: { anchor: 'grant', atYears: yearly(3, 19), termYears: 20 },
    3: { anchor: 'grant', atYears: yearly(3, 9), termYears: 10 },
  },
};

export type RenewalMissing = 'unknownCountry' | 'notFiled' | 'noRenewals' | 'termEnded' | 'notGranted';
export type RenewalResult = { dueOn: string } | { missing: RenewalMissing };

export interface RenewalInput {
  countryCode: string;
  patentType: number;
  /** The filing (acceptance) date, YYYY-MM-DD…, once the receipt is in. */
  filedOn: string | null;
  /** The grant or registration date, once known. */
  grantedOn: string | null;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** `iso` plus whole months, clamped to the month's last day (31 Jan + 1 month is 28/29 Feb). */
function addMonths(iso: string, months: number): Date {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

const endOfMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));

/** The next renewal due on or after `asOf`'s day, or why there is none. */
export function nextRenewal(input: RenewalInput, asOf: Date): RenewalResult {
  const rules = RENEWAL_RULES[input.countryCode.toUpperCase()];
  if (!rules) return { missing: 'unknownCountry' };
  const rule = rules[input.patentType as PatentType];
  if (!rule) return { missing: 'noRenewals' };
  if (!input.filedOn) return { missing: 'notFiled' };
  const anchor = rule.anchor === 'filing' ? input.filedOn : input.grantedOn;
  if (!anchor) return { missing: 'notGranted' };
  const today = dayOf(asOf);
  const termEnds = dayOf(addMonths(input.filedOn, rule.termYears * 12));
  for (const years of rule.atYears) {
    const anniversary = addMonths(anchor, Math.round(years * 12));
    const due = dayOf(rule.endOfMonth ? endOfMonth(anniversary) : anniversary);
    if (due >= termEnds) break;
    if (due >= today) return { dueOn: due };
  }
  return { missing: 'termEnded' };
}
