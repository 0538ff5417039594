import { describe, expect, it } from 'vitest';
import { DesignationSets, NO_DESIGNATIONS } from './designation-sets.ts';
import {
  classMask,
  classWord,
  compileFilter,
  DEAD_STATUS,
  datasetMasks,
  passes,
  statusCode,
} from './filters.ts';

const codes: Record<string, number> = { US: 0, CN: 1, FR: 2, DE: 3, WO: 4, EM: 40, XX: 70 };
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

describe('compileFilter with an effect rule', () => {
  const sets = new DesignationSets();
  const designatingFrance = sets.intern(['FR', 'JP']);
  const designatingEm = sets.intern(['EM']);
  const designatingUs = sets.intern(['US']);
  const france = { registers: ['FR', 'EM'], designatingRegisters: ['WO'], designations: ['FR', 'EM'] };
  const at = (dataset: string, set = NO_DESIGNATIONS) => [codes[dataset] ?? -1, 0, 1, 0, set] as const;

  it('lets through the registers with effect and the international marks designating a wanted code', () => {
    const filter = compileFilter({ effect: france }, datasetCode, sets);
    expect(passes(filter, ...at('FR'))).toBe(true);
    expect(passes(filter, ...at('EM'))).toBe(true);
    expect(passes(filter, ...at('DE'))).toBe(false);
    expect(passes(filter, ...at('WO', designatingFrance))).toBe(true);
    expect(passes(filter, ...at('WO', designatingEm))).toBe(true);
    expect(passes(filter, ...at('WO', designatingUs))).toBe(false);
    expect(passes(filter, ...at('WO'))).toBe(false);
  });

  it('narrows the datasets searched, never widens them', () => {
    const filter = compileFilter({ datasets: ['FR', 'DE', 'WO'], effect: france }, datasetCode, sets);
    expect(passes(filter, ...at('FR'))).toBe(true);
    expect(passes(filter, ...at('EM'))).toBe(false);
    expect(passes(filter, ...at('DE'))).toBe(false);
    expect(passes(filter, ...at('WO', designatingFrance))).toBe(true);
    expect(passes(filter, ...at('WO', designatingUs))).toBe(false);
    const masks = datasetMasks(filter);
    expect([masks.low, masks.high]).toEqual([(1 << 2) | (1 << 4), 0]);
  });

  it('needs no designation for a register listed among the registers too', () => {
    const all = { registers: ['WO'], designatingRegisters: ['WO'], designations: [] };
    expect(passes(compileFilter({ effect: all }, datasetCode, sets), ...at('WO'))).toBe(true);
  });

  it('lets nothing through for an empty rule', () => {
    const none = { registers: [], designatingRegisters: [], designations: [] };
    expect(passes(compileFilter({ effect: none }, datasetCode, sets), ...at('US'))).toBe(false);
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
