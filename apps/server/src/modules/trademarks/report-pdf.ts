import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, PDFName, type PDFPage, PDFString, type RGB, rgb } from 'pdf-lib';
import { cjkFontSubset } from '../../lib/cjk-font.ts';
import { wrap } from '../agreements/evidence-pdf.ts';

type Level = 'low_risk' | 'high_risk' | 'very_high_risk';

/** The report as the reader reads it: every text already in their language (report.ts), so this only lays out. */
export interface ReportDocument {
  locale: 'zh-CN' | 'en-US';
  title: string;
  product: string;
  generatedAt: string;
  /** ISO time the report was made: the PDF's creation date. */
  createdAt: string;
  /** What the data is: office data with its dates, or (demo) plainly generated marks. */
  notice: string;
  demo: boolean;
  query: [string, string][];
  sections: Record<
    'query' | 'riskMap' | 'riskMapHelp' | 'matches' | 'reasons' | 'dataDates' | 'disclaimer',
    string
  >;
  riskMap: { cls: number; count: number; level: Level | null; label: string }[];
  legend: { level: Level; label: string }[];
  countries: {
    heading: string;
    note: string;
    matches: { name: string; score: string; facts: string[]; reasons: string[] }[];
  }[];
  registers: { name: string; date: string }[];
  disclaimer: string;
  /** "Page {page} of {pages}" in the reader's language. */
  pageLabel: string;
  fileName: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOOTER = 28;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.36, 0.36, 0.36);
const ACCENT = rgb(0.031, 0.45, 0.48);
const RULE = rgb(0.8, 0.8, 0.8);
const WHITE = rgb(1, 1, 1);

/**
 * Risk cells: a blue–orange–red ramp (ColorBrewer RdBu ends and an orange), told apart by people with red–green
 * colour blindness and in greyscale print by lightness; each cell also names its level, so colour is never the only
 * cue. Text colours are chosen per fill for WCAG AA contrast (≥ 4.5:1).
 */
export const RISK_FILL: Record<Level, { fill: RGB; text: RGB }> = {
  low_risk: { fill: rgb(0.82, 0.898, 0.941), text: INK },
  high_risk: { fill: rgb(0.957, 0.647, 0.51), text: INK },
  very_high_risk: { fill: rgb(0.698, 0.094, 0.169), text: WHITE },
};

