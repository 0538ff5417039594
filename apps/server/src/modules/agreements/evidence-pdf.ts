import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { ImageMime } from './images.ts';

/**
 * What the signing proves, kept as JSON in the agreement row, attached to the PDF as evidence.json and printed on
 * its last page: which document (name, template version, the SHA-256 of every page image), who was sent it
 * (customer, link), what happened when (opened, read, signed), from where (IP, user agent) and the signature.
 */
export interface EvidenceRecord {
  format: 'kxt-signature-evidence/1';
  agreement: {
    id: number;
    name: string;
    nameEn: string;
    templateId: number;
    templateVersion: number;
  };
  customer: { id: number; name: string };
  link: {
    /** The link with most of its code left out: the code still opens the signed agreement until it expires. */
    url: string;
    codeSha256: string;
    createdAt: string;
    createdBy: string | null;
    expiresAt: string;
  };
  times: { openedAt: string | null; readAt: string | null; signedAt: string };
  signer: { ip: string; userAgent: string };
  pages: { pageNo: number; fileId: string; sha256: string; width: number; height: number }[];
  signature: { fileId: string; sha256: string; type: string; size: number; width: number; height: number };
  signedImage: { fileId: string; sha256: string; type: string; pageNo: number };
}

export interface PdfPageImage {
  bytes: Uint8Array;
  mime: ImageMime;
  width: number;
  height: number;
}

/** A4 in PDF points: each agreement page is this wide, as tall as its image's proportions make it. */
const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
const MARGIN = 48;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const ACCENT = rgb(0.031, 0.596, 0.631);

/**
 * The PDF's standard fonts only encode Latin text, and no CJK font is shipped (a usable one is 8–16 MB), so the
 * evidence page prints ASCII: a value with other characters is replaced by a pointer to where it is kept in full
 * (the document title, the attached evidence.json and the database record).
 */
export function printable(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : 'name in Chinese: see the document title and evidence.json';
}

/** Replaces characters the standard fonts cannot encode, for free text such as a user agent. */
const ascii = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

/**
 * The signed agreement: every page image in order (the last one is the page with the signature in place), then
 * the evidence page(s). The evidence is also attached as evidence.json, and the title carries the names in full.
 * Dates inside the file are the signing time, so the same inputs always give the same bytes.
 */
export async function buildSignedPdf(pages: PdfPageImage[], evidence: EvidenceRecord): Promise<Uint8Array> {
  const signedAt = new Date(evidence.times.signedAt);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${evidence.agreement.name} - ${evidence.customer.name}`);
  pdf.setSubject(`Signed agreement #${evidence.agreement.id} with its signature evidence record`);
  pdf.setAuthor(evidence.customer.name);
  pdf.setCreator('KXT platform');
  pdf.setProducer('KXT platform (pdf-lib)');
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);

  for (const image of pages) {
    const embedded =
      image.mime === 'image/png' ? await pdf.embedPng(image.bytes) : await pdf.embedJpg(image.bytes);
    const height = (A4_WIDTH * image.height) / image.width;
    const page = pdf.addPage([A4_WIDTH, height]);
    page.drawImage(embedded, { x: 0, y: 0, width: A4_WIDTH, height });
  }

  await drawEvidence(pdf, evidence, pages.length);
  await pdf.attach(new TextEncoder().encode(JSON.stringify(evidence, null, 2)), 'evidence.json', {
    mimeType: 'application/json',
    description: 'Signature evidence record',
    creationDate: signedAt,
    modificationDate: signedAt,
  });
  return pdf.save();
}

