/**
 * Optimal string alignment distance (Damerau-Levenshtein where a swap of two neighbours is one edit and a swapped pair
 * is not edited again): APPLE → APPEL is 1. Plain dynamic programming over UTF-16 code units; used for short strings
 * and for patterns longer than the 32 bits the bit-parallel matcher handles.
 */
export function osaDistance(a: ArrayLike<number> | string, b: ArrayLike<number> | string): number {
  const x = typeof a === 'string' ? codes(a, 0) : a;
  const y = typeof b === 'string' ? codes(b, 1) : b;
  return osaOfCodes(x, a.length, y, b.length);
}

// Scratch for `osaDistance`: a search measures thousands of names, and fresh arrays for each were a fifth of what it
// allocated (and each collection of the young generation pauses a search).
let rows = new Int32Array(3 * 64);
const codeScratch: Uint16Array[] = [new Uint16Array(64), new Uint16Array(64)];

/** Scratch array `slot` with room for at least `room` code units (valid until the next call with that slot). */
function scratchCodes(slot: 0 | 1, room: number): Uint16Array {
  let out = codeScratch[slot] as Uint16Array;
  if (out.length < room) {
    out = new Uint16Array(2 * room);
    codeScratch[slot] = out;
  }
  return out;
}

/** The UTF-16 code units of `text`, in scratch array `slot`. */
function codes(text: string, slot: 0 | 1): Uint16Array {
  const out = scratchCodes(slot, text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** The distance between the first `m` items of `x` and the first `n` of `y`, over three rows of one scratch array. */
function osaOfCodes(x: ArrayLike<number>, m: number, y: ArrayLike<number>, n: number): number {
  if (m === 0) return n;
  if (n === 0) return m;
  if (rows.length < 3 * (n + 1)) rows = new Int32Array(6 * (n + 1));
  let beforePrevious = 0;
  let previous = n + 1;
  let current = 2 * (n + 1);
  for (let j = 0; j <= n; j++) rows[previous + j] = j;
  for (let i = 1; i <= m; i++) {
    rows[current] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= n; j++) {
      const yj = y[j - 1];
      const cost = xi === yj ? 0 : 1;
      let best = Math.min(
        (rows[previous + j] as number) + 1,
        (rows[current + j - 1] as number) + 1,
        (rows[previous + j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && xi === y[j - 2] && x[i - 2] === yj) {
        best = Math.min(best, (rows[beforePrevious + j - 2] as number) + 1);
      }
      rows[current + j] = best;
    }
    const oldest = beforePrevious;
    beforePrevious = previous;
    previous = current;
    current = oldest;
  }
  return rows[previous + n] as number;
}

/**
 * The same distance from one fixed pattern (the query) to many texts, by Hyyrö's bit-parallel algorithm (2003): one
 * pass over the text with a handful of 32-bit operations per character, so checking thousands of candidates costs
 * microseconds. Patterns over 32 code units fall back to `osaDistance`.
 */
export class OsaMatcher {
  readonly pattern: string;
  readonly #ascii = new Int32Array(128);
  readonly #other = new Map<number, number>();
  readonly #last: number;

  constructor(pattern: string) {
    this.pattern = pattern;
    this.#last = pattern.length > 0 ? 1 << (pattern.length - 1) : 0;
    if (pattern.length > 32) return;
    for (let i = 0; i < pattern.length; i++) {
      const code = pattern.charCodeAt(i);
      if (code < 128) this.#ascii[code] = (this.#ascii[code] as number) | (1 << i);
      else this.#other.set(code, (this.#other.get(code) ?? 0) | (1 << i));
    }
  }

  /** `distance` for a pattern too long for 32 bits, by `osaDistance`'s rows. */
  #longDistance(text: Uint16Array, offset: number, length: number): number {
    const y = scratchCodes(1, length);
    for (let j = 0; j < length; j++) y[j] = text[offset + j] as number;
    return osaOfCodes(codes(this.pattern, 0), this.pattern.length, y, length);
  }

  /** Distance from the pattern to `length` code units of `text` starting at `offset`. */
  distance(text: Uint16Array, offset: number, length: number): number {
    const m = this.pattern.length;
    if (m === 0) return length;
    if (length === 0) return m;
    if (m > 32) return this.#longDistance(text, offset, length);
    const last = this.#last;
    let vp = -1;
    let vn = 0;
    let d0 = 0;
    let previousMatch = 0;
    let distance = m;
    for (let j = offset, end = offset + length; j < end; j++) {
      const code = text[j] as number;
      const match = code < 128 ? (this.#ascii[code] as number) : (this.#other.get(code) ?? 0);
      const transposition = ((~d0 & match) << 1) & previousMatch;
      d0 = (((match & vp) + vp) ^ vp) | match | vn | transposition;
      let hp = vn | ~(d0 | vp);
      let hn = d0 & vp;
      if ((hp & last) !== 0) distance++;
      if ((hn & last) !== 0) distance--;
      hp = (hp << 1) | 1;
      hn <<= 1;
      vp = hn | ~(d0 | hp);
      vn = hp & d0;
      previousMatch = match;
    }
    return distance;
  }
}
