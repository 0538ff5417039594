import {
  type CodeRequestAnswer,
  type RegisterBody,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
} from '@kxt/contracts/accounts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/unique-retry.ts';
import { HttpError } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { type Locale, translate } from '../../locales/translate.ts';
import { recordAudit } from '../audit/audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import { type ClientInfo, openSession } from '../auth/service.ts';
import { queueDirectMessage } from '../notifications/direct-messages.ts';
import { assertPasswordAllowed } from './passwords.ts';
import { findUserByMobile } from './repository.ts';
import { checkSmsCode, consumeSmsCode, issueSmsCode } from './sms-codes.ts';

type Deps = Pick<AppContext, 'db' | 'config' | 'countCache'>;

/**
 * Sends a sign-up code to a mobile number. A number that has an account already gets a text saying so (and how to
 * reset the password) instead of a code; the caller sees the same answer either way, so the form reveals nothing.
 */
export async function requestRegisterCode(
  deps: Deps,
  mobile: string,
  client: ClientInfo,
  locale: Locale,
): Promise<CodeRequestAnswer> {
  const code = await issueSmsCode(deps.db, deps.config.sessionSecret, {
    purpose: 'register',
    phone: mobile,
    ip: client.ip,
  });
  const existing = await findUserByMobile(deps.db, mobile);
  await queueDirectMessage(deps.db, {
    kind: 'sms',
    userId: existing?.id ?? null,
    recipient: mobile,
    type: existing ? 'account.alreadyRegistered' : 'account.registerCode',
    locale,
    text: existing
      ? translate(locale, 'account.sms.alreadyRegistered')
      : translate(locale, 'account.sms.registerCode', { code, minutes: SMS_CODE_TTL_MINUTES }),
  });
  return { resendAfterSeconds: SMS_RESEND_SECONDS };
}

/**
 * Creates a customer user (username = the mobile number) and their company, pending verification, and logs them in.
 * The password is checked before the code, so a refused password does not use up a try; the code is used up in the
 * transaction that creates the account, so a taken company name leaves it valid for a second attempt.
 */
export async function register(deps: Deps, body: RegisterBody, client: ClientInfo, locale: Locale) {
  await assertPasswordAllowed(body.password, [body.mobile, body.displayName, body.companyName]);
  const codeId = await checkSmsCode(deps.db, deps.config.sessionSecret, {
    purpose: 'register',
    phone: body.mobile,
    code: body.code,
  });
  const passwordHash = await hashPassword(body.password);
  const at = nowIso();
  const userId = await deps.db
    .transaction()
    .execute(async (trx) => {
      await consumeSmsCode(trx, codeId);
      if (await findUserByMobile(trx, body.mobile)) throw new HttpError(409, 'account.mobileTaken');
      const taken = await trx
        .selectFrom('customers')
        .select('id')
        .where('name', '=', body.companyName)
        .executeTakeFirst();
      if (taken) throw companyTaken();
      const customer = await trx
        .insertInto('customers')
        .values({
          name: body.companyName,
          contact_name: body.displayName,
          phone: body.mobile,
          verification_state: 'pending',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('users')
        .values({
          username: body.mobile,
          password_hash: passwordHash,
          display_name: body.displayName,
          phone: body.mobile,
          email: null,
          role: 'customer',
          customer_id: customer.id,
          locale,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorUserId: user.id,
        action: 'account.register',
        entityType: 'customer',
        entityId: customer.id,
        to: 'pending',
        ip: client.ip,
        userAgent: client.userAgent,
      });
      return user.id;
    })
    .catch((error: unknown) => {
      // Two sign-ups of one company or number at once: the unique keys decide, the loser gets a 409.
      if (isUniqueViolation(error)) throw new HttpError(409, 'conflict');
      throw error;
    });
  deps.countCache.invalidate();
  // A new customer: no second factor owed.
  return openSession(deps.db, { id: userId, role: 'customer', totp_confirmed_at: null }, client);
}

const companyTaken = () =>
  new HttpError(409, 'account.companyTaken', {}, { companyName: 'account.companyTaken' });
