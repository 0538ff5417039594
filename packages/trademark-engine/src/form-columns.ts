import { ensureCapacity } from './growable.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

/**
 * Per distinct name, the fields a search reads for every name it touches, packed eight 32-bit integers to a name so
 * one cache line serves two names: a search touches tens of thousands of names scattered over a million, and a
 * field per array would cost a cache miss per field.
 *
 * 0 counter (search scratch), 1 shape (look-alike length, distinctive word units, union of statuses, "dataset past
 * 63" flag), 2–3 a 64-bit signature of the name's trigrams, 4–5 union of dataset codes 0–63, 6–7 union of classes.
 */
export const FIELDS = 8;
export const COUNTER = 0;
export const SHAPE = 1;
export const SIGNATURE_LOW = 2;
export const SIGNATURE_HIGH = 3;
export const DATASETS_LOW = 4;
export const DATASETS_HIGH = 5;
export const CLASSES_LOW = 6;
export const CLASSES_HIGH = 7;

export const SHAPE_LENGTH_MASK = 0xff;
export const SHAPE_UNITS_SHIFT = 8;
export const SHAPE_STATUS_SHIFT = 16;
export const SHAPE_WIDE_DATASET = 1 << 20;

/**
 * A trigram sets two of the 64 signature bits (the same one twice now and then), one per multiplier. Two rather than
 * one: a name of a dozen trigrams sets a fifth of the bits with one each, so a trigram it lacks still looked present
 * one time in five, and a four-character Chinese query (13–16 letters of pinyin, whose trigrams names share widely)
 * sent some 20,000 names at ten million marks on to the exact count; with two, a lacking trigram needs both its bits
 * set by others.
 */
const SIGNATURE_MULTIPLIERS = [0x9e3779b1, 0x85ebca77] as const;

/** A trigram's bits in the signature's low word (bits 0–31): present in a name when these and its high ones are. */
export function signatureLowMask(gram: number): number {
  return signatureWordMask(gram, 0);
}

/** A trigram's bits in the signature's high word (bits 32–63). */
export function signatureHighMask(gram: number): number {
  return signatureWordMask(gram, 32);
}

/** Whether a signature (`low`, `high`) holds a trigram whose masks are `lowMask` and `highMask`: all its bits set. */
export function signatureHolds(low: number, high: number, lowMask: number, highMask: number): boolean {
  return (low & lowMask) === lowMask && (high & highMask) === highMask;
}

function signatureWordMask(gram: number, firstBit: number): number {
  let mask = 0;
  for (const multiplier of SIGNATURE_MULTIPLIERS) {
    const bit = (Math.imul(gram, multiplier) >>> 26) - firstBit;
    if (bit >= 0 && bit < 32) mask |= 1 << bit;
  }
  return mask;
}

export class FormColumns {
  fields = new Int32Array(1024 * FIELDS);

  /** Makes room for `count` names in all, ahead of a bulk load. */
  reserve(count: number): void {
    this.#ensure(count);
  }

  /** Records a new name's look-alike length, word units and the signature of its trigrams. */
  describe(form: number, length: number, units: number, grams: readonly number[]): void {
    this.#ensure(form + 1);
    const base = form * FIELDS;
    const fields = this.fields;
    fields[SHAPE + base] = Math.min(length, SHAPE_LENGTH_MASK) | (Math.min(units, 0xff) << SHAPE_UNITS_SHIFT);
    let low = 0;
    let high = 0;
    for (const gram of grams) {
      low |= signatureLowMask(gram);
      high |= signatureHighMask(gram);
    }
    fields[SIGNATURE_LOW + base] = low;
    fields[SIGNATURE_HIGH + base] = high;
  }

  /** Adds one mark's filter fields to the union of its name's marks. */
  join(form: number, dataset: number, status: number, classLow: number, classHigh: number): void {
    const base = form * FIELDS;
    const fields = this.fields;
    let shape = (fields[SHAPE + base] as number) | (1 << (SHAPE_STATUS_SHIFT + status));
    if (dataset < 32) fields[DATASETS_LOW + base] = (fields[DATASETS_LOW + base] as number) | (1 << dataset);
    else if (dataset < 64)
      fields[DATASETS_HIGH + base] = (fields[DATASETS_HIGH + base] as number) | (1 << (dataset - 32));
    else shape |= SHAPE_WIDE_DATASET;
    fields[SHAPE + base] = shape;
    fields[CLASSES_LOW + base] = (fields[CLASSES_LOW + base] as number) | classLow;
    fields[CLASSES_HIGH + base] = (fields[CLASSES_HIGH + base] as number) | classHigh;
  }

  /** Forgets the unions (to rebuild them from the live marks) and keeps the rest. */
  clearUnions(count: number): void {
    const fields = this.fields;
    for (let base = 0; base < count * FIELDS; base += FIELDS) {
      fields[SHAPE + base] = (fields[SHAPE + base] as number) & 0xffff;
      fields[DATASETS_LOW + base] = 0;
      fields[DATASETS_HIGH + base] = 0;
      fields[CLASSES_LOW + base] = 0;
      fields[CLASSES_HIGH + base] = 0;
    }
  }

  /** Units of a name (see `describe`). */
  units(form: number): number {
    return ((this.fields[SHAPE + form * FIELDS] as number) >>> SHAPE_UNITS_SHIFT) & 0xff;
  }

  /** Gives back spare capacity after a bulk load. */
  trim(count: number): void {
    this.fields = this.fields.slice(0, Math.max(16, count) * FIELDS);
  }

  /** Keeps a copy of the fields with every search counter at 0: searches may run while the snapshot is written. */
  save(out: SnapshotWriter, count: number): void {
    const fields = this.fields.slice(0, count * FIELDS);
    for (let base = 0; base < fields.length; base += FIELDS) fields[base] = 0;
    out.array('fields', fields);
  }

  restore(from: SnapshotReader, count: number): void {
    const fields = from.array('fields', Int32Array);
    if (fields.length !== count * FIELDS) throw new SnapshotError('corrupt', 'name columns');
    this.fields = fields;
  }

  get bytes(): number {
    return this.fields.byteLength;
  }

  #ensure(count: number): void {
    if (count * FIELDS <= this.fields.length) return;
    this.fields = ensureCapacity(this.fields, count * FIELDS);
  }
}
