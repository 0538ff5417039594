import type { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

export type Sized = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;
type TypedArray = Sized;

/** Returns `array` itself when it is big enough, otherwise a copy with at least `minLength` slots (doubling). */
export function ensureCapacity<T extends TypedArray>(array: T, minLength: number): T {
  if (array.length >= minLength) return array;
  let length = Math.max(16, array.length);
  while (length < minLength) length *= 2;
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/**
 * `ensureCapacity`, or with `exact` a copy of exactly `length` slots (at least 16), used to give back the spare
 * capacity of doubling after a bulk load.
 */
export function resize<T extends TypedArray>(array: T, length: number, exact: boolean): T {
  if (!exact) return ensureCapacity(array, length);
  const target = Math.max(16, length);
  if (array.length === target) return array;
  const copy = new (array.constructor as new (length: number) => T)(target);
  copy.set(array.subarray(0, Math.min(array.length, target)));
  return copy;
}

/** A column of numbers that are nearly always under 2^16, kept in 16 bits until one is not (`storeWidening`). */
export type NarrowColumn = Uint16Array | Uint32Array;

/**
 * Stores `value` at `index` of `column` and returns the column to keep: `column` itself, or the first time a value
 * does not fit in 16 bits a 32-bit copy of it, so a column pays for 32 bits only once its numbers need them.
 */
export function storeWidening(column: NarrowColumn, index: number, value: number): NarrowColumn {
  const wide = value > 0xffff && column instanceof Uint16Array ? Uint32Array.from(column) : column;
  wide[index] = value;
  return wide;
}

/** An append-only list of unsigned 32-bit integers backed by one typed array. */
export class GrowableUint32 {
  data: Uint32Array;
  length = 0;

  constructor(initialCapacity = 16) {
    this.data = new Uint32Array(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) this.data = ensureCapacity(this.data, this.length + 1);
    this.data[this.length++] = value;
  }

  /** Makes room for `count` more values at once, ahead of a bulk load. */
  reserve(count: number): void {
    this.data = ensureCapacity(this.data, this.length + count);
  }

  /** Gives back the unused capacity, after a bulk load. */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(16, this.length));
  }

  save(out: SnapshotWriter): void {
    out.array('data', this.data, this.length);
  }

  restore(from: SnapshotReader): void {
    this.data = from.array('data', Uint32Array);
    this.length = this.data.length;
  }
}

/** An append-only pool of UTF-16 code units, so many short strings cost no object each. */
export class CharPool {
  data = new Uint16Array(1024);
  length = 0;

  /** Gives back the unused capacity, after a bulk load. */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(16, this.length));
  }

  save(out: SnapshotWriter): void {
    out.array('data', this.data, this.length);
  }

  restore(from: SnapshotReader): void {
    this.data = from.array('data', Uint16Array);
    this.length = this.data.length;
  }

  /** Appends `text` and returns its offset. */
  append(text: string): number {
    const offset = this.length;
    if (offset + text.length > this.data.length) this.data = ensureCapacity(this.data, offset + text.length);
    for (let i = 0; i < text.length; i++) this.data[offset + i] = text.charCodeAt(i);
    this.length += text.length;
    return offset;
  }

  /** Appends 16-bit values that are not text (numbers a caller keeps beside its strings) and returns their offset. */
  appendUnits(values: readonly number[]): number {
    const offset = this.length;
    if (offset + values.length > this.data.length)
      this.data = ensureCapacity(this.data, offset + values.length);
    for (let i = 0; i < values.length; i++) this.data[offset + i] = values[i] as number;
    this.length += values.length;
    return offset;
  }

  read(offset: number, length: number): string {
    // Names are short; a direct apply avoids an intermediate array.
    return String.fromCharCode.apply(
      null,
      this.data.subarray(offset, offset + length) as unknown as number[],
    );
  }

  /** Whether the `length` units at `offset` begin with `prefix`. */
  startsWith(offset: number, length: number, prefix: string): boolean {
    if (length < prefix.length) return false;
    for (let i = 0; i < prefix.length; i++) if (this.data[offset + i] !== prefix.charCodeAt(i)) return false;
    return true;
  }
}
