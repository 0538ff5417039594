import { describe, expect, it } from 'vitest';
import { IntTable } from './int-table.ts';

describe('IntTable', () => {
  it('stores, replaces and finds values', () => {
    const table = new IntTable();
    table.set(7, 1);
    table.set(7, 2);
    table.set(2 ** 40 + 3, 3);
    expect(table.get(7)).toBe(2);
    expect(table.get(2 ** 40 + 3)).toBe(3);
    expect(table.get(8)).toBeUndefined();
    expect(table.size).toBe(2);
  });

  it('deletes and reuses the slot', () => {
    const table = new IntTable();
    table.set(1, 10);
    expect(table.delete(1)).toBe(true);
    expect(table.delete(1)).toBe(false);
    expect(table.get(1)).toBeUndefined();
    table.set(1, 11);
    expect(table.get(1)).toBe(11);
    expect(table.size).toBe(1);
  });

  it('stores 32-bit keys in half the space', () => {
    const small = new IntTable(1000, true);
    const wide = new IntTable(1000);
    small.set(-5, 1);
    small.set(2 ** 31 - 1, 2);
    expect(small.get(-5)).toBe(1);
    expect(small.get(2 ** 31 - 1)).toBe(2);
    expect(small.bytes).toBeLessThan(wide.bytes);
  });

  it('grows past its first capacity and keeps every entry', () => {
    const table = new IntTable(16);
    for (let i = 0; i < 50_000; i++) table.set(i * 7919, i);
    for (let i = 0; i < 50_000; i += 2) table.delete(i * 7919);
    for (let i = 0; i < 50_000; i++) expect(table.get(i * 7919)).toBe(i % 2 === 0 ? undefined : i);
    expect(table.size).toBe(25_000);
    expect(table.bytes).toBeGreaterThan(0);
  });
});
