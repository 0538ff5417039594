import { ensureCapacity, GrowableUint32 } from './growable.ts';
import { StringInterner } from './interner.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';

/** The set of a mark that designates nothing (every national mark). */
export const NO_DESIGNATIONS = 0;

/**
 * Distinct designation lists of international registrations, each kept once: marks refer to their list by number,
 * and a query tests a list against the codes it wants without building anything per mark. International
 * registrations share few distinct lists (the same handful of markets recur), so this stays small.
 */
export class DesignationSets {
  readonly #codes = new StringInterner();
  readonly #setOf = new Map<string, number>([['', NO_DESIGNATIONS]]);
  /** Code ids of each set, back to back; set `s` runs from `#offsets[s]` to `#offsets[s + 1]`. */
  readonly #members = new GrowableUint32();
  #offsets = new Uint32Array(16);
  #count = 1;

  /** The number of a designation list (any order, repeats and case ignored); 0 for an empty or absent one. */
  intern(designations: readonly string[] | undefined): number {
    if (designations === undefined || designations.length === 0) return NO_DESIGNATIONS;
    const codes = [...new Set(designations.map((code) => code.toUpperCase()))].sort();
    const key = codes.join(',');
    let set = this.#setOf.get(key);
    if (set !== undefined) return set;
    set = this.#count++;
    for (const code of codes) this.#members.push(this.#codes.intern(code));
    this.#offsets = ensureCapacity(this.#offsets, this.#count + 1);
    this.#offsets[this.#count] = this.#members.length;
    this.#setOf.set(key, set);
    return set;
  }

  /** Per designation code id, 1 for the codes of `designations`: what `designatesAny` tests against. */
  wanted(designations: readonly string[]): Uint8Array {
    const wanted = new Uint8Array(this.#codes.size);
    for (const code of designations) {
      const id = this.#codes.find(code.toUpperCase());
      if (id >= 0) wanted[id] = 1;
    }
    return wanted;
  }

  /** Whether set `set` designates any code marked in `wanted`. */
  designatesAny(set: number, wanted: Uint8Array): boolean {
    const members = this.#members.data;
    for (let i = this.#offsets[set] as number, end = this.#offsets[set + 1] as number; i < end; i++) {
      if (wanted[members[i] as number] === 1) return true;
    }
    return false;
  }

  /** Number of distinct lists, the empty one included. */
  get size(): number {
    return this.#count;
  }

  get bytes(): number {
    return this.#members.data.byteLength + this.#offsets.byteLength;
  }

  save(out: SnapshotWriter): void {
    this.#codes.save(out, 'codes');
    this.#members.save(out.child('members'));
    out.array('offsets', this.#offsets, this.#count + 1);
  }

  /** Takes saved lists into this empty table; the lookup by text is rebuilt (international lists are few). */
  restore(from: SnapshotReader): void {
    this.#codes.restore(from, 'codes');
    this.#members.restore(from.child('members'));
    const offsets = from.array('offsets', Uint32Array);
    const count = offsets.length - 1;
    if (count < 1 || offsets[count] !== this.#members.length)
      throw new SnapshotError('corrupt', 'designations');
    this.#offsets = offsets;
    this.#count = count;
    const members = this.#members.data;
    for (let set = 1; set < count; set++) {
      const codes: string[] = [];
      for (let i = offsets[set] as number; i < (offsets[set + 1] as number); i++)
        codes.push(this.#codes.get(members[i] as number));
      this.#setOf.set(codes.join(','), set);
    }
  }
}
