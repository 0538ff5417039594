import { MARK_STATUSES, type MarkStatus } from './types.ts';

/** Status code of a removed mark: no status mask has this bit. */
export const DEAD_STATUS = 31;

export function statusCode(status: MarkStatus): number {
  const code = MARK_STATUSES.indexOf(status);
  if (code < 0) throw new RangeError(`unknown status ${String(status)}`);
  return code;
}

/** Nice classes as two 32-bit masks: classes 1–32 in the low word, 33–45 in the high one. */
export function classMask(classes: readonly number[]): { low: number; high: number } {
  return { low: classWord(classes, false), high: classWord(classes, true) };
}

/** One word of `classMask`, without building an object (marks are added by the million). */
export function classWord(classes: readonly number[], high: boolean): number {
  let word = 0;
  for (const cls of classes) {
    if (!Number.isInteger(cls) || cls < 1 || cls > 45) {
      throw new RangeError(`Nice class out of range: ${cls}`);
    }
    if (cls > 32 === high) word |= 1 << (high ? cls - 33 : cls - 1);
  }
  return word;
}

/** A query's filters as lookups tested against each mark the first time counting touches it. */
export interface CompiledFilter {
  /** Allowed per dataset code, or null for every dataset. */
  readonly datasets: Uint8Array | null;
  readonly statusMask: number;
  /** Whether classes were chosen; otherwise any class passes. */
  readonly byClass: boolean;
  readonly classLow: number;
  readonly classHigh: number;
}

export function compileFilter(
  filters: { datasets?: readonly string[]; classes?: readonly number[]; statuses?: readonly MarkStatus[] },
  datasetCode: (dataset: string) => number,
): CompiledFilter {
  let datasets: Uint8Array | null = null;
  if (filters.datasets !== undefined && filters.datasets.length > 0) {
    datasets = new Uint8Array(256);
    for (const dataset of filters.datasets) {
      const code = datasetCode(dataset.toUpperCase());
      if (code >= 0) datasets[code] = 1;
    }
  }
  let statusMask = (1 << MARK_STATUSES.length) - 1;
  if (filters.statuses !== undefined && filters.statuses.length > 0) {
    statusMask = 0;
    for (const status of filters.statuses) statusMask |= 1 << statusCode(status);
  }
  const byClass = filters.classes !== undefined && filters.classes.length > 0;
  const { low, high } = classMask(filters.classes ?? []);
  return { datasets, statusMask, byClass, classLow: low, classHigh: high };
}

/** Whether one mark passes the filters. */
export function passes(
  filter: CompiledFilter,
  dataset: number,
  status: number,
  classLow: number,
  classHigh: number,
): boolean {
  if (((filter.statusMask >>> status) & 1) === 0) return false;
  if (filter.datasets !== null && filter.datasets[dataset] !== 1) return false;
  return !filter.byClass || ((classLow & filter.classLow) | (classHigh & filter.classHigh)) !== 0;
}

/**
 * The datasets of a filter as two 32-bit masks over dataset codes 0–63, for testing the union of a name's marks in
 * one step; codes from 64 on always pass here and are tested per mark.
 */
export interface DatasetMasks {
  readonly low: number;
  readonly high: number;
  /** No dataset filter. */
  readonly all: boolean;
}

export function datasetMasks(filter: CompiledFilter): DatasetMasks {
  if (filter.datasets === null) return { low: -1, high: -1, all: true };
  let low = 0;
  let high = 0;
  for (let code = 0; code < 64; code++) {
    if (filter.datasets[code] !== 1) continue;
    if (code < 32) low |= 1 << code;
    else high |= 1 << (code - 32);
  }
  return { low, high, all: false };
}
