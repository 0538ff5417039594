import { createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { OID } from './cms.ts';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const TIMEOUT_MS = 15_000;

/**
 * An RFC 3161 time-stamp token over `signatureValue` (its SHA-256) from the authority at `url`: the request asks for
 * the authority's certificate and carries a random nonce, which the answer must repeat.
 */
export async function requestTimeStamp(
  url: string,
  signatureValue: Uint8Array,
  random: (size: number) => Buffer = randomBytes,
): Promise<Buffer> {
  const nonce = random(8);
  // A positive INTEGER in its shortest encoding (first byte 1–127): a first byte of 0 is not minimal DER, and an
  // authority that re-encodes it minimally answers with bytes this request never sent (1 time in 128).
  nonce[0] = (nonce[0] ?? 0) & 0x7f || 1;
  const imprint = createHash('sha256').update(signatureValue).digest();
  const universal = (type: number, constructed: boolean, value: Asn1[] | string) =>
    asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);
  const request = universal(asn1.Type.SEQUENCE, true, [
    universal(asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
    universal(asn1.Type.SEQUENCE, true, [
      universal(asn1.Type.SEQUENCE, true, [
        universal(asn1.Type.OID, false, asn1.oidToDer(OID.sha256).getBytes()),
        universal(asn1.Type.NULL, false, ''),
      ]),
      universal(asn1.Type.OCTETSTRING, false, imprint.toString('binary')),
    ]),
    universal(asn1.Type.INTEGER, false, nonce.toString('binary')),
    universal(asn1.Type.BOOLEAN, false, '\xff'),
  ]);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: Buffer.from(asn1.toDer(request).getBytes(), 'binary'),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the time-stamping authority answered HTTP ${response.status}`);
  const answer = asn1.fromDer(Buffer.from(await response.arrayBuffer()).toString('binary'));
  const [statusInfo, token] = answer.value as Asn1[];
  const status = ((statusInfo?.value as Asn1[] | undefined)?.[0]?.value as string | undefined) ?? '\x02';
  // 0 granted, 1 granted with modifications; anything else is a refusal.
  if (status.length !== 1 || status.charCodeAt(0) > 1 || !token) {
    throw new Error('the time-stamping authority refused the request');
  }
  const der = Buffer.from(asn1.toDer(token).getBytes(), 'binary');
  if (!der.includes(nonce)) throw new Error('the time stamp does not answer this request (nonce)');
  if (!der.includes(imprint)) throw new Error('the time stamp does not cover this signature');
  return der;
}
