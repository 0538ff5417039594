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
  signatureHighMask,
  signatureHolds,
  signatureLowMask,
} from './form-columns.ts';

describe('FormColumns', () => {
  it('packs length, word units and a signature holding every trigram of the name', () => {
    const columns = new FormColumns();
    const grams = [3, 17, 250, 9001];
    columns.describe(5, 300, 2, grams);
    const base = 5 * FIELDS;
    expect((columns.fields[SHAPE + base] as number) & SHAPE_LENGTH_MASK).toBe(255);
    expect(columns.units(5)).toBe(2);
    const low = columns.fields[SIGNATURE_LOW + base] as number;
    const high = columns.fields[SIGNATURE_HIGH + base] as number;
    for (const gram of grams) {
      expect(low & signatureLowMask(gram)).toBe(signatureLowMask(gram));
      expect(high & signatureHighMask(gram)).toBe(signatureHighMask(gram));
      expect(signatureHolds(low, high, signatureLowMask(gram), signatureHighMask(gram))).toBe(true);
    }
  });

  it('spreads trigrams over all 64 signature bits, two bits each', () => {
    const bits = new Set<number>();
    let twoBits = 0;
    for (let gram = 0; gram < 5000; gram++) {
      const masks = [signatureLowMask(gram), signatureHighMask(gram)];
      masks.forEach((mask, word) => {
        for (let bit = 0; bit < 32; bit++) if ((mask >>> bit) & 1) bits.add(word * 32 + bit);
      });
      const set = masks.reduce((sum, mask) => sum + bitCount(mask), 0);
      expect(set).toBeGreaterThanOrEqual(1);
      if (set === 2) twoBits++;
    }
    expect(bits.size).toBe(64);
    // The two bits coincide for about one trigram in 64.
    expect(twoBits).toBeGreaterThan(4800);
  });

  it('tells a trigram the name lacks from its trigrams more often than one bit each did', () => {
    // A name of 14 trigrams; how many of 2,000 other trigrams look present in its signature.
    const columns = new FormColumns();
    const grams = Array.from({ length: 14 }, (_, i) => 7 * i + 3);
    columns.describe(0, 14, 1, grams);
    const low = columns.fields[SIGNATURE_LOW] as number;
    const high = columns.fields[SIGNATURE_HIGH] as number;
    let seemPresent = 0;
    for (let gram = 10_000; gram < 12_000; gram++) {
      if (signatureHolds(low, high, signatureLowMask(gram), signatureHighMask(gram))) seemPresent++;
    }
    // One bit each: about 1 - e^(-14/64), a fifth of them; two bits each: about one in eight.
    expect(seemPresent / 2000).toBeLessThan(0.13);
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

function bitCount(word: number): number {
  let count = 0;
  for (let bits = word >>> 0; bits !== 0; bits &= bits - 1) count++;
  return count;
}
