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
