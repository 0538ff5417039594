/** Legal status of a mark as the offices report it, reduced to the four values the product shows. */
export const MARK_STATUSES = ['registered', 'filed', 'ended', 'unknown'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

/** What the index needs of a mark; everything else about it stays with the caller. */
export interface MarkRecord {
  readonly id: number;
  readonly name: string;
  /** Market code such as US, EM, WO, CN. */
  readonly dataset: string;
  /** Nice classes 1–45. */
  readonly niceClass: readonly number[];
  readonly status: MarkStatus;
  /** Where an international registration has effect (country and regional register codes); absent or empty otherwise. */
  readonly designations?: readonly string[];
}

/**
 * Which marks have effect in the markets a search is for: those filed in `registers`, and those filed in
 * `designatingRegisters` that designate at least one of `designations`. `effectIn` in `@kxt/contracts/jurisdictions`
 * builds it from market codes.
 */
export interface MarketEffect {
  readonly registers: readonly string[];
  readonly designatingRegisters: readonly string[];
  readonly designations: readonly string[];
}

export interface SearchQuery {
  readonly text: string;
  /** Market codes; absent or empty means every market. */
  readonly datasets?: readonly string[];
  /** Nice classes; absent or empty means every class. */
  readonly classes?: readonly number[];
  /** Statuses; absent or empty means every status. */
  readonly statuses?: readonly MarkStatus[];
  /** Only marks with effect in the search's markets count (on top of `datasets`); absent means every mark. */
  readonly effect?: MarketEffect;
  /** How many of the ranked matches to return as objects; totals and statistics always cover all of them. */
  readonly limit?: number;
  /** How many ranked matches to skip before those returned (paging). */
  readonly offset?: number;
}

export interface Match {
  readonly id: number;
  /** 0–100, one decimal. */
  readonly score: number;
  /** Stable codes from `SIGNALS` in `signals.ts`, strongest reason first. */
  readonly signals: readonly string[];
}

export interface ClassStatistic {
  readonly count: number;
  readonly maxSimilarityScore: number;
}

/** Keyed by Nice class; classes without matches are absent. */
export type ClassStatistics = Record<number, ClassStatistic>;

export interface SearchResult {
  /** Number of marks at or above the score floor after filters. */
  readonly total: number;
  /** Highest score among all matches, or null when nothing matched. */
  readonly maxScore: number | null;
  /** Ranked by score, then by insertion order; at most `limit`, from `offset`. */
  readonly matches: Match[];
  readonly classStatistics: ClassStatistics;
}
