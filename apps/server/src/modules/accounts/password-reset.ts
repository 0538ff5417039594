import {
  type CodeRequestAnswer,
  RESET_LINK_TTL_MINUTES,
  type ResetByLinkBody,
  type ResetBySmsBody,
  type ResetChannels,
  type ResetRequestBody,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
} from '@kxt/contracts/accounts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../http-error.ts';
import { HOUR, isoAfter, MINUTE, nowIso } from '../../lib/time.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { translate } from '../../locales/translate.ts';
import { recordAudit } from '../audit/audit.ts';
import type { ClientInfo } from '../auth/service.ts';
import { queueDirectMessage } from '../notifications/direct-messages.ts';
import { renderEmail } from '../notifications/render.ts';
import { baseUrlOf } from '../notifications/worker.ts';
import { assertPasswordAllowed, storeNewPassword } from './passwords.ts';
import { takeRateLimits } from './rate-limits.ts';
import {
  type ContactUser,
  findContactUser,
  findUserByEmail,
  findUserByMobile,
  personalDetails,
} from './repository.ts';
import { checkSmsCode, consumeSmsCode, issueSmsCode } from './sms-codes.ts';

type Deps = Pick<AppContext, 'db' | 'config'>;

/** Reset requests one address may make in an hour, and links one e-mail address may be sent. */
export const RESETS_PER_IP_PER_HOUR = 20;
export const RESET_LINKS_PER_EMAIL_PER_HOUR = 5;
/**
 * Every reset request is answered no sooner than this: the work differs a little between a known and an unknown
 * address (a message queued or not), and this floor hides the difference in the answer's timing.
 */
export const RESET_ANSWER_FLOOR_MS = 400;

export const resetChannelsOf = (deps: Deps): ResetChannels => ({
  sms: true,
  email: Boolean(deps.config.notify?.smtp),
});

/**
 * Starts a reset by SMS code or e-mailed link. The answer is the same whether or not an account has that number or
 * address, and comes no sooner than a fixed floor. An unknown number still gets a code row (never sent), so the
 * cooldown, limits and wrong-code answers behave exactly as for a known one.
 */
export async function requestPasswordReset(
  deps: Deps,
  body: ResetRequestBody,
  client: ClientInfo,
): Promise<CodeRequestAnswer> {
  const started = Date.now();
  try {
    await takeRateLimits(deps.db, [
      { key: `reset-ip:${client.ip}`, max: RESETS_PER_IP_PER_HOUR, windowMs: HOUR },
    ]);
    if (body.channel === 'sms') await sendResetCode(deps, body.mobile, client);
    else await sendResetLink(deps, body.email);
    return { resendAfterSeconds: SMS_RESEND_SECONDS };
  } finally {
    const wait = RESET_ANSWER_FLOOR_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function sendResetCode(deps: Deps, mobile: string, client: ClientInfo) {
  const code = await issueSmsCode(deps.db, deps.config.sessionSecret, {
    purpose: 'reset',
    phone: mobile,
    ip: client.ip,
  });
  const user = await findUserByMobile(deps.db, mobile);
  if (!user) return;
  await queueDirectMessage(deps.db, {
    kind: 'sms',
    userId: user.id,
    recipient: mobile,
    type: 'account.resetCode',
    locale: user.locale,
    text: translate(user.locale, 'account.sms.resetCode', { code, minutes: SMS_CODE_TTL_MINUTES }),
  });
}

async function sendResetLink(deps: Deps, email: string) {
  await takeRateLimits(deps.db, [
    { key: `reset-email:${email.toLowerCase()}`, max: RESET_LINKS_PER_EMAIL_PER_HOUR, windowMs: HOUR },
  ]);
  const user = await findUserByEmail(deps.db, email);
  if (!user || !deps.config.notify?.smtp) return;
  const token = randomToken(32);
  await deps.db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: sha256Hex(token),
      user_id: user.id,
      created_at: nowIso(),
      expires_at: isoAfter(RESET_LINK_TTL_MINUTES * MINUTE),
      used_at: null,
    })
    .execute();
  const userLocale = user.locale;
  const url = `${baseUrlOf(deps.config)}/reset-password?token=${token}`;
  const content = renderEmail(
    {
      title: translate(userLocale, 'account.email.resetTitle'),
      body: translate(userLocale, 'account.email.resetBody', { minutes: RESET_LINK_TTL_MINUTES }),
    },
    url,
    userLocale,
  );
  await queueDirectMessage(deps.db, {
    kind: 'email',
    userId: user.id,
    recipient: user.email ?? email,
    type: 'account.resetLink',
    locale: userLocale,
    content,
  });
}

/** Sets a new password with an SMS code; ends all the user's sessions. A wrong code counts against the code. */
export async function resetPasswordBySms(deps: Deps, body: ResetBySmsBody, client: ClientInfo) {
  const codeId = await checkSmsCode(deps.db, deps.config.sessionSecret, {
    purpose: 'reset',
    phone: body.mobile,
    code: body.code,
  });
  const user = await findUserByMobile(deps.db, body.mobile);
  // A code for a number without an account was never sent: whoever has it guessed it.
  if (!user) throw new HttpError(400, 'account.codeWrong', {}, { code: 'account.codeWrong' });
  await finishReset(deps, user, body.password, client, (trx) => consumeSmsCode(trx, codeId));
}

/** Sets a new password with an e-mailed link: single use, 30 minutes; ends all the user's sessions. */
export async function resetPasswordByLink(deps: Deps, body: ResetByLinkBody, client: ClientInfo) {
  const tokenHash = sha256Hex(body.token);
  const link = await deps.db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!link) throw new HttpError(400, 'account.resetLinkInvalid');
  if (link.used_at) throw new HttpError(400, 'account.resetLinkUsed');
  if (link.expires_at <= nowIso()) throw new HttpError(400, 'account.resetLinkExpired');
  const user = await findContactUser(deps.db, link.user_id);
  if (!user) throw new HttpError(400, 'account.resetLinkInvalid');
  await finishReset(deps, user, body.password, client, async (trx) => {
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new HttpError(400, 'account.resetLinkUsed');
    // The user's other links die with this one: a reset is not to be repeated from an older mail.
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
  });
}

async function finishReset(
  deps: Deps,
  user: ContactUser,
  password: string,
  client: ClientInfo,
  useCredential: Parameters<typeof storeNewPassword>[1],
) {
  await assertPasswordAllowed(password, personalDetails(user));
  await storeNewPassword(
    deps.db,
    async (trx) => {
      await useCredential(trx);
      await recordAudit(trx, {
        actorUserId: user.id,
        action: 'account.passwordReset',
        entityType: 'user',
        entityId: user.id,
        ip: client.ip,
        userAgent: client.userAgent,
      });
    },
    { userId: user.id, password, keepSessionId: null },
  );
}
