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

  it('keeps 32-bit keys in half the space, and widens them all for the first key past 32 bits', () => {
    const table = new IntTable(1000);
    for (let i = 0; i < 600; i++) table.set(i * 3_000_017 - 2 ** 31 + 1, i);
    table.set(2 ** 31 - 1, 600);
    const narrow = table.bytes;
    expect(table.wide).toBe(false);
    expect(table.get(2 ** 31)).toBeUndefined();
    expect(table.delete(2 ** 40)).toBe(false);
    table.set(2 ** 40 + 1, 601);
    expect(table.wide).toBe(true);
    expect(table.bytes).toBeGreaterThan(narrow);
    for (let i = 0; i < 600; i++) expect(table.get(i * 3_000_017 - 2 ** 31 + 1)).toBe(i);
    expect(table.get(2 ** 31 - 1)).toBe(600);
    expect(table.get(2 ** 40 + 1)).toBe(601);
    expect(table.size).toBe(602);
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
