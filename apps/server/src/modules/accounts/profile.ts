import {
  type ChangePasswordBody,
  type CodeRequestAnswer,
  type PhoneChangeBody,
  type Profile,
  type ProfilePatch,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
} from '@kxt/contracts/accounts';
import type { CurrentUser } from '@kxt/contracts/auth';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/unique-retry.ts';
import { HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { MINUTE, nowIso } from '../../lib/time.ts';
import { type Locale, translate } from '../../locales/translate.ts';
import { recordAudit } from '../audit/audit.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { endOtherSessions, endSession } from '../auth/sessions.ts';
import { queueDirectMessage } from '../notifications/direct-messages.ts';
import { assertPasswordAllowed, storeNewPassword } from './passwords.ts';
import { takeRateLimits } from './rate-limits.ts';
import { findUserByMobile } from './repository.ts';
import { checkSmsCode, consumeSmsCode, issueSmsCode } from './sms-codes.ts';

type Deps = Pick<AppContext, 'db' | 'config'>;

export function profileOf(user: CurrentUser): Profile {
  return {
    username: user.username,
    displayName: user.displayName,
    phone: user.phone,
    email: user.email,
    locale: user.locale,
    role: user.role,
    customerName: user.customerName,
    companyPending: user.companyPending,
  };
}

/** Changes the user's own name, e-mail or language; the old and new values go to the audit log. */
export async function updateProfile(deps: Deps, user: CurrentUser, patch: ProfilePatch, actor: Actor) {
  const set = {
    ...(patch.displayName === undefined ? {} : { display_name: patch.displayName }),
    ...(patch.email === undefined ? {} : { email: patch.email }),
    ...(patch.locale === undefined ? {} : { locale: patch.locale }),
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'account.profileUpdate',
      entityType: 'user',
      entityId: user.id,
      from: JSON.stringify({
        ...(patch.displayName === undefined ? {} : { displayName: user.displayName }),
        ...(patch.email === undefined ? {} : { email: user.email }),
        ...(patch.locale === undefined ? {} : { locale: user.locale }),
      }),
      to: JSON.stringify(patch),
    });
  });
}

/** Sends a code to the new mobile number the user wants; the number is checked for other accounts on the change. */
export async function requestPhoneCode(
  deps: Deps,
  mobile: string,
  ip: string,
  locale: Locale,
  user: CurrentUser,
): Promise<CodeRequestAnswer> {
  const code = await issueSmsCode(deps.db, deps.config.sessionSecret, {
    purpose: 'phone',
    phone: mobile,
    ip,
  });
  await queueDirectMessage(deps.db, {
    kind: 'sms',
    userId: user.id,
    recipient: mobile,
    type: 'account.phoneCode',
    locale,
    text: translate(locale, 'account.sms.phoneCode', { code, minutes: SMS_CODE_TTL_MINUTES }),
  });
  return { resendAfterSeconds: SMS_RESEND_SECONDS };
}

/**
 * Changes the user's mobile number once the code sent to it is given. A user who logs in with their mobile number
 * (self sign-up) logs in with the new one from then on.
 */
export async function changePhone(deps: Deps, user: CurrentUser, body: PhoneChangeBody, actor: Actor) {
  const codeId = await checkSmsCode(deps.db, deps.config.sessionSecret, {
    purpose: 'phone',
    phone: body.mobile,
    code: body.code,
  });
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const holder = await findUserByMobile(trx, body.mobile);
      if (holder && holder.id !== user.id) throw new HttpError(409, 'account.mobileTaken');
      await consumeSmsCode(trx, codeId);
      const loginByMobile = user.phone !== null && user.username === user.phone;
      await trx
        .updateTable('users')
        .set({
          phone: body.mobile,
          ...(loginByMobile ? { username: body.mobile } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', user.id)
        .execute();
      await recordAudit(trx, {
        ...actor,
        action: 'account.phoneChange',
        entityType: 'user',
        entityId: user.id,
        from: user.phone,
        to: body.mobile,
      });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, 'account.mobileTaken');
      throw error;
    });
}

/** Tries at the current password a user gets in 15 minutes: a stolen session cannot guess it. */
export const PASSWORD_CHANGES_PER_QUARTER_HOUR = 10;

/** Changes the password given the current one; the user's other sessions end, this one stays. */
export async function changePassword(
  deps: Deps,
  user: CurrentUser,
  body: ChangePasswordBody,
  currentSessionId: string | null,
  actor: Actor,
) {
  await takeRateLimits(deps.db, [
    { key: `password-change:${user.id}`, max: PASSWORD_CHANGES_PER_QUARTER_HOUR, windowMs: 15 * MINUTE },
  ]);
  const row = await deps.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    throw new HttpError(
      400,
      'account.currentPasswordWrong',
      {},
      {
        currentPassword: 'account.currentPasswordWrong',
      },
    );
  }
  await assertPasswordAllowed(
    body.newPassword,
    [user.username, user.displayName, user.phone, user.email, user.customerName],
    'newPassword',
  );
  await storeNewPassword(
    deps.db,
    (trx) =>
      recordAudit(trx, { ...actor, action: 'account.passwordChange', entityType: 'user', entityId: user.id }),
    { userId: user.id, password: body.newPassword, keepSessionId: currentSessionId },
  );
}

/** Ends one of the user's own sessions (another user's is a 404); audited. */
export async function endOwnSession(deps: Deps, user: CurrentUser, sessionId: string, actor: Actor) {
  if (!(await endSession(deps.db, user.id, sessionId))) throw notFound();
  await recordAudit(deps.db, {
    ...actor,
    action: 'account.sessionEnd',
    entityType: 'user',
    entityId: user.id,
  });
}

/** Ends every session of the user but the caller's; audited with how many ended. */
export async function endOwnOtherSessions(
  deps: Deps,
  user: CurrentUser,
  currentSessionId: string | null,
  actor: Actor,
): Promise<number> {
  const ended = await endOtherSessions(deps.db, user.id, currentSessionId);
  await recordAudit(deps.db, {
    ...actor,
    action: 'account.sessionsEndOthers',
    entityType: 'user',
    entityId: user.id,
    to: ended,
  });
  return ended;
}
