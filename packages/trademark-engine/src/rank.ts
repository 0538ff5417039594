import { ClassStatisticsAccumulator } from './class-stats.ts';
import { type CompiledFilter, DEAD_STATUS, passes } from './filters.ts';
import type { MarkTable } from './mark-table.ts';
import type { PostingRanges, PostingStore } from './postings.ts';
import { decodeSignals } from './signals.ts';
import type { Match, SearchResult } from './types.ts';

export interface RankInput {
  /** Distinct names that matched. */
  readonly forms: readonly number[];
  /** Score and signal bits per name. */
  readonly formScore: Float32Array;
  readonly formSignals: Uint16Array;
  /** Mark rows per name. */
  readonly marksOfForm: PostingStore;
  readonly marks: MarkTable;
  readonly filter: CompiledFilter;
  readonly offset: number;
  readonly limit: number | undefined;
  /** Whether a name is written in the other script than the query (see `reserveOtherScript`). */
  readonly inOtherScript?: (form: number) => boolean;
}

/** The first page of results (the search screen's default page size). */
export const FIRST_PAGE = 10;
/**
 * Places of the first page kept for high-risk names in the other script, when the register has them. One place holds
 * nearly all of the gain (README, "How it works") and moves the fewest of the query's own script off the page.
 */
export const OTHER_SCRIPT_PLACES = 1;
/** The score from which a match is high risk (spec §9). */
export const HIGH_RISK_SCORE = 60;

/**
 * Expands matching names to their live marks that pass the filters (effect included: the exact per-mark test behind
 * the per-name union masks of counting), ranks them by score and then by insertion order,
 * and gathers per-class statistics over all of them (only over the chosen classes when classes are filtered).
 */
export function rankMatches(input: RankInput): SearchResult {
  const { forms, formScore, formSignals, marksOfForm, marks, filter } = input;
  // Score descending, then row: both packed in one number so a typed-array sort ranks them.
  const keys: number[] = [];
  const ranges: PostingRanges = { baseStart: 0, baseEnd: 0, deltaStart: 0, deltaEnd: 0 };
  for (const form of forms) {
    const tenths = Math.round((formScore[form] as number) * 10);
    marksOfForm.ranges(form, ranges);
    for (let pass = 0; pass < 2; pass++) {
      const data = pass === 0 ? marksOfForm.data : marksOfForm.deltaData;
      const end = pass === 0 ? ranges.baseEnd : ranges.deltaEnd;
      for (let i = pass === 0 ? ranges.baseStart : ranges.deltaStart; i < end; i++) {
        const row = data[i] as number;
        const status = marks.status[row] as number;
        if (status === DEAD_STATUS) continue;
        const low = marks.classLow[row] as number;
        const high = marks.classHigh[row] as number;
        const designations = marks.designationSet[row] as number;
        if (!passes(filter, marks.dataset[row] as number, status, low, high, designations)) continue;
        keys.push((1000 - tenths) * 0x100000000 + row);
      }
    }
  }
  const sorted = Float64Array.from(keys).sort();
  if (input.inOtherScript !== undefined) reserveOtherScript(sorted, marks, formScore, input.inOtherScript);
  const stats = new ClassStatisticsAccumulator();
  const first = Math.max(0, Math.floor(input.offset));
  const end = Math.min(sorted.length, first + (input.limit ?? sorted.length));
  const matches: Match[] = [];
  let maxScore: number | null = null;
  for (let i = 0; i < sorted.length; i++) {
    const row = (sorted[i] as number) % 0x100000000;
    const form = marks.form[row] as number;
    const score = Math.round((formScore[form] as number) * 10) / 10;
    maxScore ??= score;
    let low = marks.classLow[row] as number;
    let high = marks.classHigh[row] as number;
    if (filter.byClass) {
      low &= filter.classLow;
      high &= filter.classHigh;
    }
    stats.add(low, high, score);
    if (i >= first && i < end) {
      matches.push({
        id: marks.ids[row] as number,
        score,
        signals: decodeSignals(formSignals[form] as number),
      });
    }
  }
  return { total: sorted.length, maxScore, matches, classStatistics: stats.toRecord() };
}

/**
 * Reorders `sorted` (score descending) so that the first page holds up to `OTHER_SCRIPT_PLACES` high-risk names in the
 * other script than the query, when there are any. A register holds many names one letter from a Latin query (NIKE:
 * NITE, NIKO…), all scored above the cross-script finding (耐克, a transliteration at 70 at most), and they would push
 * the Chinese mark a seller most needs to see off the first page. The names moved up take the last places of the
 * page, which stays in score order; the names they displace open the second page. Nothing is added or dropped.
 */
function reserveOtherScript(
  sorted: Float64Array,
  marks: MarkTable,
  formScore: Float32Array,
  inOtherScript: (form: number) => boolean,
): void {
  const otherScript = (key: number): boolean => inOtherScript(marks.form[key % 0x100000000] as number);
  let onPage = 0;
  const promoted: number[] = [];
  for (let i = 0; i < sorted.length && onPage + promoted.length < OTHER_SCRIPT_PLACES; i++) {
    const key = sorted[i] as number;
    // Scores descend: once under high risk, no later name qualifies.
    if ((formScore[marks.form[key % 0x100000000] as number] as number) < HIGH_RISK_SCORE) break;
    if (!otherScript(key)) continue;
    if (i < FIRST_PAGE) onPage++;
    else promoted.push(i);
  }
  if (promoted.length === 0) return;
  // The lowest-ranked names of the page in the query's own script make way; it holds more of them than are moved up.
  const page = Array.from(sorted.subarray(0, FIRST_PAGE));
  const displaced: number[] = [];
  for (let i = page.length - 1; displaced.length < promoted.length; i--) {
    const key = page[i] as number;
    if (otherScript(key)) continue;
    displaced.unshift(key);
    page.splice(i, 1);
  }
  const between: number[] = [];
  const last = promoted[promoted.length - 1] as number;
  for (let i = FIRST_PAGE; i <= last; i++) if (!promoted.includes(i)) between.push(sorted[i] as number);
  // Keys order by score, then by row: the page stays in score order.
  const head = Float64Array.from([...page, ...promoted.map((i) => sorted[i] as number)]).sort();
  sorted.set(head, 0);
  sorted.set(displaced, FIRST_PAGE);
  sorted.set(between, FIRST_PAGE + displaced.length);
}
