import { describe, expect, it } from 'vitest';
import {
  classMask,
  classWord,
  compileFilter,
  DEAD_STATUS,
  datasetMasks,
  passes,
  statusCode,
} from './filters.ts';

const codes: Record<string, number> = { US: 0, CN: 1, EM: 40, XX: 70 };
const datasetCode = (dataset: string): number => codes[dataset] ?? -1;

describe('classMask', () => {
  it('puts classes 1–32 in the low word and 33–45 in the high one', () => {
    expect(classMask([1, 32])).toEqual({ low: 1 | (1 << 31), high: 0 });
    expect(classMask([33, 45])).toEqual({ low: 0, high: 1 | (1 << 12) });
  });

  it('gives each word on its own', () => {
    expect(classWord([1, 32, 33], false)).toBe(classMask([1, 32, 33]).low);
    expect(classWord([1, 32, 33], true)).toBe(1);
  });

  it('rejects classes outside 1–45', () => {
    expect(() => classMask([0])).toThrow(RangeError);
    expect(() => classMask([46])).toThrow(RangeError);
    expect(() => classMask([9.5])).toThrow(RangeError);
  });
});

describe('statusCode', () => {
  it('numbers the four statuses and rejects others', () => {
    expect(['registered', 'filed', 'ended', 'unknown'].map((s) => statusCode(s as 'filed'))).toEqual([
      0, 1, 2, 3,
    ]);
    expect(() => statusCode('lapsed' as 'filed')).toThrow(RangeError);
  });
});

describe('compileFilter and passes', () => {
  const mark = (dataset: string, status: number, classes: number[]) => {
    const { low, high } = classMask(classes);
    return [datasetCode(dataset), status, low, high] as const;
  };

  it('lets every live mark through without filters', () => {
    const filter = compileFilter({}, datasetCode);
    expect(passes(filter, ...mark('US', 0, [9]))).toBe(true);
    expect(passes(filter, ...mark('CN', 3, [45]))).toBe(true);
    expect(passes(filter, ...mark('US', DEAD_STATUS, [9]))).toBe(false);
  });

  it('filters by dataset, case-insensitively, ignoring unknown ones', () => {
    const filter = compileFilter({ datasets: ['us', 'ZZ'] }, datasetCode);
    expect(passes(filter, ...mark('US', 0, [9]))).toBe(true);
    expect(passes(filter, ...mark('CN', 0, [9]))).toBe(false);
  });

  it('filters by status', () => {
    const filter = compileFilter({ statuses: ['registered', 'filed'] }, datasetCode);
    expect(passes(filter, ...mark('US', 1, [9]))).toBe(true);
    expect(passes(filter, ...mark('US', 2, [9]))).toBe(false);
  });

  it('filters by class, on either word', () => {
    const filter = compileFilter({ classes: [9, 35] }, datasetCode);
    expect(passes(filter, ...mark('US', 0, [9, 25]))).toBe(true);
    expect(passes(filter, ...mark('US', 0, [35]))).toBe(true);
    expect(passes(filter, ...mark('US', 0, [25, 42]))).toBe(false);
  });

  it('reads empty lists as no filter', () => {
    const filter = compileFilter({ datasets: [], classes: [], statuses: [] }, datasetCode);
    expect(filter.datasets).toBeNull();
    expect(filter.byClass).toBe(false);
    expect(passes(filter, ...mark('CN', 2, [1]))).toBe(true);
  });
});

describe('datasetMasks', () => {
  it('packs the chosen dataset codes below 64 into two words', () => {
    const masks = datasetMasks(compileFilter({ datasets: ['US', 'EM', 'XX'] }, datasetCode));
    expect(masks.all).toBe(false);
    expect(masks.low).toBe(1);
    expect(masks.high).toBe(1 << 8);
    expect(datasetMasks(compileFilter({}, datasetCode)).all).toBe(true);
  });
});
