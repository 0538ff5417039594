import { ensureCapacity } from './growable.ts';
import { SlotTable } from './slot-table.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

/** The set of a mark with no class: 0, so a column of zeros means no classes. */
export const NO_CLASSES = 0;

/** Classes 33–45 take the 13 low bits of the high word (`classWord`); any other bit is corruption. */
const HIGH_WORD_BITS = (1 << 13) - 1;
const LOW_WORD_SPAN = 0x1_0000_0000;

/**
 * Distinct combinations of Nice classes, each kept once as the two words of `classMask`: marks refer to theirs by
 * number. A mark has one class or a few and a register holds hundreds to a few thousand combinations (the generated
 * one, its classes drawn at random, 24,000 in 300,000 marks), so a 16-bit number per mark stands for 8 bytes of
 * masks, and the masks of a set are two array reads away.
 */
export class ClassSets {
  #low = new Int32Array(16);
  #high = new Int32Array(16);
  #count = 1;
  /** Set number by its key (`#keyOf`): 4 bytes a slot, where a `Map` of the generated register's sets took 1.2 MB. */
  #setOf = new SlotTable((set) => this.#keyOf(set));

  constructor() {
    // Set 0, no class, is there from the start, so a column of zeros needs no interning.
    this.#setOf.set(NO_CLASSES);
  }

  /** The number of the set whose words are `low` and `high` (as `classWord` gives them). */
  intern(low: number, high: number): number {
    const found = this.#setOf.get(high * LOW_WORD_SPAN + (low >>> 0));
    if (found !== undefined) return found;
    const set = this.#count++;
    this.#low = ensureCapacity(this.#low, this.#count);
    this.#high = ensureCapacity(this.#high, this.#count);
    this.#low[set] = low;
    this.#high[set] = high;
    this.#setOf.set(set);
    return set;
  }

  /** Classes 1–32 of set `set`, as a bit mask. */
  low(set: number): number {
    return this.#low[set] as number;
  }

  /** Classes 33–45 of set `set`, as a bit mask. */
  high(set: number): number {
    return this.#high[set] as number;
  }

  /** Number of distinct sets, the empty one included. */
  get size(): number {
    return this.#count;
  }

  get bytes(): number {
    return this.#low.byteLength + this.#high.byteLength + this.#setOf.bytes;
  }

  save(out: SnapshotWriter): void {
    out.array('low', this.#low, this.#count);
    out.array('high', this.#high, this.#count);
  }

  /** Takes saved sets into this empty table, refusing words no mark could have or a set saved twice. */
  restore(from: SnapshotReader): void {
    const low = from.array('low', Int32Array);
    const high = from.array('high', Int32Array);
    const count = low.length;
    if (count < 1 || high.length !== count || low[NO_CLASSES] !== 0 || high[NO_CLASSES] !== 0)
      throw new SnapshotError('corrupt', 'class sets');
    for (const word of high)
      if ((word & ~HIGH_WORD_BITS) !== 0) throw new SnapshotError('corrupt', 'class sets');
    this.#low = low;
    this.#high = high;
    this.#count = count;
    // The lookup follows from the words, so the snapshot leaves it out; a set saved twice takes one key twice.
    this.#setOf = new SlotTable((set) => this.#keyOf(set), count);
    for (let set = 0; set < count; set++) this.#setOf.set(set);
    if (this.#setOf.size !== count) throw new SnapshotError('corrupt', 'class sets');
  }

  /** Both words of set `set` as one number: the high word has 13 bits, so the key stays an exact integer. */
  #keyOf(set: number): number {
    return (this.#high[set] as number) * LOW_WORD_SPAN + ((this.#low[set] as number) >>> 0);
  }
}
