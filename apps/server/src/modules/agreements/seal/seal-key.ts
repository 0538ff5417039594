import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VERIFY_PATH } from '@kxt/contracts/seal';
import forge from 'node-forge';
import type { Config } from '../../../config.ts';
import type { SealKey } from './cms.ts';

/** Where the self-signed seal lives when no certificate is configured: key and certificate, readable by the owner. */
export const SELF_SIGNED_FILE = 'seal-certificate.pem';

const SUBJECT = [
  { name: 'commonName', value: 'KXT Platform Document Seal' },
  { name: 'organizationName', value: 'KXT Cross-border Service Platform' },
  { shortName: 'OU', value: 'Self-signed signing certificate' },
  { name: 'countryName', value: 'CN' },
];
const VALID_YEARS = 10;

type SealKeyConfig = Pick<Config, 'dataDir' | 'seal' | 'notify'>;

export type SealKeyOrigin = 'configured' | 'generated' | 'reused';
export interface SealSettings {
  key: SealKey;
  origin: SealKeyOrigin;
  tsaUrl?: string;
  /** The public verification page, printed on every evidence page. */
  verifyUrl: string;
  /** The certificate's subject, for the start-up message and the guide. */
  subject: string;
}

export class SealKeyError extends Error {}

/**
 * The platform's seal: the PKCS#12 of SIGNING_CERT_P12 (a path, or `base64:` and the file's bytes), else the
 * self-signed certificate kept in DATA_DIR, made on first use (RSA 3072, key usage digitalSignature and
 * nonRepudiation) with file mode 0600.
 */
export function loadSealKey(config: SealKeyConfig, modulusLength = 3072): SealSettings {
  const tsaUrl = config.seal?.tsaUrl;
  const verifyUrl = `${config.notify?.publicUrl ?? ''}${VERIFY_PATH}`;
  const p12 = config.seal?.p12;
  if (p12)
    return { ...withSubject(keyFromP12(p12.source, p12.password)), origin: 'configured', tsaUrl, verifyUrl };
  const file = path.join(config.dataDir, SELF_SIGNED_FILE);
  if (existsSync(file)) {
    return { ...withSubject(keyFromPem(readFileSync(file, 'utf8'))), origin: 'reused', tsaUrl, verifyUrl };
  }
  const key = selfSignedKey(modulusLength);
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${key.privateKeyPem}${key.certificatePems.join('')}`, { mode: 0o600, flag: 'wx' });
  return { ...withSubject(key), origin: 'generated', tsaUrl, verifyUrl };
}

function withSubject(key: SealKey): { key: SealKey; subject: string } {
  const pem = key.certificatePems[0] ?? '';
  const certificate = forge.pki.certificateFromPem(pem);
  const subject = certificate.subject.attributes.map((attr) => `${attr.shortName}=${attr.value}`).join(', ');
  return { key, subject };
}

function keyFromP12(source: string, password: string): SealKey {
  let der: Buffer;
  try {
    der = source.startsWith('base64:') ? Buffer.from(source.slice(7), 'base64') : readFileSync(source);
  } catch (error) {
    throw new SealKeyError(`SIGNING_CERT_P12: cannot read ${source}: ${(error as Error).message}`);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), false, password);
  } catch {
    // forge's message may quote the input; the password is never part of what is reported.
    throw new SealKeyError(
      'SIGNING_CERT_P12: not a readable PKCS#12 file, or SIGNING_CERT_PASSWORD does not open it',
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const privateKey = [
    ...bags(forge.pki.oids.pkcs8ShroudedKeyBag as string),
    ...bags(forge.pki.oids.keyBag as string),
  ].find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!privateKey) throw new SealKeyError('SIGNING_CERT_P12: the file holds no RSA private key');
  const certificates = bags(forge.pki.oids.certBag as string).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const signer = certificates.find(
    (certificate) =>
      (certificate.publicKey as forge.pki.rsa.PublicKey).n.compareTo(privateKey.n) === 0 &&
      (certificate.publicKey as forge.pki.rsa.PublicKey).e.compareTo(privateKey.e) === 0,
  );
  if (!signer) throw new SealKeyError('SIGNING_CERT_P12: no certificate in the file matches its private key');
  return {
    privateKeyPem: forge.pki.privateKeyToPem(privateKey),
    certificatePems: [signer, ...certificates.filter((certificate) => certificate !== signer)].map(
      (certificate) => forge.pki.certificateToPem(certificate),
    ),
  };
}

function keyFromPem(pem: string): SealKey {
  const privateKeyPem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\r?\n?/.exec(pem)?.[0];
  const certificatePems =
    pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\r?\n?/g) ?? [];
  if (!privateKeyPem || certificatePems.length === 0) {
    throw new SealKeyError(`${SELF_SIGNED_FILE} in the data folder is damaged: remove it to make a new seal`);
  }
  return { privateKeyPem, certificatePems };
}

function selfSignedKey(modulusLength: number): SealKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial of 16 random bytes (the leading byte below 0x80).
  certificate.serialNumber = `0${randomBytes(16).toString('hex').slice(1)}`;
  const now = new Date();
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(now.getTime());
  certificate.validity.notAfter.setFullYear(now.getFullYear() + VALID_YEARS);
  certificate.setSubject(SUBJECT);
  certificate.setIssuer(SUBJECT);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKeyPem: privateKey, certificatePems: [forge.pki.certificateToPem(certificate)] };
}

let active: SealSettings | undefined;

/** Start-up: loads (or makes) the seal once for this process; signing then uses it. */
export function configureSeal(config: SealKeyConfig): SealSettings {
  active = loadSealKey(config);
  return active;
}

/**
 * The seal signing uses. A process that did not configure one (tests, scripts) gets a throwaway self-signed
 * certificate made once in memory: its PDFs are sealed the same way, by a certificate nobody keeps.
 */
export function currentSeal(): SealSettings {
  active ??= { ...withSubject(selfSignedKey(2048)), origin: 'generated', verifyUrl: VERIFY_PATH };
  return active;
}
