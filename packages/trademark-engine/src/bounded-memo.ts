/**
 * Results kept per key up to a bound, in two generations: a key is looked up in the recent one, then in the older
 * one (and moved up when found there); when the recent one is full it becomes the older one and the oldest is
 * dropped. Keys in use stay across the turnover, as in a least-recently-used cache, at the cost of two maps instead
 * of one list per entry; at most twice the bound is held.
 */
export class BoundedMemo<K, V> {
  #recent = new Map<K, V>();
  #older = new Map<K, V>();

  constructor(readonly bound: number) {}

  /** Entries held in both generations. */
  get size(): number {
    return this.#recent.size + this.#older.size;
  }

  get(key: K): V | undefined {
    const value = this.#recent.get(key);
    if (value !== undefined) return value;
    const older = this.#older.get(key);
    if (older !== undefined) this.set(key, older);
    return older;
  }

  set(key: K, value: V): void {
    if (this.#recent.size >= this.bound) {
      this.#older = this.#recent;
      this.#recent = new Map();
    }
    this.#recent.set(key, value);
  }

  clear(): void {
    this.#recent.clear();
    this.#older.clear();
  }
}
