import type { GrowableUint32 } from './growable.ts';
import { PendingPostings } from './pending-postings.ts';
import { MERGE_MINIMUM, MERGE_SHARE } from './postings.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';
import { MAX_TERM, SortedTerms } from './sorted-terms.ts';
import { readVarint, unpackIds, varintEnd, varintSize, writeVarint } from './varint.ts';

const NONE = new Uint32Array(0);
// Above every 32-bit term: what an exhausted sequence shows while merging.
const PAST_END = 2 ** 32;

/**
 * Inverted lists of ids under sparse 30-bit terms (hashes of words, keys and skeletons), found by binary search in
 * sorted sets of the terms themselves (`SortedTerms`, two bytes a term): no table from term to number, which cost
 * some fifteen bytes a term. Most terms (a whole name, a rare skeleton) list one name, so a term listed once keeps
 * its id beside it; a term listed more than once has a packed list: its number of postings, then the gaps between
 * its sorted ids, as variable-length numbers (`varint.ts`). Recent additions wait apart (`PendingPostings`) until a
 * merge; ids are added in increasing order, so lists stay sorted.
 */
export class HashedPostingStore {
  #singleTerms = new SortedTerms();
  #singleIds = NONE;
  #listTerms = new SortedTerms();
  /** Where each list starts in `#packed`, and where the last one ends. */
  #offsets = new Uint32Array(1);
  #packed = new Uint8Array(0);
  /** Postings in the packed lists. */
  #listed = 0;
  readonly #pending = new PendingPostings(false);

  /** Postings held, merged or not. */
  get size(): number {
    return this.#singleIds.length + this.#listed + this.#pending.length;
  }

  /** Distinct merged terms. */
  get terms(): number {
    return this.#singleTerms.length + this.#listTerms.length;
  }

  get bytes(): number {
    return (
      this.#singleTerms.bytes +
      this.#singleIds.byteLength +
      this.#listTerms.bytes +
      this.#offsets.byteLength +
      this.#packed.byteLength +
      this.#pending.bytes
    );
  }

  /** Makes room for `count` more postings at once, ahead of a bulk load. */
  reserve(count: number): void {
    this.#pending.reserve(count);
  }

  /** Lists `id` under a term of at most 30 bits (`MAX_TERM`). */
  add(term: number, id: number): void {
    if (!(term >= 0 && term <= MAX_TERM)) throw new RangeError(`term ${term} is not a 30-bit number`);
    this.#pending.add(term, id, 0);
  }

