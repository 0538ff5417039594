import { z } from 'zod';

/**
 * What a check reveals, and nothing more: for an intact document which agreement (no and name), the signer's
 * name masked, and when it was signed.
 * - intact: the platform's seal is cryptographically valid over the whole file and the platform sealed exactly it;
 * - tampered: a seal is there, but the file was changed after sealing (or the signature does not check out);
 * - unknown: a valid signature, over a document this platform did not seal;
 * - unsigned: a PDF without a digital signature.
 */
export const verifyResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('intact'),
    agreement: z.object({ no: z.string(), name: z.string(), nameEn: z.string() }),
    /** Masked ("张*"), or null when the signer's name was not recorded. */
    signerName: z.string().nullable(),
    signedAt: z.string(),
  }),
  z.object({ status: z.literal('tampered'), reason: z.enum(['changedAfterSealing', 'signatureInvalid']) }),
  z.object({ status: z.literal('unknown') }),
  z.object({ status: z.literal('unsigned') }),
]);
export type VerifyResult = z.infer<typeof verifyResult>;
