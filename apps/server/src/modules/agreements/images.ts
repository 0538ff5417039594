import type { SignatureBox } from '@kxt/contracts/agreements';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Decoded pixels, 8-bit RGBA, row by row. */
export interface Bitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

export type ImageMime = 'image/png' | 'image/jpeg';

/** Why an image could not be used: its bytes do not decode, or it has more pixels than allowed. */
export class ImageError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooManyPixels') {
    super(reason);
  }
}

/** A signature from a phone (about 1200 × 900 device pixels) is far below this; a decompression bomb is not. */
export const MAX_SIGNATURE_PIXELS = 8_000_000;
/** Template pages: A4 scanned at 300 dpi is 8.7 million pixels. */
export const MAX_PAGE_PIXELS = 40_000_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG start-of-frame markers (SOF0–SOF15 without DHT, JPG and DAC), which carry the dimensions. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Width and height from the header alone, so an image is measured before anything is allocated for it. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (JPEG_SOF.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    offset += 2 + length;
  }
  return null;
}

/** Decodes a PNG or JPEG to RGBA, refusing images with more than `maxPixels` pixels before decoding them. */
export function decodeImage(bytes: Uint8Array, mime: ImageMime, maxPixels: number): Bitmap {
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) throw new ImageError('unreadable');
  if (size.width * size.height > maxPixels) throw new ImageError('tooManyPixels');
  try {
    if (mime === 'image/png') {
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return { width: png.width, height: png.height, data: png.data };
    }
    const decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: Math.ceil(maxPixels / 1_000_000),
      maxMemoryUsageInMB: 512,
    });
    return { width: decoded.width, height: decoded.height, data: decoded.data };
  } catch {
    throw new ImageError('unreadable');
  }
}

export function encodeImage(bitmap: Bitmap, mime: ImageMime): Uint8Array {
  if (mime === 'image/jpeg') {
    return jpeg.encode({ width: bitmap.width, height: bitmap.height, data: bitmap.data }, 90).data;
  }
  const png = new PNG({ width: bitmap.width, height: bitmap.height });
  png.data = Buffer.from(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.byteLength);
  // Paeth filtering on every row: as small as pngjs's per-row choice for page images, at half the time.
  return PNG.sync.write(png, { colorType: hasTransparency(bitmap) ? 6 : 2, filterType: 4 });
}

function hasTransparency(bitmap: Bitmap): boolean {
  for (let i = 3; i < bitmap.data.length; i += 4) if ((bitmap.data[i] as number) < 255) return true;
  return false;
}

/** Channel differences below this are paper, JPEG noise or anti-aliasing of the background, not ink. */
const NOISE = 24;
/** From this difference on a pixel counts as fully inked. */
const FULL_INK = 96;

/**
 * The background colour: the per-channel median of the image's border pixels, or `null` when most of the border
 * is transparent (a pad exported without a background).
 */
function backgroundOf(bitmap: Bitmap): [number, number, number] | null {
  const { width, height, data } = bitmap;
  const samples: number[] = [];
  const take = (x: number, y: number) => samples.push((y * width + x) * 4);
  for (let x = 0; x < width; x += 1) {
    take(x, 0);
    take(x, height - 1);
  }
  for (let y = 1; y < height - 1; y += 1) {
    take(0, y);
    take(width - 1, y);
  }
  const opaque = samples.filter((offset) => (data[offset + 3] as number) >= 128);
  if (opaque.length * 2 < samples.length) return null;
  const median = (channel: number) => {
    const values = opaque.map((offset) => data[offset + channel] as number).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] as number;
  };
  return [median(0), median(1), median(2)];
}

/**
 * How strongly each pixel is ink, 0–255: its opacity times how far its colour is from the background. On a
 * transparent background every opaque pixel is ink; on a painted one (a JPEG, a white PNG) only pixels that differ
 * from the border's colour are.
 */
export function inkMask(bitmap: Bitmap): Uint8Array {
  const { data } = bitmap;
  const background = backgroundOf(bitmap);
  const mask = new Uint8Array(bitmap.width * bitmap.height);
  for (let pixel = 0, offset = 0; pixel < mask.length; pixel += 1, offset += 4) {
    const alpha = data[offset + 3] as number;
    if (alpha === 0) continue;
    if (!background) {
      mask[pixel] = alpha;
      continue;
    }
    const difference = Math.max(
      Math.abs((data[offset] as number) - background[0]),
      Math.abs((data[offset + 1] as number) - background[1]),
      Math.abs((data[offset + 2] as number) - background[2]),
    );
    const strength = Math.min(1, Math.max(0, (difference - NOISE) / (FULL_INK - NOISE)));
    mask[pixel] = Math.round(strength * alpha);
  }
  return mask;
}

