import { describe, expect, it } from 'vitest';
import { SlotTable } from './slot-table.ts';

/** Items with their keys in a column beside them, as a mark table keeps ids by row. */
function keyed() {
  const keys: number[] = [];
  const table = new SlotTable((item) => keys[item] as number);
  const add = (key: number): number => {
    keys.push(key);
    table.set(keys.length - 1);
    return keys.length - 1;
  };
  return { keys, table, add };
}

describe('SlotTable', () => {
  it('finds items by the key kept beside them, of any size', () => {
    const { table, add } = keyed();
    const seven = add(7);
    const big = add(2 ** 40 + 3);
    const negative = add(-5);
    expect(table.get(7)).toBe(seven);
    expect(table.get(2 ** 40 + 3)).toBe(big);
    expect(table.get(-5)).toBe(negative);
    expect(table.get(8)).toBeUndefined();
    expect(table.size).toBe(3);
  });

  it('puts an item with a key already listed in the place of the earlier one', () => {
    const { table, add } = keyed();
    add(7);
    const again = add(7);
    expect(table.get(7)).toBe(again);
    expect(table.size).toBe(1);
  });

  it('deletes, and reuses the place', () => {
    const { table, add } = keyed();
    add(1);
    expect(table.delete(1)).toBe(true);
    expect(table.delete(1)).toBe(false);
    expect(table.get(1)).toBeUndefined();
    const back = add(1);
    expect(table.get(1)).toBe(back);
    expect(table.size).toBe(1);
  });

  it('grows past its first capacity and keeps every item', () => {
    const { table, add } = keyed();
    for (let i = 0; i < 50_000; i++) add(i * 7919);
    for (let i = 0; i < 50_000; i += 2) table.delete(i * 7919);
    for (let i = 0; i < 50_000; i++) expect(table.get(i * 7919)).toBe(i % 2 === 0 ? undefined : i);
    expect(table.size).toBe(25_000);
    // A table keeping its own 8-byte keys and 4-byte values would hold 12 bytes a slot.
    expect(table.bytes).toBeLessThan(50_000 * 12);
  });

  it('lists its items again after their keys moved', () => {
    const { keys, table, add } = keyed();
    for (const key of [10, 20, 30]) add(key);
    keys.reverse();
    table.clear();
    for (let item = 0; item < keys.length; item++) table.set(item);
    expect([table.get(10), table.get(20), table.get(30)]).toEqual([2, 1, 0]);
  });
});
