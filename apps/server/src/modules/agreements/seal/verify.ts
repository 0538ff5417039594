import { AGREEMENT_STATUS } from '@kxt/contracts/signing';
import type { VerifyResult } from '@kxt/contracts/verify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { checkCadesSignature } from './cms.ts';

interface Signature {
  byteRange: [number, number, number, number];
  contents: Buffer;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

export const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');

/**
 * The file's last signature: its /ByteRange and the DER in /Contents (the hex string between the two ranges).
 * A range that does not describe a hex string inside the file counts as a broken signature, not as none.
 */
function lastSignature(pdf: Buffer): Signature | 'broken' | null {
  const matches = [...pdf.toString('latin1').matchAll(BYTE_RANGE)];
  const last = matches.at(-1);
  if (!last) return null;
  const byteRange = last.slice(1, 5).map(Number) as Signature['byteRange'];
  const [start, firstLength, secondStart, secondLength] = byteRange;
  const wellFormed =
    start === 0 &&
    firstLength < secondStart &&
    secondStart + secondLength <= pdf.length &&
    pdf[firstLength] === 0x3c && // <
    pdf[secondStart - 1] === 0x3e; // >
  if (!wellFormed) return 'broken';
  const hex = pdf.toString('latin1', firstLength + 1, secondStart - 1);
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return 'broken';
  return { byteRange, contents: Buffer.from(hex, 'hex') };
}

/** "张三" → "张*", "Li Lei" → "L*****": enough to recognise one's own document, not to learn a stranger's name. */
export function maskName(name: string): string {
  const characters = [...name.trim()];
  if (characters.length === 0) return '';
  return `${characters[0]}${'*'.repeat(Math.max(1, characters.length - 1))}`;
}

/**
 * Checks an uploaded PDF against the platform's seal: the last signature must verify over its byte range, the
 * range must cover the whole file (nothing appended after sealing), and the signed bytes' SHA-256 must be one
 * the platform recorded when it sealed a signed agreement.
 */
export async function verifySealedPdf(db: Kysely<DB>, pdf: Buffer): Promise<VerifyResult> {
  const signature = lastSignature(pdf);
  if (signature === null) return { status: 'unsigned' };
  if (signature === 'broken') return { status: 'tampered', reason: 'signatureInvalid' };
  const [, firstLength, secondStart, secondLength] = signature.byteRange;
  const signed = Buffer.concat([
    pdf.subarray(0, firstLength),
    pdf.subarray(secondStart, secondStart + secondLength),
  ]);
  const check = checkCadesSignature(signature.contents, signed);
  if (!check.valid) {
    return check.problem === 'unsupported'
      ? { status: 'unknown' }
      : { status: 'tampered', reason: 'signatureInvalid' };
  }
  const agreement = await db
    .selectFrom('agreements')
    .select(['id', 'agreement_name', 'signed_at', 'evidence'])
    .where('sealed_content_sha256', '=', check.contentSha256)
    .where('status', '=', AGREEMENT_STATUS.signed)
    .executeTakeFirst();
  if (!agreement?.signed_at) return { status: 'unknown' };
  // Checked after the lookup: a sealed document with bytes added after the seal was ours, and was changed since.
  if (secondStart + secondLength !== pdf.length) return { status: 'tampered', reason: 'changedAfterSealing' };
  const evidence = JSON.parse(agreement.evidence ?? '{}') as {
    agreement?: { nameEn?: string };
    signerIdentity?: { signerName?: string | null };
  };
  const signerName = evidence.signerIdentity?.signerName;
  return {
    status: 'intact',
    agreement: {
      no: String(agreement.id),
      name: agreement.agreement_name,
      nameEn: evidence.agreement?.nameEn ?? agreement.agreement_name,
    },
    signerName: signerName ? maskName(signerName) : null,
    signedAt: agreement.signed_at,
  };
}