  /** Merges pending additions when they are many; call after a batch of `add`. */
  settle(): void {
    const merged = this.#singleIds.length + this.#listed;
    if (this.#pending.length > Math.max(MERGE_MINIMUM, merged * MERGE_SHARE)) this.merge();
  }

  frequency(term: number): number {
    let merged = 0;
    if (this.#singleAt(term) >= 0) merged = 1;
    else {
      const list = this.#listAt(term);
      if (list >= 0) merged = readVarint(this.#packed, this.#offsets[list] as number);
    }
    return merged + this.#pending.countOf(term);
  }

  /** Puts the ids listed under `term` in `out` (emptied first), in order; returns how many. */
  collect(term: number, out: GrowableUint32): number {
    out.length = 0;
    const single = this.#singleAt(term);
    const list = single >= 0 ? -1 : this.#listAt(term);
    const pendingStart = this.#pending.firstOf(term);
    const pendingEnd = this.#pending.firstOf(term + 1);
    let count = 0;
    if (single >= 0) {
      out.reserve(1 + pendingEnd - pendingStart);
      out.data[count++] = this.#singleIds[single] as number;
    } else if (list >= 0) {
      const packed = this.#packed;
      const listed = readVarint(packed, this.#offsets[list] as number);
      out.reserve(listed + pendingEnd - pendingStart);
      count = unpackIds(packed, varintEnd, this.#offsets[list + 1] as number, false, 0, 0, out.data, 0);
    } else out.reserve(pendingEnd - pendingStart);
    if (pendingEnd > pendingStart) {
      out.data.set(this.#pending.sortedIds.subarray(pendingStart, pendingEnd), count);
      count += pendingEnd - pendingStart;
    }
    out.length = count;
    return count;
  }

  save(out: SnapshotWriter): void {
    this.merge();
    this.#singleTerms.save(out.child('singleTerms'));
    out.array('singleIds', this.#singleIds);
    this.#listTerms.save(out.child('listTerms'));
    out.array('offsets', this.#offsets);
    out.array('packed', this.#packed);
    out.value('listed', this.#listed);
  }

  /** Takes saved lists into this empty store. */
  restore(from: SnapshotReader): void {
    const singleTerms = SortedTerms.restore(from.child('singleTerms'));
    const singleIds = from.array('singleIds', Uint32Array);
    const listTerms = SortedTerms.restore(from.child('listTerms'));
    const offsets = from.array('offsets', Uint32Array);
    const packed = from.array('packed', Uint8Array);
    const listed = from.count('listed');
    let counted = 0;
    let consistent =
      singleTerms.length === singleIds.length &&
      offsets.length === listTerms.length + 1 &&
      offsets[listTerms.length] === packed.length;
    for (let list = 0; consistent && list < listTerms.length; list++) {
      const start = offsets[list] as number;
      consistent = start < (offsets[list + 1] as number);
      if (consistent) counted += readVarint(packed, start);
    }
    if (!consistent || counted !== listed) throw new SnapshotError('corrupt', 'hashed posting lists');
    this.#singleTerms = singleTerms;
    this.#singleIds = singleIds;
    this.#listTerms = listTerms;
    this.#offsets = offsets;
    this.#packed = packed;
    this.#listed = listed;
  }

  /** Merges the recent additions into the sorted arrays: one walk over the old terms and the sorted additions. */
  merge(): void {
    const pending = this.#pending;
    if (pending.length === 0) return;
    const pendingTerms = pending.sortedTerms;
    const pendingIds = pending.sortedIds;
    // First the sizes, then the arrays, each walk visiting the terms in order.
    let singles = 0;
    let lists = 0;
    let bytes = 0;
    this.#walk(pendingTerms, (_term, count, single, list, pendingStart, pendingEnd) => {
      if (count === 1) {
        singles++;
        return;
      }
      lists++;
      bytes += varintSize(count);
      let previous = 0;
      if (single >= 0) {
        previous = this.#singleIds[single] as number;
        bytes += varintSize(previous);
      } else if (list >= 0) {
        bytes += this.#gapBytes(list);
        if (pendingEnd > pendingStart) previous = this.#lastId(list);
      }
      for (let p = pendingStart; p < pendingEnd; p++) {
        const id = pendingIds[p] as number;
        bytes += varintSize(id - previous);
        previous = id;
      }
    });
    const newSingleTerms = new Uint32Array(singles);
    const newSingleIds = new Uint32Array(singles);
    const newListTerms = new Uint32Array(lists);
    const newOffsets = new Uint32Array(lists + 1);
    const packed = new Uint8Array(bytes);
    singles = 0;
    lists = 0;
    let at = 0;
    let listed = 0;
    this.#walk(pendingTerms, (term, count, single, list, pendingStart, pendingEnd) => {
      if (count === 1) {
        newSingleTerms[singles] = term;
        newSingleIds[singles++] =
          single >= 0 ? (this.#singleIds[single] as number) : (pendingIds[pendingStart] as number);
        return;
      }
      newListTerms[lists++] = term;
      listed += count;
      at = writeVarint(packed, at, count);
      let previous = 0;
      if (single >= 0) {
        previous = this.#singleIds[single] as number;
        at = writeVarint(packed, at, previous);
      } else if (list >= 0) {
        const gaps = this.#gapBytes(list);
        const end = this.#offsets[list + 1] as number;
        packed.set(this.#packed.subarray(end - gaps, end), at);
        at += gaps;
        if (pendingEnd > pendingStart) previous = this.#lastId(list);
      }
      for (let p = pendingStart; p < pendingEnd; p++) {
        const id = pendingIds[p] as number;
        at = writeVarint(packed, at, id - previous);
        previous = id;
      }
      newOffsets[lists] = at;
    });
    this.#singleTerms = SortedTerms.from(newSingleTerms);
    this.#singleIds = newSingleIds;
    this.#listTerms = SortedTerms.from(newListTerms);
    this.#offsets = newOffsets;
    this.#packed = packed;
    this.#listed = listed;
    pending.clear();
  }

  /** Bytes of a packed list's gaps, after its count. */
  #gapBytes(list: number): number {
    readVarint(this.#packed, this.#offsets[list] as number);
    return (this.#offsets[list + 1] as number) - varintEnd;
  }

  /** The last id of a packed list: the sum of its gaps. */
  #lastId(list: number): number {
    const packed = this.#packed;
    const end = this.#offsets[list + 1] as number;
    readVarint(packed, this.#offsets[list] as number);
    let id = 0;
    for (let i = varintEnd; i < end; i = varintEnd) id += readVarint(packed, i);
    return id;
  }

  /**
   * Visits every term of the merged arrays and of the sorted additions once, in order, with its number of postings,
   * where it is among the singles and the lists (-1 when not), and its run of additions.
   */
  #walk(
    pendingTerms: Uint32Array,
    visit: (
      term: number,
      count: number,
      single: number,
      list: number,
      pendingStart: number,
      pendingEnd: number,
    ) => void,
  ): void {
    const singleTerms = this.#singleTerms.toArray();
    const listTerms = this.#listTerms.toArray();
    let s = 0;
    let l = 0;
    let p = 0;
    for (;;) {
      const nextSingle = s < singleTerms.length ? (singleTerms[s] as number) : PAST_END;
      const nextList = l < listTerms.length ? (listTerms[l] as number) : PAST_END;
      const nextPending = p < pendingTerms.length ? (pendingTerms[p] as number) : PAST_END;
      const term = Math.min(nextSingle, nextList, nextPending);
      if (term === PAST_END) return;
      let count = 0;
      const single = nextSingle === term ? s++ : -1;
      if (single >= 0) count++;
      const list = nextList === term ? l++ : -1;
      if (list >= 0) count += readVarint(this.#packed, this.#offsets[list] as number);
      const pendingStart = p;
      while (p < pendingTerms.length && pendingTerms[p] === term) p++;
      count += p - pendingStart;
      visit(term, count, single, list, pendingStart, p);
    }
  }

  #singleAt(term: number): number {
    return this.#singleTerms.indexOf(term);
  }

  #listAt(term: number): number {
    return this.#listTerms.indexOf(term);
  }
}
