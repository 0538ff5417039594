/**
 * Whole numbers from 0 to 2^53 as variable-length bytes: seven bits a byte, low bits first, the high bit set on every
 * byte but the last. Posting lists keep the gaps between sorted ids this way, most of them in one byte.
 */

/** Where the last `readVarint` ended. */
export let varintEnd = 0;

/** Reads the number at `at`; `varintEnd` is set to the place after it. */
export function readVarint(bytes: Uint8Array, at: number): number {
  let value = 0;
  let scale = 1;
  let place = at;
  let byte: number;
  do {
    byte = bytes[place++] as number;
    value += (byte & 0x7f) * scale;
    scale *= 0x80;
  } while (byte >= 0x80);
  varintEnd = place;
  return value;
}

export function varintSize(value: number): number {
  let size = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) size++;
  return size;
}

/** Writes `value` at `at` and returns the place after it. */
export function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  let place = at;
  let rest = value;
  while (rest >= 0x80) {
    bytes[place++] = (rest % 0x80) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  bytes[place++] = rest;
  return place;
}
