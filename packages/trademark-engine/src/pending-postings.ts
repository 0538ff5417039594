import { GrowableUint32 } from './growable.ts';

/**
 * Postings added since a posting store last merged: (term, id, key) triples in the order they came, and the same
 * sorted by term (then by order of addition) on demand, so a term's recent additions are found by binary search.
 * They are few between merges, so sorting them beats keeping an array over all terms.
 */
export class PendingPostings {
  terms = new GrowableUint32();
  ids = new GrowableUint32();
  keys = new GrowableUint32();
  /** Sorted by term: terms, ids and keys side by side. */
  #sortedTerms = new Uint32Array(0);
  #sortedIds = new Uint32Array(0);
  #sortedKeys = new Uint8Array(0);
  #stale = false;

  constructor(readonly keyed: boolean) {}

  get length(): number {
    return this.terms.length;
  }

  get bytes(): number {
    return (
      this.terms.data.byteLength +
      this.ids.data.byteLength +
      this.keys.data.byteLength +
      this.#sortedTerms.byteLength +
      this.#sortedIds.byteLength +
      this.#sortedKeys.byteLength
    );
  }

  reserve(count: number): void {
    this.terms.reserve(count);
    this.ids.reserve(count);
    if (this.keyed) this.keys.reserve(count);
  }

  add(term: number, id: number, key: number): void {
    this.terms.push(term);
    this.ids.push(id);
    if (this.keyed) this.keys.push(key);
    this.#stale = true;
  }

  /** Terms in order. */
  get sortedTerms(): Uint32Array {
    this.#sort();
    return this.#sortedTerms;
  }

  /** Ids in term order. */
  get sortedIds(): Uint32Array {
    this.#sort();
    return this.#sortedIds;
  }

  /** Keys in term order; empty when the postings are not keyed. */
  get sortedKeys(): Uint8Array {
    this.#sort();
    return this.#sortedKeys;
  }

  /** Index in the sorted arrays of the first posting of a term at least `term` (0 when there are none). */
  firstOf(term: number): number {
    this.#sort();
    return lowerBound(this.#sortedTerms, term);
  }

  /** How many postings `term` has here. */
  countOf(term: number): number {
    return this.length === 0 ? 0 : this.firstOf(term + 1) - this.firstOf(term);
  }

  /** Forgets everything; a bulk load leaves large buffers behind, so they start small again. */
  clear(): void {
    this.terms = new GrowableUint32();
    this.ids = new GrowableUint32();
    this.keys = new GrowableUint32();
    this.#sortedTerms = new Uint32Array(0);
    this.#sortedIds = new Uint32Array(0);
    this.#sortedKeys = new Uint8Array(0);
    this.#stale = false;
  }

  #sort(): void {
    if (!this.#stale) return;
    const count = this.terms.length;
    const order = sortedOrder(this.terms.data, count);
    const terms = this.terms.data;
    const ids = this.ids.data;
    const keys = this.keys.data;
    // Plain loops: `Uint32Array.from` with a mapping function took ten times as long over a bulk load's postings.
    const sortedTerms = new Uint32Array(count);
    const sortedIds = new Uint32Array(count);
    const sortedKeys = new Uint8Array(this.keyed ? count : 0);
    for (let i = 0; i < count; i++) {
      const at = order[i] as number;
      sortedTerms[i] = terms[at] as number;
      sortedIds[i] = ids[at] as number;
    }
    if (this.keyed) for (let i = 0; i < count; i++) sortedKeys[i] = keys[order[i] as number] as number;
    this.#sortedTerms = sortedTerms;
    this.#sortedIds = sortedIds;
    this.#sortedKeys = sortedKeys;
    this.#stale = false;
  }
}

const SMALL_SORT = 4096;

/**
 * Positions 0..count-1 of `values` ordered by value, equal values in their original order: a least-significant-digit
 * radix sort on 16-bit halves, two passes over the values whatever they are (a million postings in a few
 * milliseconds, where a comparison sort of the indexes took a second).
 */
export function sortedOrder(values: Uint32Array, count: number): Uint32Array {
  let order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  // A few postings (single inserts between searches) sort faster by comparison than by 65,536 buckets.
  if (count < SMALL_SORT) return order.sort((a, b) => (values[a] as number) - (values[b] as number) || a - b);
  let next = new Uint32Array(count);
  const buckets = new Uint32Array(0x10001);
  for (const shift of [0, 16]) {
    buckets.fill(0);
    for (let i = 0; i < count; i++) {
      const digit = ((values[i] as number) >>> shift) & 0xffff;
      buckets[digit + 1] = (buckets[digit + 1] as number) + 1;
    }
    for (let d = 0; d < 0x10000; d++) buckets[d + 1] = (buckets[d + 1] as number) + (buckets[d] as number);
    for (let i = 0; i < count; i++) {
      const at = order[i] as number;
      const digit = ((values[at] as number) >>> shift) & 0xffff;
      next[buckets[digit] as number] = at;
      buckets[digit] = (buckets[digit] as number) + 1;
    }
    [order, next] = [next, order];
  }
  return order;
}

/** First index of `sorted` holding a value of at least `value`. */
export function lowerBound(sorted: Uint32Array, value: number): number {
  let from = 0;
  let to = sorted.length;
  while (from < to) {
    const mid = (from + to) >>> 1;
    if ((sorted[mid] as number) < value) from = mid + 1;
    else to = mid;
  }
  return from;
}
