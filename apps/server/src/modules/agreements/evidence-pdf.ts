import { beijingTime } from '@kxt/contracts/seal';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { cjkFontSubset } from '../../lib/cjk-font.ts';
import { translate } from '../../locales/translate.ts';
import { type MessageKey, zhCN } from '../../locales/zh-CN.ts';
import type { ImageMime } from './images.ts';
import { type SealInput, sealPdf } from './seal/seal-pdf.ts';
import type { SignerIdentityEvidence } from './signer-identity.ts';

/**
 * What the signing proves, kept as JSON in the agreement row, attached to the PDF as evidence.json and printed on
 * its last page(s) in Chinese and English: which document (name, template version, the SHA-256 of every page image
 * and of all of them before signing), between whom (customer and provider), who signed and how they were
 * identified, what happened when (opened, read, signed), from where (IP, browser) and the signature.
 */
export interface EvidenceRecord {
  format: 'kxt-signature-evidence/2';
  agreement: {
    id: number;
    name: string;
    nameEn: string;
    templateId: number;
    templateVersion: number;
  };
  customer: { id: number; name: string };
  provider: { name: string; nameEn: string };
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
  signerIdentity: SignerIdentityEvidence;
  /** SHA-256 of the page images as shown to the signer, one after another, before the signature went on. */
  documentSha256: string;
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
/** The labels' column on the evidence page; values start after it. */
const LABEL_COLUMN = 170;
const HASH_SIZE = 8;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const ACCENT = rgb(0.031, 0.596, 0.631);

/** Characters every evidence page can need besides its own values: printable ASCII and the layout's signs. */
const ALWAYS = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}–—·、，。：；（）`;
const EVIDENCE_KEYS = (Object.keys(zhCN) as MessageKey[]).filter((key) => key.startsWith('seal.evidence.'));

const zh = (key: MessageKey, params?: Record<string, string | number>) => translate('zh-CN', key, params);
const en = (key: MessageKey, params?: Record<string, string | number>) => translate('en-US', key, params);
/** A label in both languages, Chinese first. */
const both = (key: MessageKey, params?: Record<string, string | number>) =>
  `${zh(key, params)}  ${en(key, params)}`;
const orNotRecorded = (value: string | null | undefined) => value || both('seal.evidence.notRecorded');
const time = (iso: string | null | undefined) => (iso ? beijingTime(iso) : both('seal.evidence.notRecorded'));

/**
 * The signed agreement: every page image in order (the last one is the page with the signature in place), then
 * the evidence page(s), sealed by the platform (seal/seal-pdf.ts). The evidence is also attached as evidence.json.
 * Dates inside the file are the signing time, so the same inputs always give the same bytes (without a time stamp).
 */
export async function buildSignedPdf(
  pages: PdfPageImage[],
  evidence: EvidenceRecord,
  seal: SealInput & { verifyUrl: string },
): Promise<{ bytes: Uint8Array; sealedContentSha256: string }> {
  const signedAt = new Date(evidence.times.signedAt);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${evidence.agreement.name} - ${evidence.customer.name}`);
  pdf.setSubject(`Signed agreement #${evidence.agreement.id} with its signature evidence record`);
  pdf.setAuthor(evidence.customer.name);
  pdf.setCreator(seal.name);
  pdf.setProducer(`${seal.name} (pdf-lib)`);
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);

  for (const image of pages) {
    const embedded =
      image.mime === 'image/png' ? await pdf.embedPng(image.bytes) : await pdf.embedJpg(image.bytes);
    const height = (A4_WIDTH * image.height) / image.width;
    const page = pdf.addPage([A4_WIDTH, height]);
    page.drawImage(embedded, { x: 0, y: 0, width: A4_WIDTH, height });
  }

  await drawEvidence(pdf, evidence, pages.length, seal.verifyUrl);
  await pdf.attach(new TextEncoder().encode(JSON.stringify(evidence, null, 2)), 'evidence.json', {
    mimeType: 'application/json',
    description: 'Signature evidence record',
    creationDate: signedAt,
    modificationDate: signedAt,
  });
  return sealPdf(pdf, seal, signedAt);
}

/**
 * Noto Sans SC cut down to the characters this page prints (lib/cjk-font.ts), so Chinese names, the consent text
 * and the labels show as themselves; hashes use Courier, whose digits line up.
 */
