import { mulberry32 } from './prng.ts';
import { designationsOf } from './synthetic-designations.ts';
import { ApplicationNumbers, applicationDate, dateText, registrationDateOf } from './synthetic-filing.ts';
import { classesOf, goodsOf } from './synthetic-goods.ts';
import { nameStyle, ownerName, styleName } from './synthetic-names.ts';
import { pick, weighted } from './synthetic-random.ts';
import { ATTORNEYS } from './synthetic-vocab.ts';
import type { MarkRecord, MarkStatus } from './types.ts';

/** A synthetic mark with every field of a search result item (spec §3). */
export interface SyntheticMark extends MarkRecord {
  readonly applicationNumber: string;
  /** yyyy-MM-dd */
  readonly applicationDate: string;
  /** yyyy-MM-dd; null unless registered. */
  readonly registrationDate: string | null;
  readonly owner: string;
  /** Class → goods and services as filed. */
  readonly goodsAndServices: Readonly<Record<number, string>>;
  /** Class → Chinese translation, for some marks. */
  readonly goodsAndServicesTranslation: Readonly<Record<number, string>> | null;
  readonly attorney: string | null;
  /**
   * A figurative mark (word and logo). The generator draws no image: the server serves a logo made from the mark
   * (`modules/trademarks/mark-image.ts`), so no demo card points at a host that has nothing.
   */
  readonly figurative: boolean;
  /** Markets an international registration (WO, WPP) designates; empty for national marks. */
  readonly designations: readonly string[];
}

export interface GenerateOptions {
  readonly count: number;
  readonly seed: number;
  /** Id of the first mark; ids then count up. Defaults to 1. */
  readonly firstId?: number;
}

// Share of marks per market, roughly that of a register a cross-border seller searches.
const DATASETS: ReadonlyArray<readonly [string, number]> = [
  ['US', 18],
  ['UF', 4],
  ['EM', 11],
  ['WO', 7],
  ['WPP', 2],
  ['GB', 6],
  ['DE', 6],
  ['FR', 4],
  ['ES', 3],
  ['IT', 3],
  ['JP', 6],
  ['KR', 4],
  ['CN', 16],
  ['AU', 3],
  ['CA', 2],
  ['BR', 1.5],
  ['IN', 1.5],
  ['MX', 1],
  ['CH', 1],
  ['RU', 1],
  ['SG', 0.5],
  ['NZ', 0.5],
  ['HK', 0.5],
  ['TW', 0.5],
];
const STATUSES: ReadonlyArray<readonly [MarkStatus, number]> = [
  ['registered', 55],
  ['filed', 18],
  ['ended', 22],
  ['unknown', 5],
];
// Share of marks that repeat an earlier name in another market, as families of filings do.
const FAMILY_SHARE = 0.12;
const FAMILY_MEMORY = 4096;
const INTERNATIONAL = new Set(['WO', 'WPP']);
const NONE: readonly string[] = [];
// Designations come from a second random source, so adding them left every other field of a seed's marks as it was.
const DESIGNATION_SEED = 0x5eed_d351;

/**
 * Deterministic synthetic marks: the same count and seed always give the same records. Names mix coined English-like
 * brands, phrases, German, French, Italian and Spanish, Japanese romaji, Korean and Chinese, and some repeat across
 * markets. No (dataset, applicationNumber) pair repeats, so every record is a distinct mark to an import. Fast enough
 * for a million records in a few seconds; goods texts are shared strings.
 */
export function generateMarks(options: GenerateOptions): SyntheticMark[] {
  const random = mulberry32(options.seed);
  const designationRandom = mulberry32(options.seed ^ DESIGNATION_SEED);
  const pickDataset = weighted(DATASETS);
  const pickStatus = weighted(STATUSES);
  const familyNames: string[] = [];
  const familyOwners: string[] = [];
  const applicationNumbers = new ApplicationNumbers();
  const firstId = options.firstId ?? 1;
  const marks: SyntheticMark[] = new Array(options.count);
  for (let i = 0; i < options.count; i++) {
    const dataset = pickDataset(random());
    let name: string;
    let owner: string;
    if (familyNames.length > 0 && random() < FAMILY_SHARE) {
      const k = Math.floor(random() * familyNames.length);
      name = familyNames[k] as string;
      owner = familyOwners[k] as string;
    } else {
      const style = nameStyle(dataset, random);
      name = styleName(style, random);
      owner = ownerName(style, name, dataset, random);
      const slot =
        familyNames.length < FAMILY_MEMORY ? familyNames.length : Math.floor(random() * FAMILY_MEMORY);
      familyNames[slot] = name;
      familyOwners[slot] = owner;
    }
    const status = pickStatus(random());
    const goods = goodsOf(classesOf(random), dataset === 'CN', random() < 0.5, random() < 0.5 ? 0 : 3);
    const applied = applicationDate(status, random);
    const applicationNumber = applicationNumbers.next(dataset, Math.floor(applied / 10000), random);
    marks[i] = {
      id: firstId + i,
      name,
      dataset,
      niceClass: goods.classes,
      status,
      applicationNumber,
      applicationDate: dateText(applied),
      registrationDate: status === 'registered' ? registrationDateOf(applied, random) : null,
      owner,
      goodsAndServices: goods.goods,
      goodsAndServicesTranslation: goods.translation,
      attorney: random() < 0.8 ? pick(ATTORNEYS, random) : null,
      figurative: random() < 0.06,
      designations: INTERNATIONAL.has(dataset) ? designationsOf(designationRandom) : NONE,
    };
  }
  return marks;
}
