import { GrowableUint32 } from './growable.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

/** Where one term's postings lie: `data[start..end)` of the merged lists, then the same of the recent additions. */
export interface PostingRanges {
  baseStart: number;
  baseEnd: number;
  deltaStart: number;
  deltaEnd: number;
}

// Recent additions are merged into the compact lists once they outgrow this share of them (or this minimum), so a
// trickle of single inserts stays cheap and a bulk load is merged once.
const MERGE_SHARE = 1 / 8;
const MERGE_MINIMUM = 1 << 16;

/**
 * Inverted lists of ids (names, or mark rows) per term, each posting with a one-byte key beside it when the store is
 * `keyed` (the index keeps a trigram's position there; its other lists have none, and pay nothing for keys). The bulk
 * lives in one compressed-row layout (`offsets` into one `Uint32Array`), which costs no object per term; recent additions wait as (term, id, key) triples and are sorted on demand. Ids are added
 * in increasing order, so every list stays sorted when the additions are appended to it.
 */
export class PostingStore {
  #offsets = new Uint32Array(1);
  #data = new Uint32Array(0);
  #keys = new Uint8Array(0);
  #baseTerms = 0;
  #pendingTerms = new GrowableUint32();
  #pendingIds = new GrowableUint32();
  #pendingKeys = new GrowableUint32();
  /** Recent additions sorted by term (then by id): terms, ids and keys side by side, found by binary search. */
  #deltaTerms = new Uint32Array(0);
  #deltaData = new Uint32Array(0);
  #deltaKeys = new Uint8Array(0);
  #deltaStale = false;
  #termCount = 0;

  constructor(readonly keyed = true) {}

  get data(): Uint32Array {
    return this.#data;
  }

  /** The key beside each posting of `data`; undefined when the store is not `keyed`. */
  get keys(): Uint8Array | undefined {
    return this.keyed ? this.#keys : undefined;
  }

  get deltaData(): Uint32Array {
    this.#refreshDelta();
    return this.#deltaData;
  }

  get deltaKeys(): Uint8Array | undefined {
    this.#refreshDelta();
    return this.keyed ? this.#deltaKeys : undefined;
  }

  get size(): number {
    return this.#data.length + this.#pendingTerms.length;
  }

  /** Makes room for `count` more postings at once, ahead of a bulk load. */
  reserve(count: number): void {
    this.#pendingTerms.reserve(count);
    this.#pendingIds.reserve(count);
    if (this.keyed) this.#pendingKeys.reserve(count);
  }

