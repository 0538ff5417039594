import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

// Terms are 30-bit hashes: their high 14 bits pick a bucket and their low 16 are kept, two bytes a term.
const BUCKET_SHIFT = 16;
const BUCKETS = 1 << 14;
const LOW_MASK = 0xffff;
export const MAX_TERM = 2 ** 30 - 1;

/**
 * A sorted set of 30-bit terms, each kept as its low 16 bits in the bucket of its high 14: half the bytes of a
 * sorted `Uint32Array`, and found by a binary search within one bucket (a million terms put some 60 in each).
 * Terms are numbered by their rank, 0 to `length - 1`.
 */
export class SortedTerms {
  /** Where each bucket's terms start in `#lows`, and where the last ends. */
  #starts = new Uint32Array(BUCKETS + 1);
  #lows = new Uint16Array(0);

  /** The set of `sorted`, whose terms must increase and be at most `MAX_TERM`. */
  static from(sorted: Uint32Array): SortedTerms {
    const terms = new SortedTerms();
    const starts = terms.#starts;
    const lows = new Uint16Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      const term = sorted[i] as number;
      if (term > MAX_TERM || (i > 0 && term <= (sorted[i - 1] as number)))
        throw new RangeError('terms must increase and fit 30 bits');
      const bucket = term >>> BUCKET_SHIFT;
      starts[bucket + 1] = (starts[bucket + 1] as number) + 1;
      lows[i] = term & LOW_MASK;
    }
    for (let bucket = 0; bucket < BUCKETS; bucket++)
      starts[bucket + 1] = (starts[bucket + 1] as number) + (starts[bucket] as number);
    terms.#lows = lows;
    return terms;
  }

  get length(): number {
    return this.#lows.length;
  }

  get bytes(): number {
    return this.#starts.byteLength + this.#lows.byteLength;
  }

  /** The rank of `term`, or -1 when it is not in the set. */
  indexOf(term: number): number {
    if (term < 0 || term > MAX_TERM) return -1;
    const bucket = term >>> BUCKET_SHIFT;
    const low = term & LOW_MASK;
    const lows = this.#lows;
    let from = this.#starts[bucket] as number;
    let to = this.#starts[bucket + 1] as number;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if ((lows[middle] as number) < low) from = middle + 1;
      else to = middle;
    }
    return from < (this.#starts[bucket + 1] as number) && lows[from] === low ? from : -1;
  }

  /** Every term in order. */
  toArray(): Uint32Array {
    const terms = new Uint32Array(this.#lows.length);
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const high = bucket << BUCKET_SHIFT;
      for (let i = this.#starts[bucket] as number, end = this.#starts[bucket + 1] as number; i < end; i++)
        terms[i] = high | (this.#lows[i] as number);
    }
    return terms;
  }

  save(out: SnapshotWriter): void {
    out.array('starts', this.#starts);
    out.array('lows', this.#lows);
  }

  static restore(from: SnapshotReader): SortedTerms {
    const starts = from.array('starts', Uint32Array);
    const lows = from.array('lows', Uint16Array);
    let consistent = starts.length === BUCKETS + 1 && starts[0] === 0 && starts[BUCKETS] === lows.length;
    for (let bucket = 0; consistent && bucket < BUCKETS; bucket++)
      consistent = (starts[bucket] as number) <= (starts[bucket + 1] as number);
    if (!consistent) throw new SnapshotError('corrupt', 'sorted terms');
    const terms = new SortedTerms();
    terms.#starts = starts;
    terms.#lows = lows;
    return terms;
  }
}
