import { z } from 'zod';
import { designatesCountries, EU_MEMBER_CODES } from './jurisdictions.ts';
import { RISK_LEVELS } from './risk.ts';

export const NICE_CLASSES = Array.from({ length: 45 }, (_, index) => index + 1);
export const niceClassSchema = z.number().int().min(1).max(45);

/** Result statuses (spec §4): the labels are registered, filed, expired and unknown. */
export const TRADEMARK_STATUSES = ['registered', 'filed', 'ended', 'unknown'] as const;
export const trademarkStatusSchema = z.enum(TRADEMARK_STATUSES);
export type TrademarkStatus = z.infer<typeof trademarkStatusSchema>;
export const DEFAULT_STATUS_FILTER: readonly TrademarkStatus[] = ['registered', 'filed'];

/** Registers searched with every query: EU marks (EM), international registrations (WO) and WIPO's (WPP). */
export const ALWAYS_SEARCHED = ['EM', 'WO', 'WPP'] as const;

/**
 * The datasets a search covers for the chosen countries (spec §9): EM, WO and WPP are always added, an EU member
 * brings in every member, and the US brings in UF (the USPTO's second dataset). Order is stable, without repeats.
 */
export function expandDatasets(countries: readonly string[]): string[] {
  const chosen = countries.map((code) => code.trim().toUpperCase()).filter(Boolean);
  const result = new Set<string>(chosen);
  if (chosen.some((code) => (EU_MEMBER_CODES as readonly string[]).includes(code))) {
    for (const code of EU_MEMBER_CODES) result.add(code);
  }
  if (result.has('US')) result.add('UF');
  for (const code of ALWAYS_SEARCHED) result.add(code);
  return [...result];
}

export const TRADEMARK_TEXT_MAX = 100;
export const TRADEMARK_PAGE_SIZE_DEFAULT = 10;
export const TRADEMARK_PAGE_SIZE_MAX = 50;

const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(2000)
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/** The search call's body (spec §3). Text rules (empty, blank) are checked by the service for their own messages. */
export const trademarkSearchBody = z
  .object({
    text: z.string().max(TRADEMARK_TEXT_MAX).optional(),
    classes: z.array(niceClassSchema).max(45).optional(),
    datasets: commaList(z.string().regex(/^[A-Z]{2,3}$/)).optional(),
    /**
     * The countries as chosen on the screen, before `expandDatasets`: they pick the risk thresholds (spec §9: the
     * target set when the only one chosen is DE, JP, EM or GB) and, without a `country` tab, which marks count (those
     * with effect in at least one of them, `effectIn`). Without it the datasets stand in.
     */
    countries: commaList(z.string().regex(/^[A-Z]{2,3}$/)).optional(),
    /**
     * The country tab shown: the results of this one chosen country under the search's `searchId`, so another tab of
     * the same search is not charged again.
     */
    country: z
      .string()
      .regex(/^[A-Z]{2,3}$/)
      .optional(),
    page: z.number().int().min(0).max(10_000).default(0),
    pageSize: z.number().int().min(1).max(TRADEMARK_PAGE_SIZE_MAX).default(TRADEMARK_PAGE_SIZE_DEFAULT),
    status: commaList(trademarkStatusSchema).optional(),
    searchId: z.string().max(64).optional(),
  })
  .strict();
export type TrademarkSearchBody = z.infer<typeof trademarkSearchBody>;

export const trademarkResultItem = z.object({
  id: z.number().int(),
  name: z.string(),
  applicationNumber: z.string(),
  applicationDate: z.string().nullable(),
  registrationDate: z.string().nullable(),
  niceClass: z.array(z.number().int()),
  owner: z.string().nullable(),
  dataset: z.string(),
  status: trademarkStatusSchema,
  goodsAndServices: z.record(z.string(), z.string()),
  goodsAndServicesTranslation: z.record(z.string(), z.string()).nullable(),
  attorney: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** 0–100. */
  similarityScore: z.number(),
  /** Why it was found similar: codes such as exact, spelling, lookalike, phonetic, containment, wordOrder, plural, pinyin. */
  signals: z.array(z.string()),
  /** Countries and regional registers an international registration designates; empty for national marks. */
  designations: z.array(z.string()),
  /** What office data (TM-XML) adds: the registration number, when protection ends, the mark feature as given. */
  registrationNumber: z.string().nullable(),
  expiryDate: z.string().nullable(),
  markFeature: z.string().nullable(),
});
export type TrademarkResultItem = z.infer<typeof trademarkResultItem>;

