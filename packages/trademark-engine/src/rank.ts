import { ClassStatisticsAccumulator } from './class-stats.ts';
import { type CompiledFilter, DEAD_STATUS, passes } from './filters.ts';
import type { MarkTable } from './mark-table.ts';
import { emptyRanges, type PostingStore } from './postings.ts';
import { HIGH_RISK_SCORE } from './score.ts';
import { decodeSignals, SIGNAL_MASK_BITS } from './signals.ts';
import type { Match, SearchResult } from './types.ts';

export interface RankInput {
  /** Distinct names that matched. */
  readonly forms: readonly number[];
  /** Score and signal bits per name (`packMatch`). */
  readonly formMatch: Uint32Array;
  /** Mark rows per name. */
  readonly marksOfForm: PostingStore;
  readonly marks: MarkTable;
  readonly filter: CompiledFilter;
  readonly offset: number;
  readonly limit: number | undefined;
  /** Whether a name is written in the other script than the query (see `keepOtherScriptPlace`). */
  readonly inOtherScript?: (form: number) => boolean;
}

// A name's score in tenths (0–1000) above its signal mask, in one 32-bit number per name: the index keeps one for
// every name it holds, so two arrays (a float and a mask) cost a million-name index 2 MB more.
const MASK_OF_MATCH = 2 ** SIGNAL_MASK_BITS - 1;

/** A name's score (to a tenth) and signal mask as `RankInput.formMatch` holds them. */
export function packMatch(score: number, signals: number): number {
  return Math.round(score * 10) * 2 ** SIGNAL_MASK_BITS + (signals & MASK_OF_MATCH);
}

function tenthsOf(match: number): number {
  return Math.floor(match / 2 ** SIGNAL_MASK_BITS);
}

/** The first page of results (the search screen's default page size). */
export const FIRST_PAGE = 10;

/**
 * Expands matching names to their live marks that pass the filters (effect included: the exact per-mark test behind
 * the per-name union masks of counting), ranks them by score and then by insertion order,
 * and gathers per-class statistics over all of them (only over the chosen classes when classes are filtered).
 * Only the marks up to the requested page are put in order: a frequent name matches a hundred thousand marks at ten
 * million (BELLA: 97,728), and sorting them all took most of its search.
 */
export function rankMatches(input: RankInput): SearchResult {
  const { forms, formMatch, marksOfForm, marks, filter, inOtherScript } = input;
  // Score descending, then row: both packed in one number so that the smallest key ranks first.
  let keys = keyScratch;
  let total = 0;
  // The best mark of a high-risk name in the other script than the query (see `keepOtherScriptPlace`).
  let bestOtherScript = Number.POSITIVE_INFINITY;
  const stats = new ClassStatisticsAccumulator();
  const ranges = emptyRanges();
  for (const form of forms) {
    const tenths = tenthsOf(formMatch[form] as number);
    const score = tenths / 10;
    const otherScript = inOtherScript !== undefined && score >= HIGH_RISK_SCORE && inOtherScript(form);
    marksOfForm.ranges(form, ranges);
    for (let pass = 0; pass < 2; pass++) {
      const data = pass === 0 ? ranges.base : ranges.delta;
      const end = pass === 0 ? ranges.baseEnd : ranges.deltaEnd;
      for (let i = pass === 0 ? ranges.baseStart : ranges.deltaStart; i < end; i++) {
        const row = data[i] as number;
        const status = marks.status[row] as number;
        if (status === DEAD_STATUS) continue;
        let low = marks.classLowOf(row);
        let high = marks.classHighOf(row);
        const designations = marks.designationSet[row] as number;
        if (!passes(filter, marks.dataset[row] as number, status, low, high, designations)) continue;
        if (filter.byClass) {
          low &= filter.classLow;
          high &= filter.classHigh;
        }
        stats.add(low, high, score);
        const key = (1000 - tenths) * KEY_ROW + row;
        if (total === keys.length) keys = keyScratch = grow(keys);
        keys[total++] = key;
        if (otherScript && key < bestOtherScript) bestOtherScript = key;
      }
    }
  }
  const first = Math.max(0, Math.floor(input.offset));
  const end = Math.min(total, first + (input.limit ?? total));
  // The first page is reordered (`keepOtherScriptPlace`), so it is put in order even for a page before it.
  const ranked = keepOtherScriptPlace(
    smallest(keys, total, Math.max(end, Math.min(total, FIRST_PAGE))),
    bestOtherScript,
  );
  const matches: Match[] = [];
  for (let i = first; i < end; i++) {
    const row = (ranked[i] as number) % KEY_ROW;
    const match = formMatch[marks.form[row] as number] as number;
    matches.push({
      id: marks.ids[row] as number,
      score: tenthsOf(match) / 10,
      signals: decodeSignals(match & MASK_OF_MATCH),
    });
  }
  const top = ranked[0];
  const maxScore =
    top === undefined ? null : tenthsOf(formMatch[marks.form[top % KEY_ROW] as number] as number) / 10;
  return { total, maxScore, matches, classStatistics: stats.toRecord() };
}

const KEY_ROW = 0x100000000;
let keyScratch: Float64Array = new Float64Array(1024);

function grow(keys: Float64Array): Float64Array {
  const larger = new Float64Array(keys.length * 2);
  larger.set(keys);
  return larger;
}

/**
 * The `count` smallest of `keys[0, total)` in ascending order: all of them sorted when they are many, else through a
 * heap holding the `count` smallest met so far, its largest on top.
 */
function smallest(keys: Float64Array, total: number, count: number): Float64Array {
  // The keys are this module's scratch: sorted where they are.
  if (count * 4 >= total) return keys.subarray(0, total).sort().subarray(0, count);
  const heap = new Float64Array(count);
  let size = 0;
  for (let i = 0; i < total; i++) {
    const key = keys[i] as number;
    if (size < count) {
      // Sift up.
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((heap[parent] as number) >= key) break;
        heap[at] = heap[parent] as number;
        at = parent;
      }
      heap[at] = key;
    } else if (key < (heap[0] as number)) {
      // Replace the largest and sift down.
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= count) break;
        if (child + 1 < count && (heap[child + 1] as number) > (heap[child] as number)) child++;
        if ((heap[child] as number) <= key) break;
        heap[at] = heap[child] as number;
        at = child;
      }
      heap[at] = key;
    }
  }
  return heap.sort();
}

/**
 * The ranked marks (`ranked`, the first of them in score order) with the first page holding a high-risk name in the
 * other script than the query when the register has one: `best`, the best mark of such a name (Infinity for none). A
 * register holds many names one letter from a Latin query (NIKE: NITE, NIKO…), all scored above the cross-script
 * finding (耐克, a transliteration at 70 at most), and they would push the Chinese mark a seller most needs to see off
 * the first page. The best such mark takes the page's last place, which keeps the page in score order; the marks from
 * there down to where it was move down one. One place found nearly as many pairs as three in the bench corpus and
 * moves the fewest of the query's own script off the page (engine README).
 */
function keepOtherScriptPlace(ranked: Float64Array, best: number): Float64Array {
  const last = FIRST_PAGE - 1;
  if (best === Number.POSITIVE_INFINITY || ranked.length < FIRST_PAGE || best <= (ranked[last] as number))
    return ranked;
  // Where it was among the ranked marks, or past them (then the last one moves off the end).
  let at = ranked.indexOf(best, FIRST_PAGE);
  if (at < 0) at = ranked.length - 1;
  ranked.copyWithin(FIRST_PAGE, last, at);
  ranked[last] = best;
  return ranked;
}
