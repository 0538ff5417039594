import type { SignatureBox } from '@kxt/contracts/agreements';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { cjkFontSubset } from '../../lib/cjk-font.ts';
import { wrap } from './evidence-pdf.ts';

/** Labels the layout prints itself (from the server locales, in the document's language). */
export interface TextTemplateLabels {
  partyASeal: string;
  /** The date party A signs, already filled in. */
  partyADate: string;
  partyBSign: string;
  signDate: string;
  /** With `{{page}}` and `{{pages}}`. */
  pageOf: string;
}

export interface TextTemplateDocument {
  title: string;
  /** Merge fields already filled in. `# ` starts a heading line; a blank line ends a paragraph. */
  body: string;
  labels: TextTemplateLabels;
  signatureBox: SignatureBox;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 64;
const MARGIN_TOP = 72;
const MARGIN_BOTTOM = 72;
const WIDTH = A4[0] - 2 * MARGIN_X;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.45, 0.45, 0.45);
const ACCENT = rgb(0.03, 0.6, 0.63);
const BODY_SIZE = 10.5;
const LINE = BODY_SIZE * 1.75;

/**
 * A font's advance widths, measured once per character: `wrap` measures the growing line after every piece, which
 * through fontkit's shaping took seconds for a three-page agreement; summing cached advances takes milliseconds. CJK
 * text has no kerning, so the sum is the width; `WRAP_SLACK` absorbs Latin kerning.
 */
function measuredFont(font: PDFFont): PDFFont {
  const advances = new Map<string, number>();
  const widthOfTextAtSize = (text: string, size: number) => {
    let width = 0;
    for (const char of text) {
      let advance = advances.get(char);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(char, 1);
        advances.set(char, advance);
      }
      width += advance;
    }
    return width * size;
  };
  // `wrap` only measures; every other use of the font goes to the real one.
  return Object.assign(Object.create(font) as PDFFont, { widthOfTextAtSize });
}
const WRAP_SLACK = 2;

/**
 * Lays a text template out as an A4 contract: centred title, headings, paragraphs with Chinese line breaking, page
 * numbers, and on the last page the parties' signature block with a dashed box where the signature is placed.
 * Runs off the event loop (template-pages.ts): plain data in, PDF bytes out.
 */
export async function buildTextTemplatePdf(doc: TextTemplateDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const labels = Object.values(doc.labels).join('');
  const chars = `${doc.title}${doc.body}${labels}0123456789/ `;
  const options = { subset: false, features: { liga: false } };
  const regular = await pdf.embedFont(await cjkFontSubset('regular', chars), options);
  const bold = await pdf.embedFont(await cjkFontSubset('bold', chars), options);
  const measured = new Map([
    [regular, measuredFont(regular)],
    [bold, measuredFont(bold)],
  ]);
  const lines = (text: string, font: PDFFont, size: number) =>
    wrap(text, measured.get(font) ?? font, size, WIDTH - WRAP_SLACK);
  pdf.setTitle(doc.title);

  const pages: PDFPage[] = [];
  let page = pdf.addPage(A4);
  pages.push(page);
  let y = A4[1] - MARGIN_TOP;
  const newPage = () => {
    page = pdf.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN_TOP;
  };
  const line = (text: string, font: PDFFont, size: number, x = MARGIN_X) => {
    if (y - size < MARGIN_BOTTOM) newPage();
    page.drawText(text, { x, y: y - size, size, font, color: INK });
    y -= size * 1.75;
  };

  for (const titleLine of lines(doc.title, bold, 18)) {
    const width = bold.widthOfTextAtSize(titleLine, 18);
    line(titleLine, bold, 18, (A4[0] - width) / 2);
  }
  y -= 10;

  for (const block of doc.body.split(/\n\s*\n/)) {
    for (const raw of block.split('\n')) {
      const text = raw.trim();
      if (!text) continue;
      if (text.startsWith('# ')) {
        y -= 6;
        if (y - 2 * LINE < MARGIN_BOTTOM) newPage();
        for (const heading of lines(text.slice(2).trim(), bold, 12)) line(heading, bold, 12);
        continue;
      }
      for (const bodyLine of lines(text, regular, BODY_SIZE)) line(bodyLine, regular, BODY_SIZE);
    }
    y -= LINE * 0.4;
  }

  // The signature block sits where the signature box says; a page of its own when the text reaches into it.
  const box = {
    x: doc.signatureBox.x * A4[0],
    top: A4[1] - doc.signatureBox.y * A4[1],
    width: doc.signatureBox.width * A4[0],
    height: doc.signatureBox.height * A4[1],
  };
  const blockTop = box.top + 44;
  if (y < blockTop) newPage();
  page.drawText(doc.labels.partyASeal, {
    x: MARGIN_X,
    y: box.top + 18,
    size: BODY_SIZE,
    font: bold,
    color: INK,
  });
  page.drawText(doc.labels.partyADate, {
    x: MARGIN_X,
    y: box.top - box.height - 20,
    size: BODY_SIZE,
    font: regular,
    color: INK,
  });
  page.drawText(doc.labels.partyBSign, {
    x: box.x,
    y: box.top + 18,
    size: BODY_SIZE,
    font: bold,
    color: INK,
  });
  dashedRect(page, box.x, box.top - box.height, box.width, box.height);
  page.drawText(doc.labels.signDate, {
    x: box.x,
    y: box.top - box.height - 20,
    size: BODY_SIZE,
    font: regular,
    color: INK,
  });

  pages.forEach((each, index) => {
    each.drawRectangle({ x: 0, y: A4[1] - 6, width: A4[0], height: 6, color: ACCENT });
    const label = doc.labels.pageOf
      .replace('{{page}}', String(index + 1))
      .replace('{{pages}}', String(pages.length));
    const width = regular.widthOfTextAtSize(label, 9);
    each.drawText(label, { x: (A4[0] - width) / 2, y: 22, size: 9, font: regular, color: MUTED });
  });
  return pdf.save();
}

function dashedRect(page: PDFPage, x: number, y: number, width: number, height: number) {
  const border = { borderColor: MUTED, borderWidth: 1, borderDashArray: [5, 4] };
  page.drawRectangle({ x, y, width, height, ...border });
}
