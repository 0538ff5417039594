import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPdf } from './seal-pdf.ts';
import { byteRangeOf, hasPdfsig, pdfsig, testSealInput } from './test-helpers.ts';

async function samplePdf(): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText('Sealed sample', {
    x: 20,
    y: 150,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return pdf;
}

const POPPLER = hasPdfsig ? 'poppler' : 'poppler (SKIPPED: pdfsig of poppler-utils is not installed)';

describe.skipIf(!hasPdfsig)(`the seal, as ${POPPLER} sees it`, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kxt-seal-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is a valid ETSI.CAdES.detached signature on the fresh file, invalid after one byte of the range changes', async () => {
    const { bytes, sealedContentSha256 } = await sealPdf(
      await samplePdf(),
      testSealInput(),
      new Date('2026-11-23T10:05:12Z'),
    );
    const fresh = path.join(dir, 'fresh.pdf');
    await writeFile(fresh, bytes);
    const report = pdfsig(fresh);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: KXT Platform Document Seal');
    expect(sealedContentSha256).toMatch(/^[0-9a-f]{64}$/);

    // One byte inside the first signed range (a page's content), then one inside the second (the trailer).
    const [, firstEnd, secondStart] = byteRangeOf(bytes);
    for (const offset of [Math.floor(firstEnd / 2), bytes.length - 10]) {
      expect(offset < firstEnd || offset >= secondStart).toBe(true);
      const tampered = Buffer.from(bytes);
      tampered[offset] = (tampered[offset] ?? 0) ^ 0x01;
      const file = path.join(dir, `tampered-${offset}.pdf`);
      await writeFile(file, tampered);
      expect(pdfsig(file)).toContain('Signature Validation: Digest Mismatch.');
    }
  });
});
