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

/**
 * Appends to `ids` (from place `count`) the ids of a packed list in `packed[start..end)`: gaps from 0 as
 * variable-length numbers, each followed by a key byte when `keyed`, in which case only ids whose key is from `from`
 * to `to` are kept. Returns the count after them. `ids` must have room for every posting of the list.
 */
export function unpackIds(
  packed: Uint8Array,
  start: number,
  end: number,
  keyed: boolean,
  from: number,
  to: number,
  ids: Uint32Array,
  count: number,
): number {
  let kept = count;
  let id = 0;
  // `readVarint` inlined, with the one-byte gap of most postings first: searches read every posting this way.
  for (let i = start; i < end; ) {
    let byte = packed[i++] as number;
    if (byte < 0x80) id += byte;
    else {
      let gap = byte & 0x7f;
      let scale = 0x80;
      do {
        byte = packed[i++] as number;
        gap += (byte & 0x7f) * scale;
        scale *= 0x80;
      } while (byte >= 0x80);
      id += gap;
    }
    if (keyed) {
      const key = packed[i++] as number;
      if (key < from || key > to) continue;
    }
    ids[kept++] = id;
  }
  return kept;
}
