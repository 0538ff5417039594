import { describe, expect, it } from 'vitest';
import { classMask, DEAD_STATUS } from './filters.ts';
import { MarkTable } from './mark-table.ts';

describe('MarkTable', () => {
  it('stores a mark per row with coded dataset, status and classes', () => {
    const table = new MarkTable();
    const row = table.append({ id: 42, name: 'X', dataset: 'us', niceClass: [9, 35], status: 'filed' }, 7);
    expect(row).toBe(0);
    expect(table.ids[row]).toBe(42);
    expect(table.form[row]).toBe(7);
    expect(table.status[row]).toBe(1);
    expect(table.datasetCode('US')).toBe(table.dataset[row]);
    expect(table.datasetCode('EM')).toBe(-1);
    expect([table.classLow[row], table.classHigh[row]]).toEqual([
      classMask([9, 35]).low,
      classMask([9, 35]).high,
    ]);
    expect(table.has(42)).toBe(true);
    expect(table.size).toBe(1);
  });

  it('keeps ids in 32 bits until one does not fit, then keeps every id as it was', () => {
    const table = new MarkTable();
    const add = (id: number) =>
      table.append({ id, name: 'X', dataset: 'US', niceClass: [9], status: 'registered' }, 0);
    add(4_000_000_000);
    expect(table.ids).toBeInstanceOf(Uint32Array);
    add(2 ** 40 + 7);
    add(-3);
    expect(table.ids).toBeInstanceOf(Float64Array);
    expect([...table.ids.subarray(0, 3)]).toEqual([4_000_000_000, 2 ** 40 + 7, -3]);
    expect([4_000_000_000, 2 ** 40 + 7, -3].every((id) => table.has(id))).toBe(true);
    expect(table.remove(2 ** 40 + 7)).toBe(true);
    expect(table.has(2 ** 40 + 7)).toBe(false);
  });

  it("keeps the number of each mark's designation list, through compaction", () => {
    const table = new MarkTable();
    const intl = (id: number, designations: string[]) =>
      table.append({ id, name: 'X', dataset: 'WO', niceClass: [1], status: 'registered', designations }, id);
    intl(1, ['FR']);
    intl(2, ['US']);
    intl(3, ['fr']);
    table.append({ id: 4, name: 'X', dataset: 'DE', niceClass: [1], status: 'registered' }, 4);
    table.remove(2);
    table.compact(() => undefined);
    expect([...table.designationSet.subarray(0, 3)]).toEqual([1, 1, 0]);
    const wanted = table.designationSets.wanted(['FR']);
    expect(table.designationSets.designatesAny(table.designationSet[0] as number, wanted)).toBe(true);
  });

  it('marks removed rows dead and renumbers the live ones on compaction', () => {
    const table = new MarkTable();
    for (let id = 1; id <= 5; id++)
      table.append({ id, name: 'X', dataset: 'CN', niceClass: [1], status: 'registered' }, id);
    expect(table.remove(2)).toBe(true);
    expect(table.remove(2)).toBe(false);
    expect(table.status[1]).toBe(DEAD_STATUS);
    expect(table.size).toBe(4);
    const moved: number[] = [];
    table.compact((row) => moved.push(row));
    expect(moved).toEqual([0, 1, 2, 3]);
    expect([...table.ids.subarray(0, table.rows)]).toEqual([1, 3, 4, 5]);
    expect([...table.form.subarray(0, table.rows)]).toEqual([1, 3, 4, 5]);
    expect(table.has(4)).toBe(true);
    table.remove(4);
    expect(table.has(5)).toBe(true);
  });

  it('asks for compaction once many rows are dead', () => {
    const table = new MarkTable();
    for (let id = 0; id < 50_000; id++) {
      table.append({ id, name: 'X', dataset: 'US', niceClass: [1], status: 'registered' }, 0);
    }
    for (let id = 0; id < 12_000; id++) table.remove(id);
    expect(table.wantsCompaction).toBe(false);
    for (let id = 12_000; id < 13_000; id++) table.remove(id);
    expect(table.wantsCompaction).toBe(true);
  });

  it('gives back spare capacity on trim', () => {
    const table = new MarkTable();
    for (let id = 0; id < 3000; id++)
      table.append({ id, name: 'X', dataset: 'US', niceClass: [1], status: 'ended' }, 0);
    const before = table.bytes;
    table.trim();
    expect(table.bytes).toBeLessThan(before);
    expect(table.ids[2999]).toBe(2999);
  });
});