/** Fewer clearly inked pixels than this is an empty pad (or a stray tap), not a signature. */
export const MIN_INK_PIXELS = 24;

export function inkedPixelCount(mask: Uint8Array): number {
  let count = 0;
  for (const value of mask) if (value >= 128) count += 1;
  return count;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest rectangle holding every visibly inked pixel, or null when there is none. */
export function inkBounds(mask: Uint8Array, width: number): Rect | null {
  const height = mask.length / width;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((mask[y * width + x] as number) < 32) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** Where the signature lands on a page: the box scaled to the page, the inked part fitted and centred inside it. */
export function signaturePlacement(
  page: { width: number; height: number },
  ink: { width: number; height: number },
  box: SignatureBox,
): Rect & { scale: number } {
  // A margin inside the box, so the signature does not touch its border.
  const inset = 0.06;
  const boxRect = {
    x: (box.x + box.width * inset) * page.width,
    y: (box.y + box.height * inset) * page.height,
    width: box.width * (1 - 2 * inset) * page.width,
    height: box.height * (1 - 2 * inset) * page.height,
  };
  const scale = Math.min(boxRect.width / ink.width, boxRect.height / ink.height);
  const width = ink.width * scale;
  const height = ink.height * scale;
  return {
    x: Math.round(boxRect.x + (boxRect.width - width) / 2),
    y: Math.round(boxRect.y + (boxRect.height - height) / 2),
    width: Math.max(1, Math.round(width)),
    height: Math.max(1, Math.round(height)),
    scale,
  };
}

/** The signed page image: the page with the signature placed in its box, encoded as the page was. */
export function signedPageImage(
  page: Bitmap,
  signature: Bitmap,
  box: SignatureBox,
  mime: ImageMime,
): Uint8Array {
  return encodeImage(placeSignature(page, signature, box), mime);
}

/**
 * The last page with the signature in its box: the signature's inked part is cropped, scaled to fit the box
 * (averaging the source pixels each page pixel covers, so a large signature stays smooth) and laid over the page
 * in the signature's own colour.
 */
export function placeSignature(page: Bitmap, signature: Bitmap, box: SignatureBox): Bitmap {
  const mask = inkMask(signature);
  const bounds = inkBounds(mask, signature.width);
  if (!bounds) throw new ImageError('unreadable');
  const place = signaturePlacement(page, bounds, box);
  const out = new Uint8Array(page.data);
  const step = 1 / place.scale;
  const samples = Math.min(6, Math.max(1, Math.ceil(step)));
  for (let dy = 0; dy < place.height; dy += 1) {
    const py = place.y + dy;
    if (py < 0 || py >= page.height) continue;
    for (let dx = 0; dx < place.width; dx += 1) {
      const px = place.x + dx;
      if (px < 0 || px >= page.width) continue;
      let inkSum = 0;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        const y = Math.min(bounds.height - 1, Math.floor((dy + (sy + 0.5) / samples) * step));
        for (let sx = 0; sx < samples; sx += 1) {
          const x = Math.min(bounds.width - 1, Math.floor((dx + (sx + 0.5) / samples) * step));
          const source = (bounds.y + y) * signature.width + bounds.x + x;
          const weight = mask[source] as number;
          if (weight === 0) continue;
          inkSum += weight;
          red += weight * (signature.data[source * 4] as number);
          green += weight * (signature.data[source * 4 + 1] as number);
          blue += weight * (signature.data[source * 4 + 2] as number);
        }
      }
      if (inkSum === 0) continue;
      const alpha = inkSum / (255 * samples * samples);
      const target = (py * page.width + px) * 4;
      const blend = (channel: number, value: number) => {
        out[target + channel] = Math.round((out[target + channel] as number) * (1 - alpha) + value * alpha);
      };
      blend(0, red / inkSum);
      blend(1, green / inkSum);
      blend(2, blue / inkSum);
      out[target + 3] = Math.max(out[target + 3] as number, Math.round(alpha * 255));
    }
  }
  return { width: page.width, height: page.height, data: out };
}
