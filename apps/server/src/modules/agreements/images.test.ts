import { DEFAULT_SIGNATURE_BOX } from '@kxt/contracts/agreements';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { wrap } from './evidence-pdf.ts';
import {
  decodeImage,
  ImageError,
  imageSize,
  inkBounds,
  inkedPixelCount,
  inkMask,
  MIN_INK_PIXELS,
  placeSignature,
  signaturePlacement,
} from './images.ts';
import { bitmap, drawLine, SIGNATURES } from './test-fixtures.ts';

describe('imageSize', () => {
  it('reads PNG and JPEG dimensions from the header alone', () => {
    expect(imageSize(SIGNATURES.png())).toEqual({ width: 300, height: 120 });
    expect(imageSize(SIGNATURES.jpeg())).toEqual({ width: 300, height: 120 });
    expect(imageSize(Buffer.from('GIF89a....'))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it('refuses to decode an image with more pixels than allowed, before decoding it', () => {
    expect(() => decodeImage(SIGNATURES.png(), 'image/png', 300 * 120 - 1)).toThrow(ImageError);
    expect(decodeImage(SIGNATURES.png(), 'image/png', 300 * 120).width).toBe(300);
  });
});

describe('ink detection', () => {
  it('counts strokes on a transparent pad and on a painted background, and nothing on a blank one', () => {
    for (const blank of [SIGNATURES.blankPng(), SIGNATURES.whitePng()]) {
      expect(inkedPixelCount(inkMask(decodeImage(blank, 'image/png', 1e6)))).toBe(0);
    }
    expect(inkedPixelCount(inkMask(decodeImage(SIGNATURES.blankJpeg(), 'image/jpeg', 1e6)))).toBe(0);
    expect(inkedPixelCount(inkMask(decodeImage(SIGNATURES.png(), 'image/png', 1e6)))).toBeGreaterThan(
      MIN_INK_PIXELS,
    );
    expect(inkedPixelCount(inkMask(decodeImage(SIGNATURES.jpeg(), 'image/jpeg', 1e6)))).toBeGreaterThan(
      MIN_INK_PIXELS,
    );
  });

  it('takes the background from the border, so dark paper with light ink works too', () => {
    const dark = drawLine(bitmap(100, 60, [20, 20, 60, 255]), [10, 30], [90, 30]);
    for (let i = 0; i < dark.data.length; i += 4)
      if (dark.data[i] === 51) dark.data.set([250, 250, 250, 255], i);
    expect(inkBounds(inkMask(dark), 100)).toEqual({ x: 8, y: 28, width: 84, height: 4 });
  });
});

describe('placing the signature', () => {
  it('fits the inked part inside the box, keeping its proportions, centred', () => {
    const place = signaturePlacement(
      { width: 1000, height: 1000 },
      { width: 400, height: 100 },
      DEFAULT_SIGNATURE_BOX,
    );
    expect(place.width / place.height).toBeCloseTo(4, 1);
    expect(place.x).toBeGreaterThanOrEqual(550);
    expect(place.x + place.width).toBeLessThanOrEqual(910);
    expect(place.y).toBeGreaterThanOrEqual(800);
    expect(place.y + place.height).toBeLessThanOrEqual(920);
    const centre = place.x + place.width / 2;
    expect(Math.abs(centre - (550 + 360 / 2))).toBeLessThanOrEqual(1);
  });

  it('changes only pixels inside the box, in the signature colour', () => {
    const page = bitmap(400, 500, [255, 255, 255, 255]);
    const signature = decodeImage(SIGNATURES.png(), 'image/png', 1e6);
    const signed = placeSignature(page, signature, DEFAULT_SIGNATURE_BOX);
    let darkest = 255;
    for (let y = 0; y < 500; y += 1) {
      for (let x = 0; x < 400; x += 1) {
        const offset = (y * 400 + x) * 4;
        if (signed.data[offset] === 255) continue;
        expect(x >= 0.55 * 400 && x < 0.91 * 400 && y >= 0.8 * 500 && y < 0.92 * 500, `${x},${y}`).toBe(true);
        darkest = Math.min(darkest, signed.data[offset] as number);
      }
    }
    expect(darkest).toBeLessThan(80); // #333 strokes stay dark after scaling down
    expect(page.data.every((value) => value === 255)).toBe(true); // the input page is untouched
  });
});

describe('evidence page text', () => {
  it('wraps long text at spaces and long words anywhere, within the width', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const text = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) ${'x'.repeat(200)} end`;
    const lines = wrap(text, font, 10, 200);
    expect(lines.join('').replaceAll(' ', '')).toBe(text.replaceAll(' ', ''));
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
  });

  it('breaks Chinese text between characters, never before closing punctuation', () => {
    // A stand-in font: every character 10 points wide, so a 100-point line holds ten.
    const font = { widthOfTextAtSize: (text: string, size: number) => [...text].length * size } as PDFFont;
    const text = '评分依据：忽略描述性词语：比对时不计 HOME、TECH、科技、商贸等描述性或通用词语';
    const lines = wrap(text, font, 10, 100);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    for (const line of lines) {
      expect([...line].length).toBeLessThanOrEqual(10);
      expect(line).not.toMatch(/^[，。、：；）]/);
    }
    expect(lines[0]).toBe('评分依据：忽略描述性');
  });
});
