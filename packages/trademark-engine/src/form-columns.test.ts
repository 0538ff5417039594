import { describe, expect, it } from 'vitest';
import {
  CLASSES_HIGH,
  CLASSES_LOW,
  DATASETS_HIGH,
  DATASETS_LOW,
  FIELDS,
  FormColumns,
  SHAPE,
  SHAPE_LENGTH_MASK,
  SHAPE_STATUS_SHIFT,
  SHAPE_WIDE_DATASET,
  SIGNATURE_HIGH,
  SIGNATURE_LOW,
  signatureBit,
} from './form-columns.ts';

describe('FormColumns', () => {
  it('packs length, word units and a signature holding every trigram of the name', () => {
    const columns = new FormColumns();
    const grams = [3, 17, 250, 9001];
    columns.describe(5, 300, 2, grams);
    const base = 5 * FIELDS;
    expect((columns.fields[SHAPE + base] as number) & SHAPE_LENGTH_MASK).toBe(255);
    expect(columns.units(5)).toBe(2);
    for (const gram of grams) {
      const bit = signatureBit(gram);
      const word = columns.fields[(bit < 32 ? SIGNATURE_LOW : SIGNATURE_HIGH) + base] as number;
      expect((word >>> (bit & 31)) & 1).toBe(1);
    }
  });

  it('spreads trigrams over all 64 signature bits', () => {
    const bits = new Set(Array.from({ length: 5000 }, (_, gram) => signatureBit(gram)));
    expect(bits.size).toBe(64);
  });

  it('joins the filter fields of a name’s marks into unions', () => {
    const columns = new FormColumns();
    columns.describe(0, 5, 1, [1]);
    columns.join(0, 3, 0, 1 << 8, 0);
    columns.join(0, 40, 2, 0, 1 << 12);
    columns.join(0, 70, 1, 0, 0);
    const fields = columns.fields;
    expect(fields[DATASETS_LOW]).toBe(1 << 3);
    expect(fields[DATASETS_HIGH]).toBe(1 << 8);
    expect((fields[SHAPE] as number) & SHAPE_WIDE_DATASET).not.toBe(0);
    expect(((fields[SHAPE] as number) >>> SHAPE_STATUS_SHIFT) & 0xf).toBe(0b111);
    expect([fields[CLASSES_LOW], fields[CLASSES_HIGH]]).toEqual([1 << 8, 1 << 12]);
    columns.clearUnions(1);
    expect([fields[DATASETS_LOW], fields[CLASSES_HIGH]]).toEqual([0, 0]);
    expect(((fields[SHAPE] as number) >>> SHAPE_STATUS_SHIFT) & 0xf).toBe(0);
    expect(columns.units(0)).toBe(1);
  });
});
