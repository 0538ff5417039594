import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's minimum cost: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;
/** Checking a password against a throw-away hash makes an unknown user take as long as a wrong password. */
export async function spendVerifyTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, password);
}

/**
 * A hash no password matches (of 256 random bits nobody keeps): an account waiting for its set-password link, or
 * whose password an admin reset. It is a real argon2 hash, so a login against it takes the usual time.
 */
export const unusablePasswordHash = (): Promise<string> =>
  hashPassword(randomBytes(32).toString('base64url'));
