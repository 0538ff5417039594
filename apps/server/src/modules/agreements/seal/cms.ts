import { createHash, sign, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/**
 * CMS SignedData for PAdES baseline B-B (ETSI EN 319 142-1): a detached signature whose signed attributes are the
 * content type, the message digest and signing-certificate-v2 (which binds the signer's certificate), without the
 * signing-time attribute (PAdES puts the claimed time in the signature dictionary's /M). node-forge's PKCS#7 writer
 * cannot add signing-certificate-v2, so the structure is written here with its ASN.1 helpers; Node's crypto signs.
 */
const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

/** The platform's signing key and its certificate chain (signer first), as PEM: plain data for the worker. */
export interface SealKey {
  privateKeyPem: string;
  certificatePems: string[];
}

const binary = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');
const bytesOf = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
/** Reads one DER value; bytes after it (the zero padding of a PDF's /Contents) are ignored. */
const parse = (bytes: Uint8Array): Asn1 =>
  // @types/node-forge declares only the older boolean argument; forge 1.x takes these options.
  (asn1.fromDer as unknown as (input: string, options: object) => Asn1)(binary(bytes), {
    strict: true,
    parseAllBytes: false,
    decodeBitStrings: false,
  });

const universal = (type: number, constructed: boolean, value: Asn1[] | string) =>
  asn1.create(asn1.Class.UNIVERSAL, type, constructed, value);
const sequence = (...items: Asn1[]) => universal(asn1.Type.SEQUENCE, true, items);
const set = (...items: Asn1[]) => universal(asn1.Type.SET, true, items);
const oid = (value: string) => universal(asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Uint8Array) => universal(asn1.Type.OCTETSTRING, false, binary(bytes));
const integer = (value: number) => universal(asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nul = () => universal(asn1.Type.NULL, false, '');
const tagged = (tag: number, items: Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items);
const algorithm = (value: string) => sequence(oid(value), nul());
const attribute = (type: string, value: Asn1) => sequence(oid(type), set(value));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** A DER SET OF is sorted by the encodings of its members. */
function sortedSetMembers(members: Asn1[]): Asn1[] {
  return members
    .map((member) => ({ member, der: bytesOf(member) }))
    .sort((a, b) => Buffer.compare(a.der, b.der))
    .map(({ member }) => member);
}

interface CertificateParts {
  der: Buffer;
  node: Asn1;
  issuer: Asn1;
  serial: Asn1;
}

function certificateParts(pem: string): CertificateParts {
  const der = Buffer.from(new X509Certificate(pem).raw);
  const node = parse(der);
  const tbs = (node.value as Asn1[])[0] as Asn1;
  const fields = tbs.value as Asn1[];
  // A v3 certificate starts with its [0] version; serial and issuer follow (the signature algorithm in between).
  const offset = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return { der, node, serial: fields[offset] as Asn1, issuer: fields[offset + 2] as Asn1 };
}

/**
 * The detached CAdES signature of `content` (the PDF's signed byte ranges). `timeStamp`, when given, returns an
 * RFC 3161 time-stamp token over the signature value, kept as the unsigned signature-time-stamp attribute (B-T).
 */
export async function cadesSignature(
  content: Uint8Array,
  key: SealKey,
  timeStamp?: (signatureValue: Buffer) => Promise<Buffer>,
): Promise<{ der: Buffer; contentSha256: string }> {
  const [signerPem, ...chainPems] = key.certificatePems;
  if (!signerPem) throw new Error('the seal has no certificate');
  const signer = certificateParts(signerPem);
  const chain = chainPems.map(certificateParts);
  const digest = sha256(content);

  const essCertIdV2 = sequence(
    // hashAlgorithm is left out: its DEFAULT is SHA-256.
    octets(sha256(signer.der)),
    sequence(sequence(tagged(4, [signer.issuer])), signer.serial),
  );
  const signedAttributes = sortedSetMembers([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(digest)),
    attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
  ]);
  // The signature covers the attributes encoded as a SET; the SignerInfo carries them as [0] IMPLICIT.
  const signatureValue = sign('sha256', bytesOf(set(...signedAttributes)), key.privateKeyPem);

  const signerInfo = sequence(
    integer(1),
    sequence(signer.issuer, signer.serial),
    algorithm(OID.sha256),
    tagged(0, signedAttributes),
    algorithm(OID.rsaEncryption),
    octets(signatureValue),
  );
  if (timeStamp) {
    const token = parse(await timeStamp(signatureValue));
    (signerInfo.value as Asn1[]).push(tagged(1, [attribute(OID.signatureTimeStampToken, token)]));
  }
  const signedData = sequence(
    integer(1),
    set(algorithm(OID.sha256)),
    sequence(oid(OID.data)),
    tagged(0, [signer.node, ...chain.map((part) => part.node)]),
    set(signerInfo),
  );
  return {
    der: bytesOf(sequence(oid(OID.signedData), tagged(0, [signedData]))),
    contentSha256: digest.toString('hex'),
  };
}

export type CmsCheck =
  | { valid: true; contentSha256: string; certificate: X509Certificate }
  | { valid: false; problem: 'unreadable' | 'unsupported' | 'digestMismatch' | 'badSignature' };

const oidOf = (node: Asn1 | undefined) =>
  node?.type === asn1.Type.OID ? asn1.derToOid(forge.util.createBuffer(node.value as string)) : undefined;
const children = (node: Asn1 | undefined): Asn1[] => (Array.isArray(node?.value) ? node.value : []);
const isContext = (node: Asn1 | undefined, tag: number) =>
  node?.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === tag;

/**
 * Checks a detached CMS signature (SHA-256 with RSA, as this platform writes) over `content`: the message-digest
 * attribute equals the content's SHA-256, and the signer certificate's key verifies the signed attributes.
 */
export function checkCadesSignature(cmsDer: Uint8Array, content: Uint8Array): CmsCheck {
  let signedData: Asn1[];
  let signerInfo: Asn1[];
  try {
    const contentInfo = children(parse(cmsDer));
    if (oidOf(contentInfo[0]) !== OID.signedData) return { valid: false, problem: 'unreadable' };
    signedData = children(children(contentInfo[1])[0]);
    signerInfo = children(children(signedData.at(-1))[0]);
  } catch {
    return { valid: false, problem: 'unreadable' };
  }
  const [, sid, digestAlgorithm, signedAttrs, signatureAlgorithm, signatureValue] = signerInfo;
  if (!sid || !isContext(signedAttrs, 0) || signatureValue?.type !== asn1.Type.OCTETSTRING) {
    return { valid: false, problem: 'unreadable' };
  }
  const signatureOid = oidOf(children(signatureAlgorithm)[0]);
  if (
    oidOf(children(digestAlgorithm)[0]) !== OID.sha256 ||
    (signatureOid !== OID.rsaEncryption && signatureOid !== OID.sha256WithRsa)
  ) {
    return { valid: false, problem: 'unsupported' };
  }

  const serial = bytesOf(children(sid)[1] as Asn1);
  const certificates = children(signedData.find((node) => isContext(node, 0)));
  const signerCertificate = certificates
    .map((node) => new X509Certificate(bytesOf(node)))
    .find((certificate) => bytesOf(certificateParts(certificate.toString()).serial).equals(serial));
  if (!signerCertificate) return { valid: false, problem: 'unreadable' };

  const digestAttribute = children(signedAttrs).find(
    (attr) => oidOf(children(attr)[0]) === OID.messageDigest,
  );
  const claimed = children(children(digestAttribute)[1])[0];
  if (claimed?.type !== asn1.Type.OCTETSTRING) return { valid: false, problem: 'unreadable' };
  const digest = sha256(content);
  if (!digest.equals(Buffer.from(claimed.value as string, 'binary'))) {
    return { valid: false, problem: 'digestMismatch' };
  }
  const attributesAsSet = bytesOf(set(...children(signedAttrs)));
  const signature = Buffer.from(signatureValue.value as string, 'binary');
  let verified = false;
  try {
    verified = verify('sha256', attributesAsSet, signerCertificate.publicKey, signature);
  } catch {
    verified = false;
  }
  if (!verified) return { valid: false, problem: 'badSignature' };
  return { valid: true, contentSha256: digest.toString('hex'), certificate: signerCertificate };
}
