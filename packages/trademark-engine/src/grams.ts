// Codes 0 and 1 never occur in a folded name, so they pad the start and the end: a mark's first and last letters get
// grams of their own, which weighs the beginning the way readers do.
export const START = 0;
export const END = 1;

/**
 * One number per trigram, the same for every order of its three code units. Swapping two neighbours (APPLE → APPEL)
 * then leaves the two trigrams holding both of them intact, so it breaks two trigrams instead of four, and no edit
 * breaks more than three; the count floors in `bounds.ts` rely on that.
 */
export function trigramCode(a: number, b: number, c: number): number {
  let low = a;
  let mid = b;
  let high = c;
  if (low > mid) [low, mid] = [mid, low];
  if (mid > high) [mid, high] = [high, mid];
  if (low > mid) [low, mid] = [mid, low];
  // Below 1024 (Latin, Greek, Cyrillic and the pads) three codes fit 30 bits, a small integer that maps hash fast;
  // anything else gets a negative code of its own.
  if (high < 1024) return (low << 20) | (mid << 10) | high;
  return -((low * 0x10000 + mid) * 0x10000 + high) - 1;
}

/**
 * Calls `visit` with each trigram of a text of `length` code units, padded with two starts and two ends, and its
 * position (0 for the trigram ending at the first character); empty text has none.
 */
export function forEachTrigram(
  length: number,
  charAt: (index: number) => number,
  visit: (code: number, position: number) => void,
): void {
  if (length === 0) return;
  let first = START;
  let second = START;
  for (let i = 0; i < length + 2; i++) {
    const third = i < length ? charAt(i) : END;
    visit(trigramCode(first, second, third), i);
    first = second;
    second = third;
  }
}

/** Distinct trigrams of `text` (see `forEachTrigram`), in order of first appearance. */
export function distinctTrigrams(text: string): number[] {
  const grams: number[] = [];
  forEachTrigram(
    text.length,
    (i) => text.charCodeAt(i),
    (code) => {
      if (!grams.includes(code)) grams.push(code);
    },
  );
  return grams;
}

export const FNV_OFFSET = 0x811c9dc5;

/** One step of 32-bit FNV-1a; hashing a text one code unit at a time gives the hash of each of its prefixes. */
export function fnvStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193) >>> 0;
}

export function fnvHash(text: string, seed = FNV_OFFSET): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = fnvStep(hash, text.charCodeAt(i));
  return hash;
}

/**
 * The distinct trigrams of a query, for counting how many of its own a stored name shares with it straight from the
 * name's characters: an open-addressing table of trigram codes (a query has a few dozen), and a stamp per entry so
 * a trigram the name repeats counts once without clearing anything between names.
 */
export class TrigramSet {
  readonly #codes: Float64Array;
  readonly #stamps: Uint32Array;
  readonly #mask: number;
  #stamp = 0;

  constructor(codes: readonly number[]) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(8, codes.length * 2)));
    this.#codes = new Float64Array(slots).fill(Number.NaN);
    this.#stamps = new Uint32Array(slots);
    this.#mask = slots - 1;
    for (const code of codes) {
      let slot = this.#slotOf(code);
      while (!Number.isNaN(this.#codes[slot] as number) && this.#codes[slot] !== code)
        slot = (slot + 1) & this.#mask;
      this.#codes[slot] = code;
    }
  }

  /** How many distinct trigrams of the `length` code units at `offset` of `chars` are in the set. */
  sharedWith(chars: Uint16Array, offset: number, length: number): number {
    if (length === 0) return 0;
    const stamp = ++this.#stamp;
    const codes = this.#codes;
    const stamps = this.#stamps;
    let shared = 0;
    let first = START;
    let second = START;
    for (let i = 0; i < length + 2; i++) {
      const third = i < length ? (chars[offset + i] as number) : END;
      const code = trigramCode(first, second, third);
      for (let slot = this.#slotOf(code); ; slot = (slot + 1) & this.#mask) {
        const held = codes[slot] as number;
        if (held === code) {
          if (stamps[slot] !== stamp) {
            stamps[slot] = stamp;
            shared++;
          }
          break;
        }
        if (Number.isNaN(held)) break;
      }
      first = second;
      second = third;
    }
    return shared;
  }

  #slotOf(code: number): number {
    // Codes are 30-bit integers or negative ones past that (see `trigramCode`): fold the high part in.
    return ((Math.imul(code | 0, 0x9e3779b1) ^ ((code / 0x40000000) | 0)) >>> 0) & this.#mask;
  }
}
