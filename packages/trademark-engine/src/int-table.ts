import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

const EMPTY = -1;
// Linear probing stays short up to about this load; lookups here are mostly hits.
const MAX_LOAD = 0.75;

/**
 * A map from numbers to non-negative integers in two typed arrays (open addressing, linear probing). A million
 * entries cost about 20 MB here against about 60 MB in a `Map`, and no object per entry for the collector to walk.
 * Keys must be finite numbers; values must be integers from 0 to 2^31 - 1. Keys are kept as 32-bit integers, in
 * half the space, until one does not fit: then the table widens them all to doubles.
 */
export class IntTable {
  #keys: Float64Array | Int32Array;
  #values: Int32Array;
  #size = 0;
  /** Deleted entries still occupying a slot, so probes keep walking past them. */
  #tombstones = 0;

  constructor(capacity = 1024) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, capacity / MAX_LOAD)));
    this.#keys = new Int32Array(slots);
    this.#values = new Int32Array(slots).fill(EMPTY);
  }

  /** Whether a key past 32 bits has made the table keep doubles. */
  get wide(): boolean {
    return this.#keys instanceof Float64Array;
  }

  get size(): number {
    return this.#size;
  }

  /** Bytes held in typed arrays. */
  get bytes(): number {
    return this.#keys.byteLength + this.#values.byteLength;
  }

  /** Makes room for `count` entries in all, ahead of a bulk load. */
  reserve(count: number): void {
    if (count <= this.#keys.length * MAX_LOAD) return;
    const keys = this.#keys;
    const values = this.#values;
    const slots = 2 ** Math.ceil(Math.log2(count / MAX_LOAD + 1));
    this.#keys = this.wide ? new Float64Array(slots) : new Int32Array(slots);
    this.#values = new Int32Array(slots).fill(EMPTY);
    this.#size = 0;
    this.#tombstones = 0;
    for (let i = 0; i < keys.length; i++) {
      const value = values[i] as number;
      if (value >= 0) this.set(keys[i] as number, value);
    }
  }

  save(out: SnapshotWriter): void {
    out.array('keys', this.#keys);
    out.array('values', this.#values);
    out.value('size', this.#size);
    out.value('tombstones', this.#tombstones);
    out.value('wide', this.wide ? 1 : 0);
  }

  restore(from: SnapshotReader): void {
    const keys = from.count('wide') === 1 ? from.array('keys', Float64Array) : from.array('keys', Int32Array);
    const values = from.array('values', Int32Array);
    const slots = keys.length;
    // Probing wraps with a mask: the slots must be a power of two, keys and values alike.
    if (slots !== values.length || slots < 16 || (slots & (slots - 1)) !== 0)
      throw new SnapshotError('corrupt', 'int table slots');
    this.#keys = keys;
    this.#values = values;
    this.#size = from.count('size');
    this.#tombstones = from.count('tombstones');
  }

  get(key: number): number | undefined {
    if (!this.#fits(key)) return undefined;
    const slot = this.#find(key);
    return slot < 0 ? undefined : (this.#values[slot] as number);
  }

  set(key: number, value: number): void {
    if (!this.#fits(key)) this.#widen();
    if ((this.#size + this.#tombstones + 1) / this.#keys.length > MAX_LOAD) this.#rehash();
    const mask = this.#keys.length - 1;
    let slot = hashOf(key) & mask;
    let reusable = -1;
    while (this.#values[slot] !== EMPTY) {
      if (this.#values[slot] === TOMBSTONE) {
        if (reusable < 0) reusable = slot;
      } else if (this.#keys[slot] === key) {
        this.#values[slot] = value;
        return;
      }
      slot = (slot + 1) & mask;
    }
    if (reusable >= 0) {
      slot = reusable;
      this.#tombstones--;
    }
    this.#keys[slot] = key;
    this.#values[slot] = value;
    this.#size++;
  }

  delete(key: number): boolean {
    if (!this.#fits(key)) return false;
    const slot = this.#find(key);
    if (slot < 0) return false;
    this.#values[slot] = TOMBSTONE;
    this.#size--;
    this.#tombstones++;
    return true;
  }

  #find(key: number): number {
    const mask = this.#keys.length - 1;
    let slot = hashOf(key) & mask;
    for (;;) {
      const value = this.#values[slot] as number;
      if (value === EMPTY) return -1;
      if (value !== TOMBSTONE && this.#keys[slot] === key) return slot;
      slot = (slot + 1) & mask;
    }
  }

  /** Whether `key` can be held as the keys are kept now. */
  #fits(key: number): boolean {
    return this.#keys instanceof Float64Array || (key | 0) === key;
  }

  /** Keeps every key as a double from now on; slots stay where they are, since the hash reads the number. */
  #widen(): void {
    this.#keys = Float64Array.from(this.#keys);
  }

  #rehash(): void {
    const keys = this.#keys;
    const values = this.#values;
    const slots = this.#size + 1 > keys.length * MAX_LOAD * 0.5 ? keys.length * 2 : keys.length;
    this.#keys = this.wide ? new Float64Array(slots) : new Int32Array(slots);
    this.#values = new Int32Array(slots).fill(EMPTY);
    this.#size = 0;
    this.#tombstones = 0;
    for (let i = 0; i < keys.length; i++) {
      const value = values[i] as number;
      if (value >= 0) this.set(keys[i] as number, value);
    }
  }
}

const TOMBSTONE = -2;

function hashOf(key: number): number {
  // Integers up to 2^53 spread by their low and high words; a multiplicative mix scatters neighbouring ids.
  const low = key >>> 0;
  const high = (key / 0x100000000) >>> 0;
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) ^ (low >>> 16);
}
