import type { SignatureBox } from '@kxt/contracts/agreements';
import type { Bitmap } from './images.ts';

/**
 * Demo agreement pages and a demo signature, drawn at seed time so the repository ships no binary files. The pages
 * are wireframes of an A4 agreement (title, articles as grey lines, page numbers, the signature box on the last
 * page) lettered with a 5 × 7 pixel font, since no font files are at hand.
 */

type Color = readonly [number, number, number];
const WHITE: Color = [255, 255, 255];
const TEXT: Color = [51, 51, 51];
const LINE: Color = [214, 219, 222];
const ACCENT: Color = [8, 152, 161];
const BOX: Color = [160, 170, 175];

/** A4 proportions at about 120 dpi: sharp on a phone, a few kilobytes as PNG. */
export const DEMO_PAGE_SIZE = { width: 1000, height: 1414 } as const;

// Rows of each glyph, top to bottom, as 5-bit numbers (leftmost pixel = 16).
const GLYPHS: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  '/': [1, 2, 2, 4, 8, 8, 16],
  '(': [2, 4, 8, 8, 8, 4, 2],
  ')': [8, 4, 2, 2, 2, 4, 8],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '.': [0, 0, 0, 0, 0, 12, 12],
  ':': [0, 12, 12, 0, 12, 12, 0],
  ' ': [0, 0, 0, 0, 0, 0, 0],
};

function canvas(width: number, height: number, background: Color | null): Bitmap {
  const data = new Uint8Array(width * height * 4);
  if (background) {
    for (let offset = 0; offset < data.length; offset += 4) {
      data.set(background, offset);
      data[offset + 3] = 255;
    }
  }
  return { width, height, data };
}

function fillRect(bitmap: Bitmap, x: number, y: number, width: number, height: number, color: Color) {
  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  const right = Math.min(bitmap.width, Math.round(x + width));
  const bottom = Math.min(bitmap.height, Math.round(y + height));
  for (let row = top; row < bottom; row += 1) {
    for (let column = left; column < right; column += 1) {
      const offset = (row * bitmap.width + column) * 4;
      bitmap.data.set(color, offset);
      bitmap.data[offset + 3] = 255;
    }
  }
}

const textWidth = (text: string, scale: number) => text.length * 6 * scale - scale;

/** Writes upper-case ASCII with the pixel font; `x` 'center' centres it on the page. */
function drawText(
  bitmap: Bitmap,
  text: string,
  x: number | 'center',
  y: number,
  scale: number,
  color: Color,
) {
  let cursor = x === 'center' ? Math.round((bitmap.width - textWidth(text, scale)) / 2) : x;
  for (const char of text.toUpperCase()) {
    const rows = GLYPHS[char] ?? GLYPHS[' '];
    rows?.forEach((bits, row) => {
      for (let column = 0; column < 5; column += 1) {
        if (bits & (16 >> column))
          fillRect(bitmap, cursor + column * scale, y + row * scale, scale, scale, color);
      }
    });
    cursor += 6 * scale;
  }
}

function dashedBox(bitmap: Bitmap, x: number, y: number, width: number, height: number, color: Color) {
  for (let offset = 0; offset < width; offset += 16) {
    fillRect(bitmap, x + offset, y, Math.min(9, width - offset), 2, color);
    fillRect(bitmap, x + offset, y + height - 2, Math.min(9, width - offset), 2, color);
  }
  for (let offset = 0; offset < height; offset += 16) {
    fillRect(bitmap, x, y + offset, 2, Math.min(9, height - offset), color);
    fillRect(bitmap, x + width - 2, y + offset, 2, Math.min(9, height - offset), color);
  }
}

/** The pages of a demo agreement. Line lengths vary by a fixed pattern, so every seed draws the same pages. */
export function demoAgreementPages(title: string, pageCount: number, box: SignatureBox): Bitmap[] {
  const pages: Bitmap[] = [];
  let article = 1;
  for (let pageNo = 1; pageNo <= pageCount; pageNo += 1) {
    const { page, nextArticle } = demoAgreementPage(title, pageNo, pageCount, box, article);
    pages.push(page);
    article = nextArticle;
  }
  return pages;
}

function demoAgreementPage(
  title: string,
  pageNo: number,
  pageCount: number,
  box: SignatureBox,
  firstArticle: number,
) {
  const { width, height } = DEMO_PAGE_SIZE;
  const page = canvas(width, height, WHITE);
  fillRect(page, 0, 0, width, 16, ACCENT);
  let y = 80;
  if (pageNo === 1) {
    drawText(page, 'KXT SERVICE AGREEMENT', 'center', y, 6, TEXT);
    y += 70;
    drawText(page, title, 'center', y, 4, ACCENT);
    y += 80;
  }
  const last = pageNo === pageCount;
  const bottom = last ? box.y * height - 160 : height - 140;
  let article = firstArticle;
  while (y < bottom - 60) {
    drawText(page, `ARTICLE ${article}`, 80, y, 3, TEXT);
    y += 44;
    const lines = 4 + ((article * 7) % 4);
    for (let line = 0; line < lines && y < bottom; line += 1) {
      const share =
        line === lines - 1
          ? 0.35 + ((article * 13 + line) % 5) * 0.08
          : 0.92 - ((line * 5 + article) % 4) * 0.03;
      fillRect(page, 80, y, (width - 160) * share, 12, LINE);
      y += 30;
    }
    y += 26;
    article += 1;
  }
  if (last) {
    const boxX = box.x * width;
    const boxY = box.y * height;
    drawText(page, 'PARTY A: KXT (SEAL)', 80, boxY - 50, 3, TEXT);
    drawText(page, 'PARTY B SIGNATURE:', boxX, boxY - 50, 3, TEXT);
    dashedBox(page, boxX, boxY, box.width * width, box.height * height, BOX);
  }
  drawText(page, `PAGE ${pageNo} / ${pageCount}`, 'center', height - 70, 3, BOX);
  return { page, nextArticle: article };
}

/** A handwritten-looking squiggle on a transparent background, as the signing pad exports one. */
export function demoSignature(): Bitmap {
  const signature = canvas(600, 220, null);
  const dot = (cx: number, cy: number, radius: number) => {
    for (let y = -radius; y <= radius; y += 1) {
      for (let x = -radius; x <= radius; x += 1) {
        if (x * x + y * y <= radius * radius) fillRect(signature, cx + x, cy + y, 1, 1, TEXT);
      }
    }
  };
  for (let t = 0; t <= 1; t += 0.0015) {
    dot(50 + 480 * t, 110 + 55 * Math.sin(t * 14) * (1 - 0.6 * t) - 30 * t, 4);
  }
  for (let t = 0; t <= 1; t += 0.003) dot(120 + 400 * t, 180 - 12 * t, 3);
  return signature;
}