async function drawEvidence(pdf: PDFDocument, evidence: EvidenceRecord, agreementPages: number) {
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const writer = new PageWriter(pdf, regular);

  writer.text('Signature evidence record', bold, 18, ACCENT);
  writer.text(
    `Agreement #${evidence.agreement.id}, signed ${evidence.times.signedAt}. Pages 1-${agreementPages} of this file are the agreement as shown to the signer; page ${agreementPages} carries the signature in place.`,
    regular,
    9,
    MUTED,
  );
  writer.gap(8);

  writer.heading('Document', bold);
  writer.field('Agreement', `${evidence.agreement.nameEn} - ${printable(evidence.agreement.name)}`);
  writer.field(
    'Template',
    `version ${evidence.agreement.templateVersion} (template #${evidence.agreement.templateId})`,
  );
  writer.field('Customer', `#${evidence.customer.id} - ${printable(evidence.customer.name)}`);

  writer.heading('Link', bold);
  writer.field('Signing link', evidence.link.url);
  writer.field('SHA-256 of link code', evidence.link.codeSha256, mono);
  writer.field(
    'Created',
    `${evidence.link.createdAt}${evidence.link.createdBy ? ` by ${ascii(evidence.link.createdBy)}` : ''}`,
  );
  writer.field('Expires', evidence.link.expiresAt);

  writer.heading('Signing (UTC)', bold);
  writer.field('Link first opened', evidence.times.openedAt ?? '-');
  writer.field('Agreement read', evidence.times.readAt ?? '-');
  writer.field('Agreement signed', evidence.times.signedAt);
  writer.field('Signer IP address', ascii(evidence.signer.ip));
  writer.field('Signer user agent', ascii(evidence.signer.userAgent) || '-');

  writer.heading('Integrity (SHA-256)', bold);
  for (const page of evidence.pages) {
    writer.field(`Page ${page.pageNo} image (${page.width}x${page.height})`, page.sha256, mono);
  }
  writer.field(
    `Signature image (${evidence.signature.width}x${evidence.signature.height}, ${evidence.signature.size} bytes)`,
    evidence.signature.sha256,
    mono,
  );
  writer.field(`Signed page ${evidence.signedImage.pageNo} image`, evidence.signedImage.sha256, mono);
  writer.gap(6);
  writer.text(
    'This PDF file as a whole: its SHA-256 cannot be printed inside the file it covers. It is computed when the file is written and kept in the platform\'s append-only audit log (action "agreement.sign") and in the agreement record; compute the SHA-256 of this file and compare. The same evidence is attached to this file as evidence.json, with names in full.',
    regular,
    8.5,
    MUTED,
  );
}

/** Writes lines top-down, wrapping long values and starting a new A4 page when one is full. */
class PageWriter {
  #page: PDFPage;
  #y: number;
  readonly #width = A4_WIDTH - 2 * MARGIN;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
  ) {
    this.#page = pdf.addPage([A4_WIDTH, A4_HEIGHT]);
    this.#y = A4_HEIGHT - MARGIN;
  }

  gap(points: number) {
    this.#y -= points;
  }

  heading(label: string, font: PDFFont) {
    this.gap(8);
    this.text(label, font, 11.5, INK);
    this.gap(2);
  }

  text(value: string, font: PDFFont, size: number, color = INK, indent = 0) {
    for (const line of wrap(value, font, size, this.#width - indent)) {
      this.#line(line, font, size, color, indent);
    }
  }

  field(label: string, value: string, valueFont: PDFFont = this.regular) {
    this.text(label, this.regular, 8.5, MUTED);
    this.text(value, valueFont, 9.5, INK, 10);
    this.gap(3);
  }

  #line(text: string, font: PDFFont, size: number, color: ReturnType<typeof rgb>, indent: number) {
    const height = size * 1.35;
    if (this.#y - height < MARGIN) {
      this.#page = this.pdf.addPage([A4_WIDTH, A4_HEIGHT]);
      this.#y = A4_HEIGHT - MARGIN;
    }
    this.#y -= height;
    this.#page.drawText(text, { x: MARGIN + indent, y: this.#y, size, font, color });
  }
}

/**
 * A piece a line may break after: a Chinese/Japanese character with the closing punctuation that follows it (a
 * line never starts with "，" or "）"), a run of other non-space characters (a word), or a run of spaces.
 */
const PIECES =
  /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f][，。、：；！？）》」』”’]*|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+|\s+/gu;

/**
 * Breaks text into lines that fit `width`: at spaces and between Chinese characters where possible, and anywhere in
 * a word too long for a line.
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const piece of text.match(PIECES) ?? []) {
    if (/^\s+$/.test(piece)) {
      // Spaces end a line rather than start the next one.
      if (line && fits(`${line}${piece}`)) line += piece;
      else if (line) {
        lines.push(line.trimEnd());
        line = '';
      }
      continue;
    }
    if (fits(`${line}${piece}`)) {
      line += piece;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = '';
    let rest = piece;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}
