import { describe, expect, it } from 'vitest';
import { CharPool, GrowableUint32 } from './growable.ts';
import { PrefixOrder, type VisualForms } from './prefix-order.ts';
import { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

/** Visual forms kept as `FormStore` keeps them: back to back in a pool, by offset and length. */
function formsOf(texts: readonly string[]): VisualForms {
  const chars = new CharPool();
  const visualOffset = new Uint32Array(texts.length);
  const visualLength = new Uint16Array(texts.length);
  texts.forEach((text, form) => {
    visualOffset[form] = chars.append(text);
    visualLength[form] = text.length;
  });
  return { chars, visualOffset, visualLength };
}

function beginning(order: PrefixOrder, texts: readonly string[], prefix: string, shortest = 0, longest = 99) {
  const out = new GrowableUint32();
  const found = order.collect(prefix, shortest, longest, out);
  return Array.from(out.data.subarray(0, found), (form) => texts[form]).sort();
}

const KODAK_NAMES = ['kodak', 'kodaklens', 'kodakmax', 'kodakmaxpro', 'kodakzz'];

describe('PrefixOrder', () => {
  // Enough names that a bulk add is sorted, then a few that wait unsorted: both are searched.
  const texts = [
    ...Array.from({ length: 5000 }, (_, i) => `n${(i * 7919) % 5000}x`),
    'kodak',
    'kodakmax',
    'kodakmaxpro',
    'kodal',
    'kod',
    'ko\ud83d\ude00dak',
  ];
  const late = ['kodaklens', 'kodakzz'];
  const all = [...texts, ...late];
  const forms = formsOf(all);

  function built(): PrefixOrder {
    const order = new PrefixOrder(forms);
    for (let form = 0; form < texts.length; form++) order.add(form);
    order.settle();
    for (let form = texts.length; form < all.length; form++) order.add(form);
    order.settle();
    return order;
  }

  it('finds the names beginning with a text, sorted and recently added alike, within the lengths asked', () => {
    const order = built();
    expect(beginning(order, all, 'kodak')).toEqual(KODAK_NAMES);
    expect(beginning(order, all, 'kodak', 8, 10)).toEqual(['kodaklens', 'kodakmax']);
    expect(beginning(order, all, 'n4999')).toEqual(['n4999x']);
    expect(beginning(order, all, 'ko\ud83d')).toEqual(['ko\ud83d\ude00dak']);
    expect(beginning(order, all, 'zzz')).toEqual([]);
    expect(beginning(order, all, 'n1')).toHaveLength(1111);
  });

  it('merges a second large batch into the sorted names and finds every name as a scan does', () => {
    const many = Array.from(
      { length: 12_000 },
      (_, i) => `${'abc'[i % 3]}${((i * 7919) % 12_000).toString(36)}`,
    );
    const manyForms = formsOf(many);
    const order = new PrefixOrder(manyForms);
    for (let form = 0; form < 6_000; form++) order.add(form);
    order.settle();
    for (let form = 6_000; form < many.length; form++) order.add(form);
    order.settle();
    // Four bytes a name once merged, and no room left over from the batch that waited.
    expect(order.bytes).toBeGreaterThanOrEqual(many.length * 4);
    expect(order.bytes).toBeLessThan(many.length * 4 + 1_024);
    for (const prefix of ['a', 'b1', 'c2z', 'a9', 'bzz', 'c']) {
      const scanned = many.filter((name) => name.startsWith(prefix)).sort();
      expect(beginning(order, many, prefix), prefix).toEqual(scanned);
    }
  });

  it('answers the same after a snapshot round trip', () => {
    const out = new SnapshotWriter();
    built().save(out);
    const arrays = new Map([...out.arrays].map(([name, array]) => [name, array.slice()]));
    const order = new PrefixOrder(forms);
    order.restore(new SnapshotReader(arrays, { ...out.values }));
    expect(beginning(order, all, 'kodak')).toEqual(KODAK_NAMES);
  });
});
