import { ClassStatisticsAccumulator } from './class-stats.ts';
import { type CompiledFilter, DEAD_STATUS, passes } from './filters.ts';
import type { MarkTable } from './mark-table.ts';
import { emptyRanges, type PostingStore } from './postings.ts';
import { HIGH_RISK_SCORE } from './score.ts';
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
  /** Whether a name is written in the other script than the query (see `keepOtherScriptPlace`). */
  readonly inOtherScript?: (form: number) => boolean;
}

/** The first page of results (the search screen's default page size). */
export const FIRST_PAGE = 10;

/**
 * Expands matching names to their live marks that pass the filters (effect included: the exact per-mark test behind
 * the per-name union masks of counting), ranks them by score and then by insertion order,
 * and gathers per-class statistics over all of them (only over the chosen classes when classes are filtered).
 */
export function rankMatches(input: RankInput): SearchResult {
  const { forms, formScore, formSignals, marksOfForm, marks, filter } = input;
  // Score descending, then row: both packed in one number so a typed-array sort ranks them.
  const keys: number[] = [];
  const ranges = emptyRanges();
  for (const form of forms) {
    const tenths = Math.round((formScore[form] as number) * 10);
    marksOfForm.ranges(form, ranges);
    for (let pass = 0; pass < 2; pass++) {
      const data = pass === 0 ? ranges.base : ranges.delta;
      const end = pass === 0 ? ranges.baseEnd : ranges.deltaEnd;
      for (let i = pass === 0 ? ranges.baseStart : ranges.deltaStart; i < end; i++) {
        const row = data[i] as number;
        const status = marks.status[row] as number;
        if (status === DEAD_STATUS) continue;
        const low = marks.classLowOf(row);
        const high = marks.classHighOf(row);
        const designations = marks.designationSet[row] as number;
        if (!passes(filter, marks.dataset[row] as number, status, low, high, designations)) continue;
        keys.push((1000 - tenths) * 0x100000000 + row);
      }
    }
  }
  const sorted = Float64Array.from(keys).sort();
  if (input.inOtherScript !== undefined) keepOtherScriptPlace(sorted, marks, formScore, input.inOtherScript);
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
    let low = marks.classLowOf(row);
    let high = marks.classHighOf(row);
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
 * Reorders `sorted` (score descending) so that the first page holds a high-risk name in the other script than the
 * query when the register has one. A register holds many names one letter from a Latin query (NIKE: NITE, NIKO…),
 * all scored above the cross-script finding (耐克, a transliteration at 70 at most), and they would push the Chinese
 * mark a seller most needs to see off the first page. The best such name takes the page's last place, which keeps
 * the page in score order; the names from there down to where it was move down one. One place found nearly as many
 * pairs as three in the bench corpus and moves the fewest of the query's own script off the page (engine README).
 */
function keepOtherScriptPlace(
  sorted: Float64Array,
  marks: MarkTable,
  formScore: Float32Array,
  inOtherScript: (form: number) => boolean,
): void {
  for (let i = 0; i < sorted.length; i++) {
    const key = sorted[i] as number;
    const form = marks.form[key % 0x100000000] as number;
    // Scores descend: once under high risk, no later name qualifies.
    if ((formScore[form] as number) < HIGH_RISK_SCORE) return;
    if (!inOtherScript(form)) continue;
    if (i >= FIRST_PAGE) {
      sorted.copyWithin(FIRST_PAGE, FIRST_PAGE - 1, i);
      sorted[FIRST_PAGE - 1] = key;
    }
    return;
  }
}
