import { describe, expect, it } from 'vitest';
import { TrademarkIndex } from './engine.ts';
import type { MarketEffect, MarkRecord } from './types.ts';

// Rules as `effectIn` (contracts) builds them, written out so the engine is tested on its own.
const FRANCE: MarketEffect = {
  registers: ['EM', 'FR'],
  designatingRegisters: ['WO', 'WPP'],
  designations: ['EM', 'FR'],
};
const US: MarketEffect = {
  registers: ['UF', 'US'],
  designatingRegisters: ['WO', 'WPP'],
  designations: ['US'],
};

describe('TrademarkIndex with an effect rule', () => {
  const marks: MarkRecord[] = [
    { id: 1, name: 'NEAKEA', dataset: 'EM', niceClass: [25], status: 'registered' },
    { id: 2, name: 'NIKEE', dataset: 'DE', niceClass: [9], status: 'registered' },
    { id: 3, name: 'NIKE', dataset: 'FR', niceClass: [25], status: 'registered' },
    { id: 4, name: 'NIKE', dataset: 'WO', niceClass: [28], status: 'registered', designations: ['FR', 'CN'] },
    { id: 5, name: 'NIKEE', dataset: 'WO', niceClass: [35], status: 'registered', designations: ['US'] },
    { id: 6, name: 'NIKEY', dataset: 'WPP', niceClass: [18], status: 'registered', designations: ['EM'] },
    { id: 7, name: 'NIKE', dataset: 'US', niceClass: [25], status: 'registered' },
    { id: 8, name: 'NIKE', dataset: 'UF', niceClass: [3], status: 'registered' },
  ];
  const index = new TrademarkIndex();
  index.add(marks);
  const ids = (result: { matches: readonly { id: number }[] }) =>
    result.matches.map((match) => match.id).sort();

  it('lists, counts and rates only the marks with effect in the market', () => {
    const france = index.search({ text: 'NIKEE', effect: FRANCE });
    expect(ids(france)).toEqual([1, 3, 4, 6]);
    expect(france.total).toBe(4);
    // The German NIKEE (100) has no effect in France: it sets neither the best score nor class 9's risk.
    expect(france.maxScore).toBeLessThan(100);
    expect(Object.keys(france.classStatistics).map(Number).sort()).toEqual([18, 25, 28]);
    expect(france.classStatistics[9]).toBeUndefined();

    const us = index.search({ text: 'NIKEE', effect: US });
    expect(ids(us)).toEqual([5, 7, 8]);
    expect(us.maxScore).toBe(100);
  });

  it('applies the rule on top of the datasets searched', () => {
    const datasets = ['FR', 'DE', 'EM', 'WO', 'WPP'];
    expect(ids(index.search({ text: 'NIKEE', datasets, effect: FRANCE }))).toEqual([1, 3, 4, 6]);
    expect(ids(index.search({ text: 'NIKEE', datasets: ['FR', 'WO'], effect: FRANCE }))).toEqual([3, 4]);
    expect(ids(index.search({ text: 'NIKEE', datasets }))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('follows a mark whose designations change', () => {
    const local = new TrademarkIndex();
    local.add([
      { id: 1, name: 'ZORBLAX', dataset: 'WO', niceClass: [9], status: 'filed', designations: ['US'] },
    ]);
    expect(local.search({ text: 'ZORBLAX', effect: FRANCE }).total).toBe(0);
    local.add([
      { id: 1, name: 'ZORBLAX', dataset: 'WO', niceClass: [9], status: 'filed', designations: ['EM'] },
    ]);
    expect(local.search({ text: 'ZORBLAX', effect: FRANCE }).total).toBe(1);
  });
});
