import { RECOVERY_CODE_COUNT, type SecondFactorPending, type TwoFactorStatus } from '@kxt/contracts/accounts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { isoBefore, MINUTE, nowIso } from '../../lib/time.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.ts';
import { countFailuresSince, insertFailures, markSecondFactorPassed } from '../auth/repository.ts';
import { secondFactorRequired } from '../auth/second-factor-state.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import {
  isTotpCode,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUrl,
  qrDataUrl,
} from './totp.ts';

/** Five wrong codes in fifteen minutes lock the second factor of an account for the rest of the window. */
export const CODE_FAILURE_LIMIT = 5;
const CODE_FAILURE_WINDOW_MS = 15 * MINUTE;
const failureKey = (userId: number) => `2fa:user:${userId}`;

/** The session and user a second-factor call is about. */
export interface FactorCaller extends Actor {
  sessionId: string;
  username: string;
  role: DB['users']['role'];
  pending: SecondFactorPending | null;
}

const findFactor = (db: Kysely<DB>, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'totp_secret', 'totp_confirmed_at', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

const hashRecoveryCode = (code: string) => sha256Hex(normaliseRecoveryCode(code));

export async function twoFactorStatus(db: Kysely<DB>, caller: FactorCaller): Promise<TwoFactorStatus> {
  const factor = await findFactor(db, caller.actorUserId);
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', caller.actorUserId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    enrolled: Boolean(factor.totp_confirmed_at),
    required: secondFactorRequired(caller.role),
    pending: caller.pending,
    recoveryCodesLeft: Number(left.count),
  };
}

/** Starts enrolment: a new secret (replacing an unconfirmed one), its otpauth URL and QR code. */
export async function startEnrolment(db: Kysely<DB>, caller: FactorCaller) {
  const secret = newTotpSecret();
  const result = await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_last_step: null })
    .where('id', '=', caller.actorUserId)
    .where('totp_confirmed_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, 'accounts.twoFactor.alreadyEnrolled');
  const url = otpauthUrl(secret, caller.username);
  return { secret, otpauthUrl: url, qrDataUrl: await qrDataUrl(url) };
}

/** Refuses with 429 while the account has too many wrong codes in the window. */
async function checkNotLocked(db: Kysely<DB>, userId: number) {
  if (
    (await countFailuresSince(db, failureKey(userId), isoBefore(CODE_FAILURE_WINDOW_MS))) >=
    CODE_FAILURE_LIMIT
  ) {
    throw new HttpError(429, 'accounts.twoFactor.tooManyTries');
  }
}

async function wrongCode(db: Kysely<DB>, userId: number): Promise<never> {
  await insertFailures(db, [failureKey(userId)], nowIso());
  throw new HttpError(400, 'accounts.twoFactor.badCode', {}, { code: 'accounts.twoFactor.badCode' });
}

/**
 * Accepts a TOTP code once: the step it belongs to must be later than the last step accepted, set by
 * compare-and-set, so the same code (or an older one) is refused even when two requests carry it at once.
 */
async function acceptTotpStep(
  db: Kysely<DB>,
  userId: number,
  secret: string,
  code: string,
  confirm: boolean,
) {
  const step = matchingStep(secret, code);
  if (step === null) return false;
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step, ...(confirm ? { totp_confirmed_at: nowIso() } : {}) })
    .where('id', '=', userId)
    .where('totp_secret', '=', secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .where('totp_confirmed_at', confirm ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Confirms enrolment with a first code: the factor is on, the session has passed it, and ten new recovery codes
 * (only their hashes kept) are answered once.
 */
export async function confirmEnrolment(db: Kysely<DB>, caller: FactorCaller, code: string) {
  const userId = caller.actorUserId;
  await checkNotLocked(db, userId);
  const factor = await findFactor(db, userId);
  if (factor.totp_confirmed_at) throw new HttpError(409, 'accounts.twoFactor.alreadyEnrolled');
  if (!factor.totp_secret) throw new HttpError(409, 'accounts.twoFactor.notStarted');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const accepted = await db.transaction().execute(async (trx) => {
    if (!(await acceptTotpStep(trx, userId, factor.totp_secret ?? '', code, true))) return false;
    const at = nowIso();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((recovery) => ({
          user_id: userId,
          code_hash: hashRecoveryCode(recovery),
          used_at: null,
          created_at: at,
        })),
      )
      .execute();
    await markSecondFactorPassed(trx, caller.sessionId, at);
    await recordAudit(trx, {
      ...caller,
      action: 'user.twoFactorEnrol',
      entityType: 'user',
      entityId: userId,
    });
    return true;
  });
  if (!accepted) await wrongCode(db, userId);
  return { recoveryCodes: codes };
}

/** After the password: a TOTP code or an unused recovery code (which is then used up) completes the login. */
export async function verifySecondFactor(db: Kysely<DB>, caller: FactorCaller, code: string) {
  const userId = caller.actorUserId;
  if (caller.pending !== 'verify') throw new HttpError(409, 'accounts.twoFactor.notOwed');
  await checkNotLocked(db, userId);
  const factor = await findFactor(db, userId);
  const at = nowIso();
  if (isTotpCode(code)) {
    if (!(await acceptTotpStep(db, userId, factor.totp_secret ?? '', code, false)))
      await wrongCode(db, userId);
    await markSecondFactorPassed(db, caller.sessionId, at);
    return;
  }
  const used = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashRecoveryCode(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await markSecondFactorPassed(trx, caller.sessionId, at);
    await recordAudit(trx, {
      ...caller,
      action: 'user.recoveryCodeUsed',
      entityType: 'user',
      entityId: userId,
    });
    return true;
  });
  if (!used) await wrongCode(db, userId);
}

/**
 * An admin removes a user's second factor (a lost phone): the secret, the recovery codes and the user's sessions
 * go; admin and finance users enrol again at their next login.
 */
export async function resetSecondFactor(db: Kysely<DB>, userId: number, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_confirmed_at: null, totp_last_step: null, updated_at: nowIso() })
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await endOtherSessions(trx, userId, null);
    await recordAudit(trx, { ...actor, action: 'user.twoFactorReset', entityType: 'user', entityId: userId });
  });
}