  /** Lists `id` under `term`, with a key of 0–255 beside it. */
  add(term: number, id: number, key = 0): void {
    this.#pendingTerms.push(term);
    this.#pendingIds.push(id);
    if (this.keyed) this.#pendingKeys.push(key);
    if (term >= this.#termCount) this.#termCount = term + 1;
    this.#deltaStale = true;
  }

  /** Bytes held in typed arrays. */
  get bytes(): number {
    return (
      this.#offsets.byteLength +
      this.#data.byteLength +
      this.#keys.byteLength +
      this.#pendingKeys.data.byteLength +
      this.#deltaKeys.byteLength +
      this.#pendingTerms.data.byteLength +
      this.#pendingIds.data.byteLength +
      this.#deltaTerms.byteLength +
      this.#deltaData.byteLength
    );
  }

  /**
   * Postings of `term`: the length of its merged list plus its recent additions, counted in their sorted order rather
   * than kept in a count per term (four bytes a term, for millions of terms).
   */
  frequency(term: number): number {
    const merged =
      term < this.#baseTerms ? (this.#offsets[term + 1] as number) - (this.#offsets[term] as number) : 0;
    if (this.#pendingTerms.length === 0) return merged;
    this.#refreshDelta();
    return merged + lowerBound(this.#deltaTerms, term + 1) - lowerBound(this.#deltaTerms, term);
  }

  /** Merges pending additions when they are many; call after a batch of `add`. */
  settle(): void {
    if (this.#pendingTerms.length > Math.max(MERGE_MINIMUM, this.#data.length * MERGE_SHARE)) this.merge();
  }

  /** Fills `out` with the ranges of `term`; the arrays are `data` and `deltaData`. */
  ranges(term: number, out: PostingRanges): void {
    this.#refreshDelta();
    if (term < this.#baseTerms) {
      out.baseStart = this.#offsets[term] as number;
      out.baseEnd = this.#offsets[term + 1] as number;
    } else {
      out.baseStart = 0;
      out.baseEnd = 0;
    }
    out.deltaStart = lowerBound(this.#deltaTerms, term);
    out.deltaEnd = lowerBound(this.#deltaTerms, term + 1);
  }

  /** Keeps the lists, recent additions merged in first. */
  save(out: SnapshotWriter): void {
    this.merge();
    out.array('offsets', this.#offsets, this.#baseTerms + 1);
    out.array('data', this.#data);
    if (this.keyed) out.array('keys', this.#keys);
  }

  /** Takes saved lists into this empty store. */
  restore(from: SnapshotReader): void {
    const offsets = from.array('offsets', Uint32Array);
    const data = from.array('data', Uint32Array);
    const keys = this.keyed ? from.array('keys', Uint8Array) : this.#keys;
    const terms = offsets.length - 1;
    if (terms < 0 || (this.keyed && keys.length !== data.length) || offsets[terms] !== data.length)
      throw new SnapshotError('corrupt', 'posting lists');
    this.#offsets = offsets;
    this.#data = data;
    this.#keys = keys;
    this.#baseTerms = terms;
    this.#termCount = terms;
  }

  merge(): void {
    const terms = this.#termCount;
    const pending = this.#pendingTerms.length;
    if (pending === 0) return;
    const counts = new Uint32Array(terms + 1);
    for (let t = 0; t < this.#baseTerms; t++)
      counts[t] = (this.#offsets[t + 1] as number) - (this.#offsets[t] as number);
    const pendingTerms = this.#pendingTerms.data;
    for (let i = 0; i < pending; i++) {
      const t = pendingTerms[i] as number;
      counts[t] = (counts[t] as number) + 1;
    }
    const offsets = new Uint32Array(terms + 1);
    for (let t = 0; t < terms; t++) offsets[t + 1] = (offsets[t] as number) + (counts[t] as number);
    const data = new Uint32Array(offsets[terms] as number);
    const keyed = this.keyed;
    const keys = keyed ? new Uint8Array(data.length) : this.#keys;
    const cursor = offsets.slice(0, terms);
    for (let t = 0; t < this.#baseTerms; t++) {
      const start = this.#offsets[t] as number;
      const end = this.#offsets[t + 1] as number;
      data.set(this.#data.subarray(start, end), cursor[t] as number);
      if (keyed) keys.set(this.#keys.subarray(start, end), cursor[t] as number);
      cursor[t] = (cursor[t] as number) + (end - start);
    }
    const pendingIds = this.#pendingIds.data;
    const pendingKeys = this.#pendingKeys.data;
    for (let i = 0; i < pending; i++) {
      const t = pendingTerms[i] as number;
      const at = cursor[t] as number;
      data[at] = pendingIds[i] as number;
      if (keyed) keys[at] = pendingKeys[i] as number;
      cursor[t] = at + 1;
    }
    this.#offsets = offsets;
    this.#data = data;
    this.#keys = keys;
    this.#baseTerms = terms;
    // A bulk load leaves large pending buffers behind; start small again.
    this.#pendingTerms = new GrowableUint32();
    this.#pendingIds = new GrowableUint32();
    this.#pendingKeys = new GrowableUint32();
    this.#deltaTerms = new Uint32Array(0);
    this.#deltaData = new Uint32Array(0);
    this.#deltaKeys = new Uint8Array(0);
    this.#deltaStale = false;
  }

  #refreshDelta(): void {
    if (!this.#deltaStale) return;
    const pending = this.#pendingTerms.length;
    const terms = this.#pendingTerms.data;
    const ids = this.#pendingIds.data;
    const keys = this.#pendingKeys.data;
    // Pending postings are few (a merge takes them once they are many), so sorting them beats an array over all terms.
    const order = Array.from({ length: pending }, (_, i) => i).sort(
      (a, b) => (terms[a] as number) - (terms[b] as number) || a - b,
    );
    this.#deltaTerms = Uint32Array.from(order, (i) => terms[i] as number);
    this.#deltaData = Uint32Array.from(order, (i) => ids[i] as number);
    if (this.keyed) this.#deltaKeys = Uint8Array.from(order, (i) => keys[i] as number);
    this.#deltaStale = false;
  }
}

/** First index of `sorted` holding a value of at least `value`. */
function lowerBound(sorted: Uint32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
