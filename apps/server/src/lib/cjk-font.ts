import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * Chinese (and Latin) text in PDFs: Noto Sans CJK SC ("Noto Sans Hans") from the npm package `@embedpdf/fonts-sc`
 * (OFL-1.1), cut down with HarfBuzz's subsetter (`harfbuzzjs`) to the characters one document uses, so a report
 * carries some tens of KB of font instead of 8 MB. pdf-lib's own subsetting (fontkit) cannot be used for these
 * fonts: it writes an invalid CFF table for the OTF and drops glyphs of the TTF version (both checked with poppler).
 * The subset is then embedded whole (`subset: false`).
 */
const require = createRequire(import.meta.url);

export type CjkWeight = 'regular' | 'bold';
const FILES: Record<CjkWeight, string> = {
  regular: 'NotoSansHans-Regular.otf',
  bold: 'NotoSansHans-Bold.otf',
};

const fontDir = () => new URL('../fonts/', `file://${require.resolve('@embedpdf/fonts-sc')}`);

const fonts = new Map<CjkWeight, Promise<Uint8Array>>();
/** The whole font file, read once per process (each weight is ~8 MB). */
function fontFile(weight: CjkWeight): Promise<Uint8Array> {
  let file = fonts.get(weight);
  if (!file) {
    file = readFile(new URL(FILES[weight], fontDir())).then((bytes) => new Uint8Array(bytes));
    fonts.set(weight, file);
  }
  return file;
}

/** The few functions of HarfBuzz's subsetter used here (its wasm exports, by their C names). */
interface HarfBuzzSubset {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, codepoint: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

/** Node's WebAssembly, typed by hand: this project's Node types do not declare it. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { instantiate(bytes: Uint8Array): Promise<{ instance: { exports: unknown } }> };
  }
).WebAssembly;

let harfBuzz: Promise<HarfBuzzSubset> | undefined;
function loadHarfBuzz(): Promise<HarfBuzzSubset> {
  harfBuzz ??= readFile(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'))
    .then((bytes) => wasm.instantiate(bytes))
    .then(({ instance }) => {
      // The wasm module's exports are untyped; HarfBuzzSubset names the ones used.
      const exports = instance.exports as HarfBuzzSubset;
      exports._initialize();
      return exports;
    });
  return harfBuzz;
}

const HB_MEMORY_MODE_WRITABLE = 2;

/** The font of `weight` cut down to the glyphs of `text` (plus what HarfBuzz keeps: .notdef, composites). */
export async function cjkFontSubset(weight: CjkWeight, text: string): Promise<Uint8Array> {
  const [hb, font] = await Promise.all([loadHarfBuzz(), fontFile(weight)]);
  const input = hb.hb_subset_input_create_or_fail();
  if (input === 0) throw new Error('HarfBuzz could not start a subset');
  const pointer = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer).set(font, pointer);
  const blob = hb.hb_blob_create(pointer, font.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  try {
    const unicodes = hb.hb_subset_input_unicode_set(input);
    for (const char of new Set(text)) hb.hb_set_add(unicodes, char.codePointAt(0) ?? 0);
    const subset = hb.hb_subset_or_fail(face, input);
    if (subset === 0) throw new Error('HarfBuzz could not subset the font');
    const result = hb.hb_face_reference_blob(subset);
    const start = hb.hb_blob_get_data(result, 0);
    // Copied out before anything else runs: the wasm memory may grow and move.
    const bytes = new Uint8Array(hb.memory.buffer).slice(start, start + hb.hb_blob_get_length(result));
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subset);
    if (bytes.length === 0) throw new Error('HarfBuzz returned an empty font');
    return bytes;
  } finally {
    hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(pointer);
  }
}
