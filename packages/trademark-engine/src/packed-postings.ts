import type { GrowableUint32 } from './growable.ts';
import { PendingPostings } from './pending-postings.ts';
import { MERGE_MINIMUM, MERGE_SHARE } from './postings.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';
import { readVarint, unpackIds, varintEnd, varintSize, writeVarint } from './varint.ts';

/**
 * Inverted lists of ids per term numbered densely from 0, each posting with a one-byte key (a trigram's position),
 * packed as bytes: the gap from the list's previous id as a variable-length number (seven bits a byte, the high bit
 * set on every byte but the last), then the key. Trigram lists are long and their ids close together, so a posting
 * takes 2.8 bytes instead of the 5 of a 32-bit id and a key byte (a million marks: 18 MB instead of 32). Lists are
 * read whole, front to back, by `collect`, which keeps the ids whose key is in a range. Recent additions wait apart
 * (`PendingPostings`) until a merge; ids are added in increasing order, so gaps are never negative.
 */
export class PackedPostingStore {
  #offsets = new Uint32Array(1);
  #packed = new Uint8Array(0);
  #baseTerms = 0;
  #termCount = 0;
  readonly #pending = new PendingPostings(true);

  get bytes(): number {
    return this.#offsets.byteLength + this.#packed.byteLength + this.#pending.bytes;
  }

  /** Makes room for `count` more postings at once, ahead of a bulk load. */
  reserve(count: number): void {
    this.#pending.reserve(count);
  }

  /** Lists `id` under `term` with a key of 0–255; ids must not decrease within a term. */
  add(term: number, id: number, key: number): void {
    this.#pending.add(term, id, key);
    if (term >= this.#termCount) this.#termCount = term + 1;
  }

  /** Merges pending additions when they are many; call after a batch of `add`. */
  settle(): void {
    if (this.#pending.length > Math.max(MERGE_MINIMUM, (this.#packed.length / 3) * MERGE_SHARE)) this.merge();
  }

  /**
   * What reading `term`'s list costs: the bytes of its merged list plus two a recent addition. It orders lists as
   * their lengths do, which is what choosing the rarest trigrams needs, without a count kept per term.
   */
  weight(term: number): number {
    const merged =
      term < this.#baseTerms ? (this.#offsets[term + 1] as number) - (this.#offsets[term] as number) : 0;
    return merged + 2 * this.#pending.countOf(term);
  }

  /** Puts the ids of `term` whose key is from `from` to `to` in `out` (emptied first), in order; returns how many. */
  collect(term: number, from: number, to: number, out: GrowableUint32): number {
    const packed = this.#packed;
    const start = term < this.#baseTerms ? (this.#offsets[term] as number) : 0;
    const end = term < this.#baseTerms ? (this.#offsets[term + 1] as number) : 0;
    const pendingStart = this.#pending.firstOf(term);
    const pendingEnd = this.#pending.firstOf(term + 1);
    // A posting takes two bytes at least.
    out.length = 0;
    out.reserve(((end - start) >>> 1) + pendingEnd - pendingStart);
    const ids = out.data;
    let count = unpackIds(packed, start, end, true, from, to, ids, 0);
    if (pendingEnd > pendingStart) {
      const pendingIds = this.#pending.sortedIds;
      const pendingKeys = this.#pending.sortedKeys;
      for (let i = pendingStart; i < pendingEnd; i++) {
        const key = pendingKeys[i] as number;
        if (key >= from && key <= to) ids[count++] = pendingIds[i] as number;
      }
    }
    out.length = count;
    return count;
  }

  /** Keeps the lists, recent additions merged in first. */
  save(out: SnapshotWriter): void {
    this.merge();
    out.array('offsets', this.#offsets, this.#baseTerms + 1);
    out.array('packed', this.#packed);
  }

  /** Takes saved lists into this empty store. */
  restore(from: SnapshotReader): void {
    const offsets = from.array('offsets', Uint32Array);
    const packed = from.array('packed', Uint8Array);
    const terms = offsets.length - 1;
    if (terms < 0 || offsets[terms] !== packed.length)
      throw new SnapshotError('corrupt', 'packed posting lists');
    for (let t = 0; t < terms; t++)
      if ((offsets[t] as number) > (offsets[t + 1] as number))
        throw new SnapshotError('corrupt', 'packed posting lists');
    this.#offsets = offsets;
    this.#packed = packed;
    this.#baseTerms = terms;
    this.#termCount = terms;
  }

  /** Appends each term's recent additions to its packed list, gaps counted from the list's last id. */
  merge(): void {
    const pending = this.#pending;
    if (pending.length === 0) return;
    const terms = this.#termCount;
    const pendingTerms = pending.sortedTerms;
    const pendingIds = pending.sortedIds;
    const pendingKeys = pending.sortedKeys;
    const lastIds = this.#lastIds();
    // Sizes first: each term's merged bytes, then its additions encoded after its last id.
    const offsets = new Uint32Array(terms + 1);
    let p = 0;
    for (let t = 0; t < terms; t++) {
      let size = t < this.#baseTerms ? (this.#offsets[t + 1] as number) - (this.#offsets[t] as number) : 0;
      let previous = t < this.#baseTerms ? (lastIds[t] as number) : 0;
      for (; p < pendingTerms.length && pendingTerms[p] === t; p++) {
        const id = pendingIds[p] as number;
        size += varintSize(id - previous) + 1;
        previous = id;
      }
      offsets[t + 1] = (offsets[t] as number) + size;
    }
    const packed = new Uint8Array(offsets[terms] as number);
    p = 0;
    for (let t = 0; t < terms; t++) {
      let at = offsets[t] as number;
      let previous = 0;
      if (t < this.#baseTerms) {
        const start = this.#offsets[t] as number;
        const end = this.#offsets[t + 1] as number;
        packed.set(this.#packed.subarray(start, end), at);
        at += end - start;
        previous = lastIds[t] as number;
      }
      for (; p < pendingTerms.length && pendingTerms[p] === t; p++) {
        const id = pendingIds[p] as number;
        at = writeVarint(packed, at, id - previous);
        packed[at++] = pendingKeys[p] as number;
        previous = id;
      }
    }
    this.#offsets = offsets;
    this.#packed = packed;
    this.#baseTerms = terms;
    pending.clear();
  }

  /** The last id of each merged list (0 for an empty one), read by walking the lists once. */
  #lastIds(): Float64Array {
    const lastIds = new Float64Array(this.#baseTerms);
    const packed = this.#packed;
    for (let t = 0; t < this.#baseTerms; t++) {
      let id = 0;
      // Each posting: its gap, then its key byte.
      for (
        let i = this.#offsets[t] as number, end = this.#offsets[t + 1] as number;
        i < end;
        i = varintEnd + 1
      )
        id += readVarint(packed, i);
      lastIds[t] = id;
    }
    return lastIds;
  }
}