/** Characters every report can need besides its own texts: digits, Latin letters and the signs of the layout. */
const ALWAYS = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}·…–—“”‘’、，。：；（）`;

/** Builds the search report PDF. Runs on the off-loop worker (report.ts): plain data in, bytes out. */
export async function buildReportPdf(doc: ReportDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const text = `${ALWAYS}${JSON.stringify(doc)}`;
  const [regularBytes, boldBytes] = await Promise.all([
    cjkFontSubset('regular', text),
    cjkFontSubset('bold', text),
  ]);
  // Already cut down to this document's characters by HarfBuzz; fontkit's own subsetting breaks these fonts. No
  // ligatures: a drawn "fi" glyph would be copied and found as nothing, not as the two letters.
  const options = { subset: false, features: { liga: false } };
  const regular = await pdf.embedFont(regularBytes, options);
  const bold = await pdf.embedFont(boldBytes, options);

  const created = new Date(doc.createdAt);
  pdf.setTitle(`${doc.title} - ${doc.query[0]?.[1] ?? ''}`, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.product);
  pdf.setCreator(doc.product);
  pdf.setProducer(`${doc.product} (pdf-lib)`);
  pdf.setCreationDate(created);
  pdf.setModificationDate(created);
  pdf.catalog.set(PDFName.of('Lang'), PDFString.of(doc.locale));

  const w = new Writer(pdf, regular, bold, doc.locale === 'zh-CN' ? '：' : ': ');
  w.text(doc.product, bold, 10, ACCENT);
  w.gap(2);
  w.text(doc.title, bold, 20, INK);
  w.text(doc.generatedAt, regular, 9, MUTED);
  w.gap(8);
  w.notice(doc.notice, doc.demo);

  w.heading(doc.sections.query);
  for (const [label, value] of doc.query) w.field(label, value);

  w.heading(doc.sections.riskMap);
  w.text(doc.sections.riskMapHelp, regular, 8.5, MUTED);
  w.gap(4);
  w.riskMap(doc.riskMap, doc.legend);

  w.heading(doc.sections.matches);
  for (const country of doc.countries) {
    w.keep(60);
    w.text(country.heading, bold, 12, INK);
    w.text(country.note, regular, 8.5, MUTED);
    w.gap(4);
    for (const [index, match] of country.matches.entries()) w.match(index + 1, match, doc.sections.reasons);
    w.gap(6);
  }

  w.heading(doc.sections.dataDates);
  for (const register of doc.registers) w.field(register.name, register.date, 200);

  w.heading(doc.sections.disclaimer);
  w.text(doc.disclaimer, regular, 9, INK);

  w.footers(`${doc.product} · ${doc.title}`, doc.pageLabel);
  return pdf.save();
}

/** Lays text out top-down on A4 pages, starting a new page when the next block does not fit. */
class Writer {
  #pages: PDFPage[] = [];
  #page: PDFPage;
  #y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    /** "：" in Chinese, ": " in English. */
    private readonly colon: string,
  ) {
    this.#page = this.#newPage();
  }

  #newPage(): PDFPage {
    const page = this.pdf.addPage(A4);
    this.#pages.push(page);
    this.#page = page;
    this.#y = A4[1] - MARGIN;
    return page;
  }

  /** Starts a new page unless `height` points are left above the footer. */
  keep(height: number) {
    if (this.#y - height < MARGIN + FOOTER) this.#newPage();
  }

  gap(points: number) {
    this.#y -= points;
  }

  text(value: string, font: PDFFont, size: number, color: RGB = INK, indent = 0, width = WIDTH - indent) {
    for (const line of wrap(value, font, size, width)) {
      const height = size * 1.45;
      this.keep(height);
      this.#y -= height;
      this.#page.drawText(line, { x: MARGIN + indent, y: this.#y + size * 0.3, size, font, color });
    }
  }

  heading(label: string) {
    this.gap(10);
    this.keep(60);
    this.text(label, this.bold, 13.5, ACCENT);
    this.#page.drawLine({
      start: { x: MARGIN, y: this.#y - 2 },
      end: { x: MARGIN + WIDTH, y: this.#y - 2 },
      thickness: 0.6,
      color: RULE,
    });
    this.gap(8);
  }

  /** A label and its value side by side; the value wraps in its own column. */
  field(label: string, value: string, labelWidth = 96) {
    const size = 9.5;
    const lines = wrap(value, this.regular, size, WIDTH - labelWidth);
    const labelLines = wrap(label, this.regular, size - 0.5, labelWidth - 8);
    const rows = Math.max(lines.length, labelLines.length);
    const height = size * 1.45;
    this.keep(rows * height);
    for (let i = 0; i < rows; i++) {
      this.#y -= height;
      const y = this.#y + size * 0.3;
      const labelLine = labelLines[i];
      if (labelLine)
        this.#page.drawText(labelLine, { x: MARGIN, y, size: size - 0.5, font: this.regular, color: MUTED });
      const line = lines[i];
      if (line)
        this.#page.drawText(line, { x: MARGIN + labelWidth, y, size, font: this.regular, color: INK });
    }
    this.gap(2);
  }

  /** The data notice: a plain line for office data, a boxed warning for generated demo marks. */
  notice(value: string, demo: boolean) {
    if (!demo) {
      this.text(value, this.regular, 9, MUTED);
      return;
    }
    const size = 9.5;
    const lines = wrap(value, this.bold, size, WIDTH - 20);
    const height = lines.length * size * 1.45 + 14;
    this.keep(height);
    this.#page.drawRectangle({
      x: MARGIN,
      y: this.#y - height,
      width: WIDTH,
      height,
      color: rgb(1, 0.953, 0.8),
      borderColor: rgb(0.851, 0.6, 0.0),
      borderWidth: 1,
    });
    this.gap(7);
    for (const line of lines) {
      this.#y -= size * 1.45;
      this.#page.drawText(line, {
        x: MARGIN + 10,
        y: this.#y + size * 0.3,
        size,
        font: this.bold,
        color: INK,
      });
    }
    this.gap(9);
  }

  /** Classes 1–45 as a 9 × 5 grid: number, count (99+ past 99) and level word in each cell, then the legend. */
  riskMap(cells: ReportDocument['riskMap'], legend: ReportDocument['legend']) {
    const columns = 9;
    const cellWidth = WIDTH / columns;
    const cellHeight = 40;
    const rows = Math.ceil(cells.length / columns);
    this.keep(rows * cellHeight + 30);
    const top = this.#y;
    cells.forEach((cell, index) => {
      const x = MARGIN + (index % columns) * cellWidth;
      const y = top - (Math.floor(index / columns) + 1) * cellHeight;
      const style = cell.level ? RISK_FILL[cell.level] : { fill: WHITE, text: MUTED };
      this.#page.drawRectangle({
        x,
        y,
        width: cellWidth,
        height: cellHeight,
        color: style.fill,
        borderColor: WHITE,
        borderWidth: 1.5,
      });
      if (!cell.level) {
        this.#page.drawRectangle({
          x: x + 1,
          y: y + 1,
          width: cellWidth - 2,
          height: cellHeight - 2,
          borderColor: RULE,
          borderWidth: 0.5,
        });
      }
      // Counts cap at 99+ like the screen's; a class without matches shows only its word.
      const count = cell.count === 0 ? '' : cell.count > 99 ? '99+' : String(cell.count);
      this.#page.drawText(String(cell.cls), {
        x: x + 5,
        y: y + cellHeight - 13,
        size: 10,
        font: this.bold,
        color: style.text,
      });
      const countWidth = this.bold.widthOfTextAtSize(count, 10);
      this.#page.drawText(count, {
        x: x + cellWidth - 5 - countWidth,
        y: y + cellHeight - 13,
        size: 10,
        font: this.bold,
        color: style.text,
      });
      this.#page.drawText(cell.label, {
        x: x + 5,
        y: y + 7,
        size: 7.5,
        font: this.regular,
        color: style.text,
      });
    });
    this.#y = top - rows * cellHeight - 8;
    let x = MARGIN;
    for (const item of legend) {
      const style = RISK_FILL[item.level];
      this.#page.drawRectangle({ x, y: this.#y - 9, width: 12, height: 9, color: style.fill });
      this.#page.drawText(item.label, {
        x: x + 16,
        y: this.#y - 8,
        size: 8.5,
        font: this.regular,
        color: INK,
      });
      x += 16 + this.regular.widthOfTextAtSize(item.label, 8.5) + 18;
    }
    this.gap(16);
  }

  /** One similar mark: rank, name and score, its facts on a line or two, and why it scored so. */
  match(rank: number, match: ReportDocument['countries'][number]['matches'][number], reasonsLabel: string) {
    const facts = match.facts.join('   ');
    const factLines = wrap(facts, this.regular, 8.5, WIDTH - 14).length;
    this.keep(16 + factLines * 12.5 + 24);
    const scoreWidth = this.bold.widthOfTextAtSize(match.score, 10);
    this.text(`${rank}. ${match.name}`, this.bold, 11, INK, 0, WIDTH - scoreWidth - 12);
    this.#page.drawText(match.score, {
      x: MARGIN + WIDTH - scoreWidth,
      y: this.#y + 11 * 0.3,
      size: 10,
      font: this.bold,
      color: ACCENT,
    });
    this.text(facts, this.regular, 8.5, INK, 14);
    this.text(
      `${reasonsLabel}${this.colon}${match.reasons.join(this.colon === '：' ? '；' : '; ')}`,
      this.regular,
      8.5,
      MUTED,
      14,
    );
    this.gap(5);
  }

  /** Product, title and "page x of y" at the foot of every page, once the page count is known. */
  footers(left: string, pageLabel: string) {
    const size = 7.5;
    this.#pages.forEach((page, index) => {
      const label = pageLabel
        .replace('{page}', String(index + 1))
        .replace('{pages}', String(this.#pages.length));
      page.drawLine({
        start: { x: MARGIN, y: MARGIN - 6 },
        end: { x: MARGIN + WIDTH, y: MARGIN - 6 },
        thickness: 0.5,
        color: RULE,
      });
      page.drawText(left, { x: MARGIN, y: MARGIN - 18, size, font: this.regular, color: MUTED });
      const width = this.regular.widthOfTextAtSize(label, size);
      page.drawText(label, {
        x: MARGIN + WIDTH - width,
        y: MARGIN - 18,
        size,
        font: this.regular,
        color: MUTED,
      });
    });
  }
}
