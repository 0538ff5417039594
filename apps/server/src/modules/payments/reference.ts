import { randomInt } from 'node:crypto';

/** Letters and digits a payer cannot misread or mistype on a bank form: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 6;
export const PAYMENT_REFERENCE_PREFIX = 'KXT-PAY-';

/**
 * The short reference a customer writes in a bank transfer's note and finance searches for: `KXT-PAY-` and six
 * characters (31^6, about 890 million). Random rather than counted, so it says nothing about how many orders there
 * are; the unique index decides a collision, and the writer tries again.
 */
export function newPaymentReference(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${PAYMENT_REFERENCE_PREFIX}${code}`;
}
