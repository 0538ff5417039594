import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument } from 'pdf-lib';
import { cadesSignature, type SealKey } from './cms.ts';
import { requestTimeStamp } from './timestamp.ts';

/** What the seal needs inside the worker: plain data. */
export interface SealInput {
  key: SealKey;
  tsaUrl?: string;
  /** The signature dictionary's fields a PDF reader shows next to the seal. */
  reason: string;
  location: string;
  contactInfo: string;
  name: string;
}

/** Room for the CMS in the file: a certificate chain of a few KB, and a time-stamp token when one is asked for. */
const SIGNATURE_ROOM = 12_288;
const SIGNATURE_ROOM_WITH_TSA = 24_576;

/** @signpdf's signer interface over this module's PAdES B-B CMS (cms.ts), remembering the digest it signed. */
class CadesSigner extends Signer {
  contentSha256 = '';

  constructor(private readonly input: SealInput) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const { tsaUrl } = this.input;
    const stamp = tsaUrl ? (value: Buffer) => requestTimeStamp(tsaUrl, value) : undefined;
    const signature = await cadesSignature(content, this.input.key, stamp);
    this.contentSha256 = signature.contentSha256;
    return signature.der;
  }
}

/**
 * Seals `pdf` (not yet saved): an invisible signature field whose ETSI.CAdES.detached signature covers the whole
 * file but the signature itself, claimed at `signedAt` (/M). Returns the bytes and the SHA-256 of the signed range,
 * which the public verification looks the document up by.
 */
export async function sealPdf(
  pdf: PDFDocument,
  input: SealInput,
  signedAt: Date,
): Promise<{ bytes: Uint8Array; sealedContentSha256: string }> {
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: input.reason,
    location: input.location,
    contactInfo: input.contactInfo,
    name: input.name,
    signingTime: signedAt,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: input.tsaUrl ? SIGNATURE_ROOM_WITH_TSA : SIGNATURE_ROOM,
    appName: input.name,
  });
  // Object streams would compress the signature dictionary, and the byte range could not be found and filled in.
  const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const signer = new CadesSigner(input);
  const bytes = await new SignPdf().sign(unsigned, signer, signedAt);
  return { bytes: new Uint8Array(bytes), sealedContentSha256: signer.contentSha256 };
}