export const classStatistic = z.object({
  count: z.number().int(),
  maxSimilarityScore: z.number(),
  level: z.enum(RISK_LEVELS),
});

export const trademarkSearchResponse = z.object({
  total: z.number().int(),
  searchId: z.string(),
  /** Per class over all matches (not only this page). */
  niceClassStatistics: z.record(z.string(), classStatistic),
  results: z.array(trademarkResultItem),
  /** The classes examined together with each chosen class (the cross-class similar group). */
  classAssociations: z.record(z.string(), z.array(z.number().int())),
  /** The datasets the search covered after expansion. */
  datasets: z.array(z.string()),
  /** Free searches left for the customer company; null for staff, who are not limited. */
  remainingSearches: z.number().int().nullable(),
  /**
   * True when this answer charged nothing: the call carried its own searchId, or the same user asked the same
   * question (text, countries, classes, statuses) within a day and got that earlier searchId back.
   */
  reused: z.boolean(),
});
export type TrademarkSearchResponse = z.infer<typeof trademarkSearchResponse>;

/** The product's own logo of a generated figurative mark, served by the server (no outside host). */
export const markImagePath = (dataset: string, applicationNumber: string) =>
  `/api/trademark/mark-image/${dataset}/${encodeURIComponent(applicationNumber)}.svg`;
const MARK_IMAGE_PATH = /^\/api\/trademark\/mark-image\/[A-Z]{2,3}\/[^/?#]+\.svg$/;

/** One JSON Lines record of `trademark import` (spec §3 result item). */
export const trademarkImportRecord = z
  .object({
    name: z.string().trim().min(1).max(500),
    applicationNumber: z.string().trim().min(1).max(64),
    applicationDate: z.iso.date().nullable().optional(),
    registrationDate: z.iso.date().nullable().optional(),
    niceClass: z.array(niceClassSchema).min(1).max(45),
    owner: z.string().max(500).nullable().optional(),
    dataset: z.string().regex(/^[A-Z]{2,3}$/),
    status: trademarkStatusSchema,
    goodsAndServices: z.record(z.string().regex(/^\d{1,2}$/), z.string().max(20_000)).optional(),
    goodsAndServicesTranslation: z
      .record(z.string().regex(/^\d{1,2}$/), z.string().max(20_000))
      .nullable()
      .optional(),
    attorney: z.string().max(500).nullable().optional(),
    /** An absolute address, or the product's own logo of a generated mark (`markImagePath`). */
    imageUrl: z
      .union([z.url(), z.string().regex(MARK_IMAGE_PATH)])
      .pipe(z.string().max(1000))
      .nullable()
      .optional(),
    /** True for a mark the demo generator made (`trademark generate`): the screen and report say so. */
    generated: z.boolean().optional(),
    /** Where an international registration (WO, WPP) has effect: country and regional register codes. */
    designations: z
      .array(z.string().regex(/^[A-Z]{2,3}$/))
      .max(300)
      .optional(),
    registrationNumber: z.string().trim().min(1).max(64).nullable().optional(),
    expiryDate: z.iso.date().nullable().optional(),
    /** When the office published the application for opposition: the opposition period runs from it. */
    publicationDate: z.iso.date().nullable().optional(),
    /** Word, Figurative, Combined, 3-D, Colour, Sound, … as the office gives it. */
    markFeature: z.string().trim().min(1).max(20).nullable().optional(),
  })
  .strict()
  .refine((record) => !record.designations?.length || designatesCountries(record.dataset), {
    path: ['designations'],
    message: 'only international registrations (WO, WPP) designate countries',
  });
export type TrademarkImportRecord = z.infer<typeof trademarkImportRecord>;

export const consultantInfo = z.object({
  nickName: z.string(),
  phonenumber: z.string().nullable(),
  wechatCode: z.string().nullable(),
});
export type ConsultantInfo = z.infer<typeof consultantInfo>;

/**
 * Per register: the newest date its data holds, and whether its marks are generated demo marks rather than an
 * office's data (`generated`: some are; the data notice then says so plainly).
 */
export const registerTimes = z.record(
  z.string(),
  z.object({ lastAppDate: z.string().nullable(), generated: z.boolean() }),
);
export type RegisterTimes = z.infer<typeof registerTimes>;

export const productInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  /** Integer minor units of `currency`. */
  price: z.number().int(),
  currency: z.string(),
  typeIdTopCode: z.string(),
  categoryIdTopId: z.number().int(),
});
export type ProductInfo = z.infer<typeof productInfo>;
