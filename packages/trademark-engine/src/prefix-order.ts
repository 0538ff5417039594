import { GrowableUint32 } from './growable.ts';
import type { SnapshotReader, SnapshotWriter } from './snapshot-file.ts';

/** Where each name's visual form lies (`FormStore`). */
export interface VisualForms {
  readonly chars: { readonly data: Uint16Array };
  readonly visualOffset: Uint32Array;
  readonly visualLength: Uint16Array;
}

// Names added since the last merge wait unsorted, scanned by every lookup, until they are this many or this share
// of the sorted ones.
const PENDING_MINIMUM = 4_096;
const PENDING_SHARE = 1 / 8;

/**
 * The names in the code-unit order of their visual form, so that the names beginning with a query are one range
 * found by bisection: a containment the query makes at the start of a longer name costs the names found, not a pass
 * over every name holding the query's trigrams (which grows with the register). Four bytes a name.
 */
export class PrefixOrder {
  #sorted = new Uint32Array(0);
  readonly #pending = new GrowableUint32();
  readonly #forms: VisualForms;

  constructor(forms: VisualForms) {
    this.#forms = forms;
  }

  get bytes(): number {
    return this.#sorted.byteLength + this.#pending.data.byteLength;
  }

  add(form: number): void {
    this.#pending.push(form);
  }

  /** Sorts the names added since the last time into the order, when they are many; call after a batch of `add`. */
  settle(): void {
    const pending = this.#pending.length;
    if (pending === 0 || pending < Math.max(PENDING_MINIMUM, this.#sorted.length * PENDING_SHARE)) return;
    const added = this.#pending.data.slice(0, pending).sort((a, b) => this.#compare(a, b));
    const sorted = this.#sorted;
    const merged = new Uint32Array(sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < sorted.length && j < added.length) {
      const a = sorted[i] as number;
      const b = added[j] as number;
      if (this.#compare(a, b) <= 0) {
        merged[k++] = a;
        i++;
      } else {
        merged[k++] = b;
        j++;
      }
    }
    merged.set(sorted.subarray(i), k);
    merged.set(added.subarray(j), k + sorted.length - i);
    this.#sorted = merged;
    this.#pending.length = 0;
    this.#pending.trim();
  }

  /**
   * Puts into `out` (from its start) the names whose visual form begins with `prefix` and is `shortest` to `longest`
   * units long; answers how many.
   */
  collect(prefix: string, shortest: number, longest: number, out: GrowableUint32): number {
    out.length = 0;
    const units = new Uint16Array(prefix.length);
    for (let i = 0; i < prefix.length; i++) units[i] = prefix.charCodeAt(i);
    const sorted = this.#sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#compareWith(sorted[middle] as number, units) < 0) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < sorted.length; i++) {
      const form = sorted[i] as number;
      if (this.#compareWith(form, units, true) !== 0) break;
      this.#keep(form, shortest, longest, out);
    }
    const pending = this.#pending.data;
    for (let i = 0; i < this.#pending.length; i++) {
      const form = pending[i] as number;
      if (this.#compareWith(form, units, true) === 0) this.#keep(form, shortest, longest, out);
    }
    return out.length;
  }

  save(out: SnapshotWriter): void {
    out.array('sorted', this.#sorted);
    this.#pending.save(out.child('pending'));
  }

  restore(from: SnapshotReader): void {
    this.#sorted = from.array('sorted', Uint32Array);
    this.#pending.restore(from.child('pending'));
  }

  #keep(form: number, shortest: number, longest: number, out: GrowableUint32): void {
    const length = this.#forms.visualLength[form] as number;
    if (length >= shortest && length <= longest) out.push(form);
  }

  #compare(a: number, b: number): number {
    const { chars, visualOffset, visualLength } = this.#forms;
    return compareRuns(
      chars.data,
      visualOffset[a] as number,
      visualLength[a] as number,
      chars.data,
      visualOffset[b] as number,
      visualLength[b] as number,
    );
  }

  /** The order of `form`'s visual form against `units`, or of its beginning as long as `units` when `begins`. */
  #compareWith(form: number, units: Uint16Array, begins = false): number {
    const { chars, visualOffset, visualLength } = this.#forms;
    const length = visualLength[form] as number;
    if (begins && length < units.length) return -1;
    return compareRuns(
      chars.data,
      visualOffset[form] as number,
      begins ? units.length : length,
      units,
      0,
      units.length,
    );
  }
}

/** Code-unit order of two runs of units: the first that differs, or the shorter first. */
function compareRuns(
  a: Uint16Array,
  aOffset: number,
  aLength: number,
  b: Uint16Array,
  bOffset: number,
  bLength: number,
): number {
  const shorter = Math.min(aLength, bLength);
  for (let i = 0; i < shorter; i++) {
    const difference = (a[aOffset + i] as number) - (b[bOffset + i] as number);
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}
