import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCadesSignature } from './cms.ts';
import { loadSealKey, SELF_SIGNED_FILE, SealKeyError } from './seal-key.ts';
import { sealPdf } from './seal-pdf.ts';
import { byteRangeOf } from './test-helpers.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-seal-key-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** A PKCS#12 such as a CA would issue, made here: an RSA key and its certificate, under a password. */
function p12File(password: string, commonName = 'Configured Seal Ltd'): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  certificate.serialNumber = '0a1b2c';
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  certificate.setSubject([{ name: 'commonName', value: commonName }]);
  certificate.setIssuer([{ name: 'commonName', value: 'Test CA' }]);
  const key = forge.pki.privateKeyFromPem(privateKey);
  certificate.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Seals a one-page PDF and returns the certificate its signature names, after checking the signature. */
async function sealedBy(settings: ReturnType<typeof loadSealKey>): Promise<X509Certificate> {
  const pdf = await PDFDocument.create();
  pdf.addPage([100, 100]);
  const { bytes } = await sealPdf(
    pdf,
    { key: settings.key, reason: 'r', location: 'l', contactInfo: 'c', name: 'n' },
    new Date(),
  );
  const file = Buffer.from(bytes);
  const [, firstEnd, secondStart, secondLength] = byteRangeOf(file);
  const contents = Buffer.from(file.toString('latin1', firstEnd + 1, secondStart - 1), 'hex');
  const signed = Buffer.concat([
    file.subarray(0, firstEnd),
    file.subarray(secondStart, secondStart + secondLength),
  ]);
  const check = checkCadesSignature(contents, signed);
  if (!check.valid) throw new Error(`seal does not verify: ${check.problem}`);
  return check.certificate;
}

describe('the self-signed seal', () => {
  it('is made once in DATA_DIR with mode 0600 and reused afterwards', async () => {
    const first = loadSealKey({ dataDir }, 2048);
    expect(first.origin).toBe('generated');
    const file = path.join(dataDir, SELF_SIGNED_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const certificate = new X509Certificate(first.key.certificatePems[0] ?? '');
    expect(certificate.subject).toContain('CN=KXT Platform Document Seal');

    const again = loadSealKey({ dataDir }, 2048);
    expect(again.origin).toBe('reused');
    expect(again.key).toEqual(first.key);
    expect(await readFile(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect((await sealedBy(again)).fingerprint256).toBe(certificate.fingerprint256);
  });

  it('has the key usages of a signing certificate: digital signature and non-repudiation', () => {
    const settings = loadSealKey({ dataDir }, 2048);
    const certificate = forge.pki.certificateFromPem(settings.key.certificatePems[0] ?? '');
    expect(certificate.getExtension('keyUsage')).toMatchObject({
      digitalSignature: true,
      nonRepudiation: true,
    });
    expect(certificate.publicKey).toBeTruthy();
  });

  it('refuses a damaged key file with a message saying what to do', async () => {
    await writeFile(path.join(dataDir, SELF_SIGNED_FILE), 'garbage', { mode: 0o600 });
    expect(() => loadSealKey({ dataDir }, 2048)).toThrow(/remove it to make a new seal/);
  });
});

describe('a configured certificate (SIGNING_CERT_P12)', () => {
  it('seals with the PKCS#12 at a path, and makes no self-signed one', async () => {
    const file = path.join(dataDir, 'platform.p12');
    await writeFile(file, p12File('s3cret-pass'));
    const settings = loadSealKey({ dataDir, seal: { p12: { source: file, password: 's3cret-pass' } } });
    expect(settings.origin).toBe('configured');
    expect((await sealedBy(settings)).subject).toBe('CN=Configured Seal Ltd');
    await expect(stat(path.join(dataDir, SELF_SIGNED_FILE))).rejects.toThrow();
  });

  it('takes the file as base64 after "base64:"', async () => {
    const source = `base64:${p12File('pw', 'Inline Seal').toString('base64')}`;
    const settings = loadSealKey({ dataDir, seal: { p12: { source, password: 'pw' } } });
    expect((await sealedBy(settings)).subject).toBe('CN=Inline Seal');
  });

  it('says which variable is wrong on a bad password, without printing the password', async () => {
    const source = `base64:${p12File('right-password').toString('base64')}`;
    let message = '';
    try {
      loadSealKey({ dataDir, seal: { p12: { source, password: 'wrong-password' } } });
    } catch (error) {
      expect(error).toBeInstanceOf(SealKeyError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/SIGNING_CERT_PASSWORD/);
    expect(message).not.toContain('wrong-password');
  });
});