async function evidenceFonts(pdf: PDFDocument, evidence: EvidenceRecord, verifyUrl: string) {
  pdf.registerFontkit(fontkit);
  const labels = EVIDENCE_KEYS.map((key) => `${zh(key)}${en(key)}`).join('');
  const text = `${ALWAYS}${labels}${JSON.stringify(evidence)}${verifyUrl}`;
  const [regularBytes, boldBytes] = await Promise.all([
    cjkFontSubset('regular', text),
    cjkFontSubset('bold', text),
  ]);
  // Already subset by HarfBuzz (fontkit's subsetting breaks these fonts); no ligatures, so copied text stays text.
  const options = { subset: false, features: { liga: false } };
  return {
    regular: await pdf.embedFont(regularBytes, options),
    bold: await pdf.embedFont(boldBytes, options),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
}

async function drawEvidence(
  pdf: PDFDocument,
  evidence: EvidenceRecord,
  agreementPages: number,
  verifyUrl: string,
) {
  const { regular, bold, mono } = await evidenceFonts(pdf, evidence, verifyUrl);
  const identity = evidence.signerIdentity;
  const writer = new PageWriter(pdf, regular);

  writer.text(zh('seal.evidence.title'), bold, 18, ACCENT);
  writer.text(en('seal.evidence.title'), bold, 12, ACCENT);
  writer.gap(4);
  writer.text(zh('seal.evidence.intro', { pages: agreementPages }), regular, 8.5, MUTED);
  writer.text(en('seal.evidence.intro', { pages: agreementPages }), regular, 8.5, MUTED);
  writer.gap(4);

  writer.heading(both('seal.evidence.document'), bold);
  writer.field(both('seal.evidence.agreementNo'), `#${evidence.agreement.id}`);
  writer.field(
    both('seal.evidence.agreementName'),
    `${evidence.agreement.name}  ${evidence.agreement.nameEn}`,
  );
  const version = { version: evidence.agreement.templateVersion, template: evidence.agreement.templateId };
  writer.field(
    both('seal.evidence.templateVersion'),
    `${zh('seal.evidence.templateVersionValue', version)}  ${en('seal.evidence.templateVersionValue', version)}`,
  );
  writer.field(both('seal.evidence.customer'), evidence.customer.name);
  writer.field(both('seal.evidence.provider'), `${evidence.provider.name}  ${evidence.provider.nameEn}`);

  writer.heading(both('seal.evidence.signer'), bold);
  writer.field(both('seal.evidence.signerName'), orNotRecorded(identity.signerName));
  writer.field(both('seal.evidence.mobile'), orNotRecorded(identity.maskedMobile));
  const checked = identity.codeSentAt || identity.codeConfirmedAt;
  const check = { sent: time(identity.codeSentAt), confirmed: time(identity.codeConfirmedAt) };
  writer.field(
    both('seal.evidence.identityCheck'),
    checked
      ? `${zh('seal.evidence.identityCheckValue', check)}\n${en('seal.evidence.identityCheckValue', check)}`
      : both('seal.evidence.notRecorded'),
  );
  writer.field(both('seal.evidence.consent'), orNotRecorded(identity.consentText));
  writer.field(both('seal.evidence.consentAt'), time(identity.consentAt));
  writer.field(both('seal.evidence.ip'), orNotRecorded(evidence.signer.ip));
  writer.field(both('seal.evidence.browser'), orNotRecorded(evidence.signer.userAgent));

  writer.heading(both('seal.evidence.times'), bold);
  writer.field(both('seal.evidence.linkCreated'), time(evidence.link.createdAt));
  writer.field(both('seal.evidence.linkExpires'), time(evidence.link.expiresAt));
  writer.field(both('seal.evidence.opened'), time(evidence.times.openedAt));
  writer.field(both('seal.evidence.read'), time(evidence.times.readAt));
  writer.field(both('seal.evidence.signed'), time(evidence.times.signedAt));

  writer.heading(both('seal.evidence.integrity'), bold);
  // 64 hex digits of Courier fit the value column at this size.
  const hash = (label: string, value: string) => writer.field(label, value, mono, HASH_SIZE);
  hash(both('seal.evidence.documentBefore'), evidence.documentSha256);
  for (const page of evidence.pages) hash(both('seal.evidence.page', { page: page.pageNo }), page.sha256);
  hash(both('seal.evidence.signatureImage'), evidence.signature.sha256);
  hash(both('seal.evidence.signedPage', { page: evidence.signedImage.pageNo }), evidence.signedImage.sha256);
  writer.gap(6);
  writer.text(zh('seal.evidence.sealNote', { verifyUrl }), regular, 8.5, MUTED);
  writer.text(en('seal.evidence.sealNote', { verifyUrl }), regular, 8.5, MUTED);
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
    this.#keep(60);
    this.gap(8);
    this.text(label, font, 11.5, INK);
    this.gap(2);
  }

  text(value: string, font: PDFFont, size: number, color = INK, indent = 0) {
    for (const paragraph of value.split('\n')) {
      for (const line of wrap(paragraph, font, size, this.#width - indent)) {
        this.#line(line, font, size, color, indent);
      }
    }
  }

  /** A label (both languages, muted) in a left column and its value beside it, wrapped in the rest of the line. */
  field(label: string, value: string, valueFont: PDFFont = this.regular, valueSize = 9) {
    const labelLines = label.split(/ {2}/).flatMap((part) => wrap(part, this.regular, 7.5, LABEL_COLUMN - 8));
    const valueLines = value
      .split('\n')
      .flatMap((part) => wrap(part, valueFont, valueSize, this.#width - LABEL_COLUMN));
    const valueLine = valueSize * 1.35;
    // The label's first line sits on the value's first baseline.
    const labelHeight = valueLine + (labelLines.length - 1) * 7.5 * 1.3;
    const valueHeight = valueLines.length * valueLine;
    this.#keep(Math.max(labelHeight, valueHeight) + 3);
    const top = this.#y;
    labelLines.forEach((line, index) => {
      this.#page.drawText(line, {
        x: MARGIN,
        y: top - valueLine - 7.5 * 1.3 * index,
        size: 7.5,
        font: this.regular,
        color: MUTED,
      });
    });
    valueLines.forEach((line, index) => {
      this.#page.drawText(line, {
        x: MARGIN + LABEL_COLUMN,
        y: top - valueLine * (index + 1),
        size: valueSize,
        font: valueFont,
        color: INK,
      });
    });
    this.#y = top - Math.max(labelHeight, valueHeight) - 3;
  }

  /** Starts a new page unless `points` are left, so a label does not end a page without its value. */
  #keep(points: number) {
    if (this.#y - points < MARGIN) this.#newPage();
  }

  #newPage() {
    this.#page = this.pdf.addPage([A4_WIDTH, A4_HEIGHT]);
    this.#y = A4_HEIGHT - MARGIN;
  }

  #line(text: string, font: PDFFont, size: number, color: ReturnType<typeof rgb>, indent: number) {
    const height = size * 1.35;
    if (this.#y - height < MARGIN) this.#newPage();
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
