import { describe, expect, it } from 'vitest';
import { classMask, compileFilter, DEAD_STATUS, passes } from './filters.ts';
import { MarkTable } from './mark-table.ts';
import { mulberry32 } from './prng.ts';
import { type SnapshotArray, SnapshotError, SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

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
  tamper: (arrays: Map<string, SnapshotArray>, values: Record<string, unknown>) => void = () => undefined,
): MarkTable {
  const out = new SnapshotWriter();
  table.save(out);
  // The writer keeps views of the live columns: copy them so tampering leaves `table` alone.
  const arrays = new Map<string, SnapshotArray>(
    [...out.arrays].map(([name, array]) => [name, array.slice()]),
  );
  const values = { ...out.values };
  tamper(arrays, values);
  const restored = new MarkTable();
  restored.restore(new SnapshotReader(arrays, values));
  return restored;
}

/**
 * Adds marks 1 to 65,535 (set numbers 1 to 65,535 of `column`) and then `repeats` (marks of sets already numbered):
 * the column stays 16-bit, through a save and load too; the 65,536th set widens it, on the table and on the loaded
 * copy, which goes on numbering where it stopped. `agrees` checks every row still reads its own set.
 */
function widensPast16Bits(
  column: (table: MarkTable) => Uint16Array | Uint32Array,
  add: (table: MarkTable, id: number) => void,
  agrees: (table: MarkTable) => boolean,
  repeats: readonly number[],
): MarkTable {
  const table = new MarkTable();
  for (let id = 1; id <= 65_535; id++) add(table, id);
  for (const id of repeats) add(table, id);
  expect(column(table)).toBeInstanceOf(Uint16Array);
  const narrow = reloaded(table);
  expect(column(narrow)).toBeInstanceOf(Uint16Array);
  expect(agrees(narrow)).toBe(true);
  for (const widened of [table, narrow]) {
    add(widened, 65_536);
    expect(column(widened)).toBeInstanceOf(Uint32Array);
    expect(column(widened)[widened.rows - 1]).toBe(65_536);
    expect(agrees(widened)).toBe(true);
  }
  const wide = reloaded(table);
  expect(column(wide)).toBeInstanceOf(Uint32Array);
  expect(agrees(wide)).toBe(true);
  return table;
}

