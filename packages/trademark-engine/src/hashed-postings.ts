import { lowerBound, PendingPostings } from './pending-postings.ts';
import { MERGE_MINIMUM, MERGE_SHARE, type PostingRanges, type Postings, pendingRanges } from './postings.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

const NONE = new Uint32Array(0);
// Above every 32-bit term: what an exhausted sequence shows while merging.
const PAST_END = 2 ** 32;

/**
 * Inverted lists of ids under sparse 32-bit terms (hashes of words, keys and skeletons), found by binary search in
 * sorted arrays of the terms themselves: no table from term to number, which cost some fifteen bytes a term. Most
 * terms (a whole name, a rare skeleton) list one name, so a term listed once keeps its id beside it, and only terms
 * listed more than once have a list in the compressed-row layout. Recent additions wait apart (`PendingPostings`)
 * until a merge; ids are added in increasing order, so lists stay sorted.
 */
export class HashedPostingStore implements Postings {
  #singleTerms = NONE;
  #singleIds = NONE;
  #listTerms = NONE;
  #offsets = new Uint32Array(1);
  #data = NONE;
  readonly #pending = new PendingPostings(false);

  /** Postings held, merged or not. */
  get size(): number {
    return this.#singleIds.length + this.#data.length + this.#pending.length;
  }

  /** Distinct merged terms. */
  get terms(): number {
    return this.#singleTerms.length + this.#listTerms.length;
  }

  get bytes(): number {
    return (
      this.#singleTerms.byteLength +
      this.#singleIds.byteLength +
      this.#listTerms.byteLength +
      this.#offsets.byteLength +
      this.#data.byteLength +
      this.#pending.bytes
    );
  }

  /** Makes room for `count` more postings at once, ahead of a bulk load. */
  reserve(count: number): void {
    this.#pending.reserve(count);
  }

  add(term: number, id: number): void {
    this.#pending.add(term, id, 0);
  }

  /** Merges pending additions when they are many; call after a batch of `add`. */
  settle(): void {
    const merged = this.#singleIds.length + this.#data.length;
    if (this.#pending.length > Math.max(MERGE_MINIMUM, merged * MERGE_SHARE)) this.merge();
  }

  frequency(term: number): number {
    let merged = 0;
    const single = this.#singleAt(term);
    if (single >= 0) merged = 1;
    else {
      const list = this.#listAt(term);
      if (list >= 0) merged = (this.#offsets[list + 1] as number) - (this.#offsets[list] as number);
    }
    if (this.#pending.length === 0) return merged;
    return merged + this.#pending.firstOf(term + 1) - this.#pending.firstOf(term);
  }

  ranges(term: number, out: PostingRanges): void {
    const single = this.#singleAt(term);
    if (single >= 0) {
      out.base = this.#singleIds;
      out.baseStart = single;
      out.baseEnd = single + 1;
    } else {
      const list = this.#listAt(term);
      out.base = this.#data;
      out.baseStart = list >= 0 ? (this.#offsets[list] as number) : 0;
      out.baseEnd = list >= 0 ? (this.#offsets[list + 1] as number) : 0;
    }
    pendingRanges(this.#pending, term, out);
  }

  save(out: SnapshotWriter): void {
    this.merge();
    out.array('singleTerms', this.#singleTerms);
    out.array('singleIds', this.#singleIds);
    out.array('listTerms', this.#listTerms);
    out.array('offsets', this.#offsets);
    out.array('data', this.#data);
  }

  /** Takes saved lists into this empty store. */
  restore(from: SnapshotReader): void {
    const singleTerms = from.array('singleTerms', Uint32Array);
    const singleIds = from.array('singleIds', Uint32Array);
    const listTerms = from.array('listTerms', Uint32Array);
    const offsets = from.array('offsets', Uint32Array);
    const data = from.array('data', Uint32Array);
    if (
      singleTerms.length !== singleIds.length ||
      offsets.length !== listTerms.length + 1 ||
      offsets[listTerms.length] !== data.length
    )
      throw new SnapshotError('corrupt', 'hashed posting lists');
    this.#singleTerms = singleTerms;
    this.#singleIds = singleIds;
    this.#listTerms = listTerms;
    this.#offsets = offsets;
    this.#data = data;
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
    let postings = 0;
    this.#walk(pendingTerms, (_term, count) => {
      if (count === 1) singles++;
      else {
        lists++;
        postings += count;
      }
    });
    const newSingleTerms = new Uint32Array(singles);
    const newSingleIds = new Uint32Array(singles);
    const newListTerms = new Uint32Array(lists);
    const newOffsets = new Uint32Array(lists + 1);
    const newData = new Uint32Array(postings);
    singles = 0;
    lists = 0;
    postings = 0;
    this.#walk(pendingTerms, (term, count, single, list, pendingStart, pendingEnd) => {
      const target = count === 1 ? newSingleIds : newData;
      let at = count === 1 ? singles : postings;
      if (single >= 0) target[at++] = this.#singleIds[single] as number;
      if (list >= 0) {
        const start = this.#offsets[list] as number;
        const end = this.#offsets[list + 1] as number;
        target.set(this.#data.subarray(start, end), at);
        at += end - start;
      }
      target.set(pendingIds.subarray(pendingStart, pendingEnd), at);
      at += pendingEnd - pendingStart;
      if (count === 1) {
        newSingleTerms[singles++] = term;
      } else {
        newListTerms[lists++] = term;
        postings = at;
        newOffsets[lists] = at;
      }
    });
    this.#singleTerms = newSingleTerms;
    this.#singleIds = newSingleIds;
    this.#listTerms = newListTerms;
    this.#offsets = newOffsets;
    this.#data = newData;
    pending.clear();
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
    const singleTerms = this.#singleTerms;
    const listTerms = this.#listTerms;
    const offsets = this.#offsets;
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
      if (list >= 0) count += (offsets[list + 1] as number) - (offsets[list] as number);
      const pendingStart = p;
      while (p < pendingTerms.length && pendingTerms[p] === term) p++;
      count += p - pendingStart;
      visit(term, count, single, list, pendingStart, p);
    }
  }

  #singleAt(term: number): number {
    const at = lowerBound(this.#singleTerms, term);
    return at < this.#singleTerms.length && this.#singleTerms[at] === term ? at : -1;
  }

  #listAt(term: number): number {
    const at = lowerBound(this.#listTerms, term);
    return at < this.#listTerms.length && this.#listTerms[at] === term ? at : -1;
  }
}
