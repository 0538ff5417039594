import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCadesSignature, OID } from './cms.ts';
import { sealPdf } from './seal-pdf.ts';
import { byteRangeOf, testSealInput } from './test-helpers.ts';
import { requestTimeStamp } from './timestamp.ts';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;
const universal = (type: number, constructed: boolean, value: Asn1[] | string) =>
  asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);

/**
 * A stand-in time-stamping authority: answers "granted" with a token that repeats the request's imprint and nonce
 * (a real token is a signed TSTInfo; its structure is not what is tested here), or refuses when told to.
 */
let refuse = false;
let requests = 0;
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests += 1;
      expect(request.headers['content-type']).toBe('application/timestamp-query');
      const query = asn1.fromDer(Buffer.concat(chunks).toString('binary')).value as Asn1[];
      const imprint = (((query[1] as Asn1).value as Asn1[])[1] as Asn1).value as string;
      const nonce = (query[2] as Asn1).value as string;
      const status = universal(asn1.Type.SEQUENCE, true, [
        universal(asn1.Type.INTEGER, false, asn1.integerToDer(refuse ? 2 : 0).getBytes()),
      ]);
      const token = universal(asn1.Type.SEQUENCE, true, [
        universal(asn1.Type.OID, false, asn1.oidToDer(OID.signedData).getBytes()),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
          universal(asn1.Type.OCTETSTRING, false, `${imprint}${nonce}`),
        ]),
      ]);
      const answer = universal(asn1.Type.SEQUENCE, true, refuse ? [status] : [status, token]);
      response.setHeader('content-type', 'application/timestamp-reply');
      response.end(Buffer.from(asn1.toDer(answer).getBytes(), 'binary'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function sealWithTsa() {
  const pdf = await PDFDocument.create();
  pdf.addPage([100, 100]);
  return sealPdf(pdf, { ...testSealInput(), tsaUrl: url }, new Date());
}

describe('SIGNING_TSA_URL', () => {
  it('asks the authority once per seal and keeps its token as the signature-time-stamp attribute', async () => {
    refuse = false;
    const before = requests;
    const { bytes } = await sealWithTsa();
    expect(requests).toBe(before + 1);
    const file = Buffer.from(bytes);
    const [, firstEnd, secondStart, secondLength] = byteRangeOf(file);
    const contents = Buffer.from(file.toString('latin1', firstEnd + 1, secondStart - 1), 'hex');
    expect(
      contents.includes(Buffer.from(asn1.oidToDer(OID.signatureTimeStampToken).getBytes(), 'binary')),
    ).toBe(true);
    const signed = Buffer.concat([
      file.subarray(0, firstEnd),
      file.subarray(secondStart, secondStart + secondLength),
    ]);
    expect(checkCadesSignature(contents, signed).valid).toBe(true);
  });

  it('sends a nonce the answer repeats, whatever its random first byte', async () => {
    refuse = false;
    for (const first of [0x00, 0x7f, 0x80, 0xff]) {
      const random = (size: number) => Buffer.from([first, ...Array.from({ length: size - 1 }, () => 0x10)]);
      await expect(requestTimeStamp(url, Buffer.from('signature'), random)).resolves.toBeInstanceOf(Buffer);
    }
  });

  it('fails the seal when the authority refuses', async () => {
    refuse = true;
    await expect(sealWithTsa()).rejects.toThrow(/refused/);
  });
});