/** Reloading `table` with its saved arrays or values tampered by `tamper` is refused as corrupt. */
function expectCorrupt(table: MarkTable, tamper: Parameters<typeof reloaded>[1]): void {
  let thrown: unknown;
  try {
    reloaded(table, tamper);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(SnapshotError);
  expect((thrown as SnapshotError).reason).toBe('corrupt');
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
    expect([table.classLowOf(row), table.classHighOf(row)]).toEqual([
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

  it('passes the same marks through a class filter as their classes do, through compaction and reloads', () => {
    const random = mulberry32(5);
    const pick = (count: number) => Array.from({ length: count }, () => 1 + Math.floor(random() * 45));
    let table = new MarkTable();
    const classesOf = new Map<number, number[]>();
    for (let id = 1; id <= 3000; id++) {
      // Mostly one class, some several, a few none.
      const roll = random();
      const classes = roll < 0.05 ? [] : pick(roll < 0.7 ? 1 : 2 + Math.floor(random() * 6));
      classesOf.set(id, classes);
      table.append({ id, name: 'X', dataset: 'US', niceClass: classes, status: 'registered' }, 0);
    }
    for (let id = 1; id <= 3000; id += 7) table.remove(id);
    // The rows whose masks differ from their classes, and per filter the ids passing it and those that should.
    const check = () => {
      const wrongMasks: number[] = [];
      for (let row = 0; row < table.rows; row++) {
        const mask = classMask(classesOf.get(table.ids[row] as number) as number[]);
        if (table.classLowOf(row) !== mask.low || table.classHighOf(row) !== mask.high) wrongMasks.push(row);
      }
      expect(wrongMasks).toEqual([]);
      for (let round = 0; round < 40; round++) {
        const wanted = pick(1 + (round % 4));
        const filter = compileFilter({ classes: wanted }, () => 0);
        const passed: number[] = [];
        const expected: number[] = [];
        for (let row = 0; row < table.rows; row++) {
          if (table.status[row] === DEAD_STATUS) continue;
          const id = table.ids[row] as number;
          if (passes(filter, 0, 0, table.classLowOf(row), table.classHighOf(row))) passed.push(id);
          if ((classesOf.get(id) as number[]).some((cls) => wanted.includes(cls))) expected.push(id);
        }
        expect(passed).toEqual(expected);
      }
    };
    check();
    // Distinct combinations, not marks: 3,000 marks of at most a few classes share far fewer.
    expect(table.classSets.size).toBeLessThan(2000);
    table.compact(() => undefined);
    check();
    table = reloaded(table);
    check();
  });

  it('keeps class set numbers in 16 bits until the 65,536th set, then in 32, and saves either width', () => {
    // Mark i has the classes of i's bits, spread over both words of the masks (bit 16 is class 33).
    const lists = Array.from({ length: 65_537 }, (_, i) => {
      const classes: number[] = [];
      for (let bit = 0; bit < 17; bit++) if ((i >> bit) & 1) classes.push(1 + 2 * bit);
      return classes;
    });
    const masks = lists.map((classes) => classMask(classes));
    const classesOf = (i: number) => lists[i] as number[];
    // Ids from 100,000 on are marks of the same classes as id - 100,000.
    const add = (table: MarkTable, id: number) =>
      table.append(
        { id, name: 'X', dataset: 'US', niceClass: classesOf(id % 100_000), status: 'registered' },
        0,
      );
    const agrees = (table: MarkTable) => {
      for (let row = 0; row < table.rows; row++) {
        const mask = masks[(table.ids[row] as number) % 100_000] as { low: number; high: number };
        if (table.classLowOf(row) !== mask.low || table.classHighOf(row) !== mask.high) return false;
      }
      return true;
    };
    // Ids 1 to 65,535 are sets 1 to 65,535 (0 is no class); marks of ids from 100,000 on repeat sets.
    const table = widensPast16Bits((found) => found.classSet, add, agrees, [100_001, 100_003]);
    // A set numbered before is found again, not numbered anew.
    add(table, 100_005);
    expect(table.classSet[table.rows - 1]).toBe(5);
    expect(table.designationSet).toBeInstanceOf(Uint16Array);
  });

  it('keeps designation set numbers in 16 bits until the 65,536th list, then in 32, and saves either width', () => {
    // Mark i designates the codes of i's bits.
    const listOf = (i: number) =>
      Array.from({ length: 17 }, (_, bit) => bit).flatMap((bit) => ((i >> bit) & 1 ? [`C${bit}`] : []));
    const add = (table: MarkTable, i: number) =>
      table.append(
        { id: i, name: 'X', dataset: 'WO', niceClass: [9], status: 'registered', designations: listOf(i) },
        0,
      );
    const agrees = (table: MarkTable) => {
      for (let row = 0; row < table.rows; row++) {
        const i = table.ids[row] as number;
        const set = table.designationSet[row] as number;
        // Each list designates its highest code and not the next one up.
        const top = 31 - Math.clz32(i);
        const sets = table.designationSets;
        if (
          !sets.designatesAny(set, sets.wanted([`C${top}`])) ||
          sets.designatesAny(set, sets.wanted([`C${top + 1}`]))
        )
          return false;
      }
      return true;
    };
    const table = widensPast16Bits((found) => found.designationSet, add, agrees, []);
    expect(table.designationSets.size).toBe(65_537);
    expect(table.classSet).toBeInstanceOf(Uint16Array);
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
    // Columns of 14 bytes a mark and little else: a hash table over them would be 4 bytes a slot on top.
    const columns = 14 * table.rows + table.classSets.bytes + table.designationSets.bytes;
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
    const corrupt = (tamper: Parameters<typeof reloaded>[1]) => expectCorrupt(table, tamper);
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

  it('refuses a snapshot whose set numbers run past their tables, or whose class table does not hold together', () => {
    const table = new MarkTable();
    table.append(
      { id: 1, name: 'X', dataset: 'WO', niceClass: [9, 40], status: 'registered', designations: ['FR'] },
      0,
    );
    table.append({ id: 2, name: 'X', dataset: 'US', niceClass: [35], status: 'registered' }, 0);
    const corrupt = (tamper: Parameters<typeof reloaded>[1]) => expectCorrupt(table, tamper);
    const setColumn =
      (name: string, value: number, wide: boolean) => (arrays: Map<string, SnapshotArray>) => {
        const column = wide
          ? Uint32Array.from(arrays.get(name) as Uint16Array)
          : (arrays.get(name) as Uint16Array);
        column[1] = value;
        arrays.set(name, column);
      };
    // Sets 0 (no class, unused), 1 and 2; lists 0 and 1.
    expect([table.classSets.size, table.designationSets.size]).toEqual([3, 2]);
    for (const wide of [false, true]) {
      expect(reloaded(table, setColumn('classSet', 1, wide)).classLowOf(1)).toBe(classMask([9, 40]).low);
      corrupt(setColumn('classSet', 3, wide));
      corrupt(setColumn('designationSet', 2, wide));
    }
    corrupt(setColumn('classSet', 70_000, true));
    corrupt((arrays) => {
      arrays.set('classSet', Int32Array.from(arrays.get('classSet') as Uint16Array));
    });
    corrupt((arrays) => {
      arrays.set('classes.high', (arrays.get('classes.high') as Int32Array).subarray(0, 2));
    });
    // A set saved twice, and a high word with a bit past class 45.
    corrupt((arrays) => {
      const low = arrays.get('classes.low') as Int32Array;
      const high = arrays.get('classes.high') as Int32Array;
      low[2] = low[1] as number;
      high[2] = high[1] as number;
    });
    corrupt((arrays) => {
      (arrays.get('classes.high') as Int32Array)[2] = 1 << 13;
    });
    expect(reloaded(table).size).toBe(2);
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
