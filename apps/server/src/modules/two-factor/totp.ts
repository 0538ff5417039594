import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;
/** The issuer authenticator apps show above the code. */
const ISSUER = 'KXT';

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), as base32 for the authenticator app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

export const otpauthUrl = (secret: string, label: string): string => totpOf(secret, label).toString();

/** The enrolment QR code as a PNG data URL, drawn here so the page ships no QR library. */
export const qrDataUrl = (url: string): Promise<string> => QRCode.toDataURL(url, { margin: 1, width: 220 });

/**
 * The time step a code belongs to, accepting the steps just before and after now (clock drift), or null when the
 * code is not valid. The caller accepts a step only once (`users.totp_last_step`), so a code cannot be replayed.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** 32 letters and digits without look-alikes (no l, o, 0, 1): five bits per character. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A recovery code: 50 random bits written as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a typed recovery code is compared: lower case, letters and digits only. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);
