/**
 * Optimal string alignment distance (Damerau-Levenshtein where a swap of two neighbours is one edit and a swapped pair
 * is not edited again): APPLE → APPEL is 1. Plain dynamic programming over UTF-16 code units; used for short strings
 * and for patterns longer than the 32 bits the bit-parallel matcher handles.
 */
export function osaDistance(a: ArrayLike<number> | string, b: ArrayLike<number> | string): number {
  const x = typeof a === 'string' ? codes(a) : a;
  const y = typeof b === 'string' ? codes(b) : b;
  const m = x.length;
  const n = y.length;
  if (m === 0) return n;
  if (n === 0) return m;
  let beforePrevious = new Int32Array(n + 1);
  let previous = new Int32Array(n + 1);
  let current = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= n; j++) {
      const yj = y[j - 1];
      const cost = xi === yj ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && xi === y[j - 2] && x[i - 2] === yj) {
        best = Math.min(best, (beforePrevious[j - 2] as number) + 1);
      }
      current[j] = best;
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[n] as number;
}

function codes(text: string): number[] {
  const out = new Array<number>(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
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

  /** Distance from the pattern to `length` code units of `text` starting at `offset`. */
  distance(text: Uint16Array, offset: number, length: number): number {
    const m = this.pattern.length;
    if (m === 0) return length;
    if (length === 0) return m;
    if (m > 32) return osaDistance(this.pattern, text.subarray(offset, offset + length));
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
