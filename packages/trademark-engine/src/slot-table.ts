import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

const EMPTY = 0;
const REMOVED = -1;
// Linear probing stays short up to about this load; lookups here are mostly hits.
const MAX_LOAD = 0.75;

/**
 * Finds items (rows, terms: numbers from 0) by a numeric key their owner already keeps for each of them, such as a
 * mark's id in its row or a term's hash. Open addressing with linear probing over one `Int32Array` of item numbers;
 * a probe reads the key of the item it meets through `keyOf`. Four bytes a slot, where a table of its own keys and
 * values took twelve; no object per entry for the collector to walk. Keys must be finite numbers, one item each.
 */
export class SlotTable {
  /** Item + 1 per slot; 0 empty, -1 an item removed (probes walk past it). */
  #slots: Int32Array;
  #size = 0;
  #removed = 0;

  constructor(
    private readonly keyOf: (item: number) => number,
    capacity = 16,
  ) {
    this.#slots = new Int32Array(slotsFor(capacity));
  }

  get size(): number {
    return this.#size;
  }

  /** Bytes held in typed arrays. */
  get bytes(): number {
    return this.#slots.byteLength;
  }

  /** Makes room for `count` items in all, ahead of a bulk load. */
  reserve(count: number): void {
    if (count > this.#slots.length * MAX_LOAD) this.#rehash(slotsFor(count));
  }

  /** The item whose key is `key`, or undefined. */
  get(key: number): number | undefined {
    const slot = this.#find(key);
    return slot < 0 ? undefined : (this.#slots[slot] as number) - 1;
  }

  /** Lists `item` under its key (`keyOf(item)` must already answer it), in the place of an item with the same key. */
  set(item: number): void {
    if ((this.#size + this.#removed + 1) / this.#slots.length > MAX_LOAD) {
      this.#rehash(
        this.#size + 1 > this.#slots.length * MAX_LOAD * 0.5 ? this.#slots.length * 2 : this.#slots.length,
      );
    }
    const key = this.keyOf(item);
    const slots = this.#slots;
    const mask = slots.length - 1;
    let reusable = -1;
    let slot = hashOf(key) & mask;
    for (let entry = slots[slot] as number; entry !== EMPTY; entry = slots[slot] as number) {
      if (entry === REMOVED) {
        if (reusable < 0) reusable = slot;
      } else if (this.keyOf(entry - 1) === key) {
        slots[slot] = item + 1;
        return;
      }
      slot = (slot + 1) & mask;
    }
    if (reusable >= 0) {
      slot = reusable;
      this.#removed--;
    }
    slots[slot] = item + 1;
    this.#size++;
  }

  /** Forgets the item under `key`; false when there is none. */
  delete(key: number): boolean {
    const slot = this.#find(key);
    if (slot < 0) return false;
    this.#slots[slot] = REMOVED;
    this.#size--;
    this.#removed++;
    return true;
  }

  /** Forgets every item; `set` them again (after their keys moved, say). */
  clear(): void {
    this.#slots.fill(EMPTY);
    this.#size = 0;
    this.#removed = 0;
  }

  save(out: SnapshotWriter): void {
    out.array('slots', this.#slots);
    out.value('size', this.#size);
    out.value('removed', this.#removed);
  }

  restore(from: SnapshotReader): void {
    const slots = from.array('slots', Int32Array);
    // Probing wraps with a mask: the slots must be a power of two.
    if (slots.length < 16 || (slots.length & (slots.length - 1)) !== 0)
      throw new SnapshotError('corrupt', 'slot table');
    this.#slots = slots;
    this.#size = from.count('size');
    this.#removed = from.count('removed');
  }

  #find(key: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let slot = hashOf(key) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot] as number;
      if (entry === EMPTY) return -1;
      if (entry !== REMOVED && this.keyOf(entry - 1) === key) return slot;
    }
  }

  #rehash(length: number): void {
    const old = this.#slots;
    this.#slots = new Int32Array(length);
    this.#size = 0;
    this.#removed = 0;
    for (const entry of old) if (entry > 0) this.set(entry - 1);
  }
}

function slotsFor(count: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(16, count / MAX_LOAD + 1)));
}

function hashOf(key: number): number {
  // Integers up to 2^53 spread by their low and high words; a multiplicative mix scatters neighbouring ids.
  const low = key >>> 0;
  const high = (key / 0x100000000) >>> 0;
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) ^ (low >>> 16);
}
