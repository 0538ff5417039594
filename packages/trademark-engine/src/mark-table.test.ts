import { describe, expect, it } from 'vitest';
import { classMask, DEAD_STATUS } from './filters.ts';
import { MarkTable } from './mark-table.ts';
import { mulberry32 } from './prng.ts';
import { SnapshotError, SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

/** Appends a mark of `id` whose form is `form`, as the engine would after removing any live mark of that id. */
function put(table: MarkTable, id: number, form = 0): number {
  return table.append({ id, name: 'X', dataset: 'US', niceClass: [9], status: 'registered' }, form);
}

/** The live ids, each with its form, in row order. */
function live(table: MarkTable): [number, number][] {
  const rows: [number, number][] = [];
  for (let row = 0; row < table.rows; row++)
    if (table.status[row] !== DEAD_STATUS) rows.push([table.ids[row] as number, table.form[row] as number]);
  return rows;
}

/** A table read back from what `table` saved, with `tamper` applied to the saved arrays and values first. */
function reloaded(
  table: MarkTable,
  tamper: (
    arrays: Map<string, Uint8Array | Uint32Array | Float64Array>,
    values: Record<string, unknown>,
  ) => void = () => undefined,
): MarkTable {
  const out = new SnapshotWriter();
  table.save(out);
  // The writer keeps views of the live columns: copy them so tampering leaves `table` alone.
  const arrays = new Map([...out.arrays].map(([name, array]) => [name, array.slice()] as const));
  const values = { ...out.values };
  tamper(arrays as Map<string, Uint8Array | Uint32Array | Float64Array>, values);
  const restored = new MarkTable();
  restored.restore(new SnapshotReader(arrays, values));
  return restored;
}

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

  it('finds marks loaded in id order by bisection, listing none of them in a hash table', () => {
    const table = new MarkTable();
    for (let id = 1; id <= 30_000; id++) put(table, id * 3);
    table.trim();
    expect(table.listedRows).toBe(0);
    // Columns of 22 bytes a mark and little else: a hash table over them would be 4 bytes a slot on top.
    const columns = 22 * table.rows + table.designationSets.bytes;
    expect(table.bytes - columns).toBeLessThan(1024);
    expect(table.has(3)).toBe(true);
    expect(table.has(90_000)).toBe(true);
    expect(table.has(45_000)).toBe(true);
    expect([0, 1, 4, 44_999, 90_001, 90_003].some((id) => table.has(id))).toBe(false);
  });

  it('lists the rows after the first id out of order in a hash table, and finds every mark', () => {
    const table = new MarkTable();
    const ids = [10, 20, 30, 25, 40, 5, 50];
    for (const [i, id] of ids.entries()) put(table, id, i);
    // 10, 20, 30 in order; every row from 25 on is listed, even 40 and 50 which are above all before them.
    expect(table.listedRows).toBe(4);
    expect(ids.every((id) => table.has(id))).toBe(true);
    expect([0, 15, 35, 60].some((id) => table.has(id))).toBe(false);
    expect(table.size).toBe(7);
  });

  it('removes a mark among the sorted rows and after them, once', () => {
    const table = new MarkTable();
    for (const id of [1, 2, 3, 9, 4]) put(table, id);
    expect(table.remove(2)).toBe(true);
    expect(table.remove(4)).toBe(true);
    expect(table.listedRows).toBe(0);
    expect([table.remove(2), table.remove(4), table.remove(7)]).toEqual([false, false, false]);
    expect(table.has(2) || table.has(4)).toBe(false);
    expect([1, 3, 9].every((id) => table.has(id))).toBe(true);
    expect(table.size).toBe(3);
  });

  it('takes back a removed id, and replaces a mark removed and added again with the same id', () => {
    const table = new MarkTable();
    for (const id of [1, 2, 3]) put(table, id, id);
    // As the engine replaces a mark: remove it, then append the new one.
    table.remove(3);
    put(table, 3, 30);
    table.remove(1);
    expect(table.has(1)).toBe(false);
    put(table, 1, 10);
    expect(table.listedRows).toBe(2);
    expect(live(table)).toEqual([
      [2, 2],
      [3, 30],
      [1, 10],
    ]);
    // The new row is the one removed next; the old row stays dead.
    expect(table.remove(3)).toBe(true);
    expect(table.has(3)).toBe(false);
    expect(table.remove(3)).toBe(false);
    put(table, 3, 300);
    expect(table.has(3)).toBe(true);
    expect(table.size).toBe(3);
    expect(live(table)).toEqual([
      [2, 2],
      [1, 10],
      [3, 300],
    ]);
  });

  it('finds ids past 32 bits, in order and out of order', () => {
    const table = new MarkTable();
    const big = 2 ** 32;
    for (const id of [5, big - 1, big, big + 2, 2 ** 50]) put(table, id);
    expect(table.ids).toBeInstanceOf(Float64Array);
    expect(table.listedRows).toBe(0);
    put(table, big + 1);
    expect(table.listedRows).toBe(1);
    expect([5, big - 1, big, big + 1, big + 2, 2 ** 50].every((id) => table.has(id))).toBe(true);
    expect(table.has(big + 3)).toBe(false);
    expect(table.remove(big)).toBe(true);
    expect(table.remove(big + 1)).toBe(true);
    expect(table.has(big) || table.has(big + 1)).toBe(false);
    expect(table.has(big + 2)).toBe(true);
  });

  it('sorts again on compaction as far as the ids allow, keeping the rows in order', () => {
    const table = new MarkTable();
    for (const [i, id] of [1, 2, 8, 3, 4, 9, 5].entries()) put(table, id, i);
    table.remove(8);
    table.remove(2);
    expect(table.listedRows).toBe(4);
    table.compact(() => undefined);
    // 1 3 4 9 5: the run stops at 5, the one row listed.
    expect(live(table)).toEqual([
      [1, 0],
      [3, 3],
      [4, 4],
      [9, 5],
      [5, 6],
    ]);
    expect(table.listedRows).toBe(1);
    expect([1, 3, 4, 5, 9].every((id) => table.has(id))).toBe(true);
    expect([2, 8].some((id) => table.has(id))).toBe(false);
    table.remove(9);
    table.compact(() => undefined);
    expect(table.listedRows).toBe(0);
    expect(table.remove(5)).toBe(true);
    expect(table.has(4)).toBe(true);
  });

  it('saves and restores marks found as before, sorted and listed', () => {
    const table = new MarkTable();
    for (const id of [1, 2, 3, 7, 6, 2 ** 40]) put(table, id, id % 100);
    table.remove(2);
    table.remove(6);
    put(table, 2, 22);
    const restored = reloaded(table);
    expect(live(restored)).toEqual(live(table));
    expect(restored.size).toBe(table.size);
    expect(restored.listedRows).toBe(2);
    expect(restored.ids).toBeInstanceOf(Float64Array);
    expect([1, 2, 3, 7, 2 ** 40].every((id) => restored.has(id))).toBe(true);
    expect(restored.has(6)).toBe(false);
    expect(restored.remove(2)).toBe(true);
    expect(restored.has(2)).toBe(false);
    put(restored, 6, 66);
    expect(restored.has(6)).toBe(true);
  });

  it('refuses a snapshot whose ids or dead count do not agree', () => {
    const table = new MarkTable();
    for (const id of [1, 2, 3, 5]) put(table, id);
    table.remove(2);
    put(table, 2);
    const corrupt = (tamper: Parameters<typeof reloaded>[1]) => {
      let thrown: unknown;
      try {
        reloaded(table, tamper);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SnapshotError);
      expect((thrown as SnapshotError).reason).toBe('corrupt');
    };
    corrupt((_, values) => {
      values.dead = 0;
    });
    // A live id in two rows: in the sorted rows and after them, or twice after them.
    corrupt((arrays) => {
      (arrays.get('ids') as Uint32Array)[4] = 3;
    });
    corrupt((arrays, values) => {
      (arrays.get('status') as Uint8Array)[1] = 1;
      values.dead = 0;
    });
    put(table, 9);
    corrupt((arrays) => {
      (arrays.get('ids') as Uint32Array)[5] = 2;
    });
    expect(reloaded(table).size).toBe(5);
  });

  it('answers as a map of live ids through adds, removals, compactions and reloads in any order', () => {
    const random = mulberry32(11);
    let table = new MarkTable();
    const model = new Map<number, number>();
    let nextId = 1;
    for (let step = 0; step < 20_000; step++) {
      const roll = random();
      // Mostly new ids in increasing order, as a register loads; some old ids, some removals, now and then a wide id.
      const id =
        roll < 0.5 ? nextId++ : roll < 0.55 ? 2 ** 33 + nextId++ : Math.floor(random() * (nextId + 5));
      if (roll < 0.8) {
        // The engine's replacement: remove any live mark of the id, then append.
        expect(table.remove(id)).toBe(model.delete(id));
        put(table, id, step);
        model.set(id, step);
      } else {
        expect(table.remove(id)).toBe(model.delete(id));
      }
      if (step % 5000 === 4999) table.compact(() => undefined);
      if (step % 7000 === 6999) table = reloaded(table);
    }
    expect(table.size).toBe(model.size);
    expect(new Map(live(table))).toEqual(model);
    for (let id = 0; id < nextId + 5; id++) expect(table.has(id)).toBe(model.has(id));
  });
});
