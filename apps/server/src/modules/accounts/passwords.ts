import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { checkPasswordPolicy, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import { updatePasswordHash } from '../users/repository.ts';

/**
 * Refuses a new password the policy refuses, with 400 naming the reason on `field` (the forms show it there).
 * `personal` are the user's own details (name, mobile, e-mail, company): a password made of them is refused.
 */
export async function assertPasswordAllowed(
  password: string,
  personal: readonly (string | null | undefined)[],
  field = 'password',
): Promise<void> {
  const verdict = await checkPasswordPolicy(password, personal);
  if (verdict.ok) return;
  const key = `account.policy.${verdict.reason}` as const;
  throw new HttpError(400, key, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }, { [field]: key });
}

/**
 * Stores a new password and ends the user's sessions but `keepSessionId` (null: all of them), so a session someone
 * else holds does not outlive the change. Hash first: argon2 takes a while and must not hold the transaction open.
 */
export async function storeNewPassword(
  db: Kysely<DB>,
  trxWork: (trx: Kysely<DB>) => Promise<void>,
  change: { userId: number; password: string; keepSessionId: string | null },
): Promise<void> {
  const passwordHash = await hashPassword(change.password);
  await db.transaction().execute(async (trx) => {
    await trxWork(trx);
    await updatePasswordHash(trx, change.userId, passwordHash, nowIso());
    await endOtherSessions(trx, change.userId, change.keepSessionId);
  });
}
