import { type DesignationSets, NO_DESIGNATIONS } from './designation-sets.ts';
import { MARK_STATUSES, type MarketEffect, type MarkStatus } from './types.ts';

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

/** Per dataset code in `CompiledFilter.datasets`: its marks pass, or pass when they designate a wanted code. */
export const DATASET_PASSES = 1;
export const DATASET_IF_DESIGNATED = 2;

/** A query's filters as lookups tested against each mark the first time counting touches it. */
export interface CompiledFilter {
  /** `DATASET_PASSES`, `DATASET_IF_DESIGNATED` or 0 per dataset code, or null for every dataset. */
  readonly datasets: Uint8Array | null;
  /** The designation lists and, per designation code, whether designating it gives effect (`MarketEffect`). */
  readonly designationSets: DesignationSets | null;
  readonly wantedDesignations: Uint8Array;
  readonly statusMask: number;
  /** Whether classes were chosen; otherwise any class passes. */
  readonly byClass: boolean;
  readonly classLow: number;
  readonly classHigh: number;
}

const NOTHING_WANTED = new Uint8Array(0);

export function compileFilter(
  filters: {
    datasets?: readonly string[];
    classes?: readonly number[];
    statuses?: readonly MarkStatus[];
    effect?: MarketEffect;
  },
  datasetCode: (dataset: string) => number,
  designationSets: DesignationSets | null = null,
): CompiledFilter {
  let datasets: Uint8Array | null = null;
  if (filters.datasets !== undefined && filters.datasets.length > 0) {
    datasets = setVerdicts(new Uint8Array(256), filters.datasets, DATASET_PASSES, datasetCode);
  }
  let wantedDesignations: Uint8Array = NOTHING_WANTED;
  if (filters.effect !== undefined) {
    const { registers, designatingRegisters, designations } = filters.effect;
    // Registers second: one listed both ways needs no designation.
    const effect = setVerdicts(new Uint8Array(256), designatingRegisters, DATASET_IF_DESIGNATED, datasetCode);
    setVerdicts(effect, registers, DATASET_PASSES, datasetCode);
    if (datasets === null) datasets = effect;
    else
      for (let code = 0; code < 256; code++)
        if (datasets[code] !== 0) datasets[code] = effect[code] as number;
    if (designationSets !== null) wantedDesignations = designationSets.wanted(designations);
  }
  let statusMask = (1 << MARK_STATUSES.length) - 1;
  if (filters.statuses !== undefined && filters.statuses.length > 0) {
    statusMask = 0;
    for (const status of filters.statuses) statusMask |= 1 << statusCode(status);
  }
  const byClass = filters.classes !== undefined && filters.classes.length > 0;
  const { low, high } = classMask(filters.classes ?? []);
  return {
    datasets,
    designationSets,
    wantedDesignations,
    statusMask,
    byClass,
    classLow: low,
    classHigh: high,
  };
}

/** Sets `verdict` in `lookup` for each known dataset of `codes`. */
function setVerdicts(
  lookup: Uint8Array,
  codes: readonly string[],
  verdict: number,
  datasetCode: (dataset: string) => number,
): Uint8Array {
  for (const dataset of codes) {
    const code = datasetCode(dataset.toUpperCase());
    if (code >= 0) lookup[code] = verdict;
  }
  return lookup;
}

/** Whether one mark passes the filters; `designationSet` is its list in the filter's `designationSets`. */
export function passes(
  filter: CompiledFilter,
  dataset: number,
  status: number,
  classLow: number,
  classHigh: number,
  designationSet: number = NO_DESIGNATIONS,
): boolean {
  if (((filter.statusMask >>> status) & 1) === 0) return false;
  if (filter.datasets !== null) {
    const verdict = filter.datasets[dataset];
    if (verdict === 0) return false;
    if (
      verdict === DATASET_IF_DESIGNATED &&
      (filter.designationSets === null ||
        !filter.designationSets.designatesAny(designationSet, filter.wantedDesignations))
    )
      return false;
  }
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
    // A register whose marks pass only when designating is in the mask: the union cannot tell, ranking checks.
    if (filter.datasets[code] === 0) continue;
    if (code < 32) low |= 1 << code;
    else high |= 1 << (code - 32);
  }
  return { low, high, all: false };
}
