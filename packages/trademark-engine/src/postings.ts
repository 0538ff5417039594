import { PendingPostings } from './pending-postings.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

/**
 * Where one term's postings lie: `base[baseStart..baseEnd)` of the merged lists, then `delta[deltaStart..deltaEnd)`
 * of the recent additions.
 */
export interface PostingRanges {
  base: Uint32Array;
  baseStart: number;
  baseEnd: number;
  delta: Uint32Array;
  deltaStart: number;
  deltaEnd: number;
}

export function emptyRanges(): PostingRanges {
  const none = new Uint32Array(0);
  return {
    base: none,
    baseStart: 0,
    baseEnd: 0,
    delta: none,
    deltaStart: 0,
    deltaEnd: 0,
  };
}

/** The ids of `ranges`, merged lists first (for tests and for callers reading a few lists). */
export function rangeIds(ranges: PostingRanges): number[] {
  return [
    ...ranges.base.subarray(ranges.baseStart, ranges.baseEnd),
    ...ranges.delta.subarray(ranges.deltaStart, ranges.deltaEnd),
  ];
}

// Recent additions are merged into the compact lists once they outgrow this share of them (or this minimum), so a
// trickle of single inserts stays cheap and a bulk load is merged once.
export const MERGE_SHARE = 1 / 8;
export const MERGE_MINIMUM = 1 << 16;

/**
 * Inverted lists of ids (the mark rows of each name) per term numbered densely from 0. The bulk lives in one
 * compressed-row layout (`offsets` into one `Uint32Array`), which costs no object per term; recent additions wait
 * apart (`PendingPostings`). Ids are added in increasing order, so every list stays sorted when the additions are
 * appended to it.
 */
export class PostingStore {
  #offsets = new Uint32Array(1);
  #data = new Uint32Array(0);
  #baseTerms = 0;
  readonly #pending = new PendingPostings(false);
  #termCount = 0;

  get data(): Uint32Array {
    return this.#data;
  }

  get size(): number {
    return this.#data.length + this.#pending.length;
  }

  /** Makes room for `count` more postings at once, ahead of a bulk load. */
  reserve(count: number): void {
    this.#pending.reserve(count);
  }

  add(term: number, id: number): void {
    this.#pending.add(term, id, 0);
    if (term >= this.#termCount) this.#termCount = term + 1;
  }

  /** Bytes held in typed arrays. */
  get bytes(): number {
    return this.#offsets.byteLength + this.#data.byteLength + this.#pending.bytes;
  }

  /**
   * Postings of `term`: the length of its merged list plus its recent additions, counted in their sorted order rather
   * than kept in a count per term (four bytes a term, for millions of terms).
   */
  frequency(term: number): number {
    const merged =
      term < this.#baseTerms ? (this.#offsets[term + 1] as number) - (this.#offsets[term] as number) : 0;
    return merged + this.#pending.countOf(term);
  }

  /** Merges pending additions when they are many; call after a batch of `add`. */
  settle(): void {
    if (this.#pending.length > Math.max(MERGE_MINIMUM, this.#data.length * MERGE_SHARE)) this.merge();
  }

  ranges(term: number, out: PostingRanges): void {
    out.base = this.#data;
    if (term < this.#baseTerms) {
      out.baseStart = this.#offsets[term] as number;
      out.baseEnd = this.#offsets[term + 1] as number;
    } else {
      out.baseStart = 0;
      out.baseEnd = 0;
    }
    out.delta = this.#pending.sortedIds;
    out.deltaStart = this.#pending.firstOf(term);
    out.deltaEnd = this.#pending.firstOf(term + 1);
  }

  /** Keeps the lists, recent additions merged in first. */
  save(out: SnapshotWriter): void {
    this.merge();
    out.array('offsets', this.#offsets, this.#baseTerms + 1);
    out.array('data', this.#data);
  }

  /** Takes saved lists into this empty store. */
  restore(from: SnapshotReader): void {
    const offsets = from.array('offsets', Uint32Array);
    const data = from.array('data', Uint32Array);
    const terms = offsets.length - 1;
    if (terms < 0 || offsets[terms] !== data.length) throw new SnapshotError('corrupt', 'posting lists');
    this.#offsets = offsets;
    this.#data = data;
    this.#baseTerms = terms;
    this.#termCount = terms;
  }

  merge(): void {
    const terms = this.#termCount;
    const pending = this.#pending.length;
    if (pending === 0) return;
    const counts = new Uint32Array(terms + 1);
    for (let t = 0; t < this.#baseTerms; t++)
      counts[t] = (this.#offsets[t + 1] as number) - (this.#offsets[t] as number);
    const pendingTerms = this.#pending.terms.data;
    for (let i = 0; i < pending; i++) {
      const t = pendingTerms[i] as number;
      counts[t] = (counts[t] as number) + 1;
    }
    const offsets = new Uint32Array(terms + 1);
    for (let t = 0; t < terms; t++) offsets[t + 1] = (offsets[t] as number) + (counts[t] as number);
    const data = new Uint32Array(offsets[terms] as number);
    const cursor = offsets.slice(0, terms);
    for (let t = 0; t < this.#baseTerms; t++) {
      const start = this.#offsets[t] as number;
      const end = this.#offsets[t + 1] as number;
      data.set(this.#data.subarray(start, end), cursor[t] as number);
      cursor[t] = (cursor[t] as number) + (end - start);
    }
    const pendingIds = this.#pending.ids.data;
    for (let i = 0; i < pending; i++) {
      const t = pendingTerms[i] as number;
      const at = cursor[t] as number;
      data[at] = pendingIds[i] as number;
      cursor[t] = at + 1;
    }
    this.#offsets = offsets;
    this.#data = data;
    this.#baseTerms = terms;
    this.#pending.clear();
  }
}
