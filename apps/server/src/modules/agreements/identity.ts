import { randomBytes, randomInt } from 'node:crypto';
import type { SendCodeResult, VerifyCodeBody } from '@kxt/contracts/agreements';
import type { Kysely, Selectable } from 'kysely';
import type { AgreementsTable, DB } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { HOUR, isoAfter, isoBefore, MINUTE, nowIso } from '../../lib/time.ts';
import { safeEqual, sha256Hex } from '../../lib/tokens.ts';
import { type Locale, translate } from '../../locales/translate.ts';
import { recordAudit } from '../audit/audit.ts';
import type { ClientInfo } from '../auth/service.ts';
import type { AgreementDeps } from './service.ts';

type AgreementRecord = Selectable<AgreementsTable>;

/**
 * The signer's identity check (issue #18): a six-digit code sent by SMS to the agreement's mobile number, which the
 * signer types in together with ticking the consent to sign electronically. Codes are kept as salted SHA-256, live
 * ten minutes, are used once, and only the newest one counts. The space of six digits is small, so what protects
 * the code is the attempt limit: five wrong codes in a row lock the link until staff reissue it.
 */
export const CODE_TTL_MS = 10 * MINUTE;
export const RESEND_COOLDOWN_MS = MINUTE;
export const MAX_SENDS_PER_HOUR = 5;
export const MAX_CODE_FAILURES = 5;

/** The consent text's version: recorded with the text the signer saw, so a reworded consent is a new version. */
export const CONSENT_VERSION = 'v1';
export const consentTexts = () => ({
  'zh-CN': translate('zh-CN', 'agreement.consent.v1'),
  'en-US': translate('en-US', 'agreement.consent.v1'),
});

/** 138****5678: enough for the signer to recognise the number, not enough to copy it. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return '';
  if (mobile.length < 7) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 7)}${mobile.slice(-4)}`;
}

const hashCode = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

const LINK_ACTOR = 'public-link';

/** Refuses a link whose identity check is locked or that has no mobile number to send to. */
function assertCanCheck(row: AgreementRecord) {
  if (row.code_locked_at) throw new HttpError(423, 'agreement.identityLocked');
  if (!row.signer_mobile) throw conflict('agreement.noSignerMobile');
}

/**
 * Sends a new code to the signer's mobile: through the outbox as an SMS, so the configured provider sends it (the
 * sandbox by default, whose messages the back office lists). One code a minute, five an hour per link.
 */
export async function sendSignCode(
  deps: AgreementDeps,
  row: AgreementRecord,
  client: ClientInfo,
  locale: Locale,
): Promise<SendCodeResult> {
  assertCanCheck(row);
  if (row.identity_confirmed_at) throw conflict('agreement.identityConfirmed');
  const now = new Date();
  const recent = await deps.db
    .selectFrom('agreement_sign_codes')
    .select('sent_at')
    .where('agreement_id', '=', row.id)
    .where('sent_at', '>', isoBefore(HOUR, now))
    .orderBy('sent_at', 'desc')
    .execute();
  const last = recent[0];
  if (last) {
    const wait = Date.parse(last.sent_at) + RESEND_COOLDOWN_MS - now.getTime();
    if (wait > 0) throw new HttpError(429, 'agreement.codeCooldown', { seconds: Math.ceil(wait / 1000) });
  }
  if (recent.length >= MAX_SENDS_PER_HOUR) throw new HttpError(429, 'agreement.codeHourlyLimit');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(12).toString('hex');
  const at = now.toISOString();
  const mobile = row.signer_mobile as string;
  await deps.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('agreement_sign_codes')
      .values({
        agreement_id: row.id,
        code_hash: hashCode(salt, code),
        salt,
        sent_at: at,
        expires_at: isoAfter(CODE_TTL_MS, now),
        ip: client.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('outbox_jobs')
      .values({
        key: `sign-code:${row.id}:${id}`,
        kind: 'sms',
        payload: JSON.stringify({
          text: translate(locale, 'agreement.codeSms', { code, minutes: CODE_TTL_MS / MINUTE }),
          locale,
        }),
        user_id: null,
        recipient: mobile,
        notification_type: 'agreement.signCode',
        run_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await recordAudit(trx, {
      actorLabel: LINK_ACTOR,
      action: 'agreement.codeSent',
      entityType: 'agreement',
      entityId: row.id,
      reason: JSON.stringify({ mobile: maskMobile(mobile) }),
      ...client,
    });
  });
  return {
    maskedMobile: maskMobile(mobile),
    resendAfter: RESEND_COOLDOWN_MS / 1000,
    expiresIn: CODE_TTL_MS / 1000,
  };
}

/**
 * Checks the code the signer typed against the newest one sent. Right: the identity is confirmed and the consent
 * recorded with its text, time, address and browser. Wrong: counted, and the fifth wrong code locks the link. An
 * expired or already used code is refused without counting (it was once right).
 */
export async function verifySignCode(
  deps: AgreementDeps,
  row: AgreementRecord,
  body: VerifyCodeBody,
  client: ClientInfo,
): Promise<void> {
  assertCanCheck(row);
  if (row.identity_confirmed_at) throw conflict('agreement.identityConfirmed');
  if (body.consentVersion !== CONSENT_VERSION) throw conflict('agreement.consentOutdated');
  const latest = await deps.db
    .selectFrom('agreement_sign_codes')
    .selectAll()
    .where('agreement_id', '=', row.id)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) throw new HttpError(400, 'agreement.codeNotSent');
  const now = nowIso();
  if (!safeEqual(hashCode(latest.salt, body.otp), latest.code_hash)) {
    await countFailure(deps.db, row, client);
    return;
  }
  if (latest.used_at) throw new HttpError(400, 'agreement.codeUsed');
  if (latest.expires_at <= now) throw new HttpError(400, 'agreement.codeExpired');

  const confirmed = await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('agreement_sign_codes')
      .set({ used_at: now })
      .where('id', '=', latest.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return false; // the same code sent twice at once: one wins
    await trx
      .updateTable('agreements')
      .set({
        identity_code_sent_at: latest.sent_at,
        identity_confirmed_at: now,
        identity_ip: client.ip,
        identity_user_agent: client.userAgent,
        consent_version: body.consentVersion,
        consent_language: body.language,
        consent_text: consentTexts()[body.language],
        consent_at: now,
        code_failures: 0,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, {
      actorLabel: LINK_ACTOR,
      action: 'agreement.identityConfirmed',
      entityType: 'agreement',
      entityId: row.id,
      reason: JSON.stringify({
        mobile: maskMobile(row.signer_mobile),
        codeSentAt: latest.sent_at,
        consentVersion: body.consentVersion,
      }),
      ...client,
    });
    return true;
  });
  if (!confirmed) throw new HttpError(400, 'agreement.codeUsed');
}

async function countFailure(db: Kysely<DB>, row: AgreementRecord, client: ClientInfo): Promise<never> {
  const at = nowIso();
  const failures = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('agreements')
      .set((eb) => ({ code_failures: eb('code_failures', '+', 1), updated_at: at }))
      .where('id', '=', row.id)
      .returning('code_failures')
      .executeTakeFirstOrThrow();
    const locked = updated.code_failures >= MAX_CODE_FAILURES;
    if (locked) {
      await trx
        .updateTable('agreements')
        .set({ code_locked_at: at })
        .where('id', '=', row.id)
        .where('code_locked_at', 'is', null)
        .execute();
    }
    await recordAudit(trx, {
      actorLabel: LINK_ACTOR,
      action: locked ? 'agreement.identityLocked' : 'agreement.codeWrong',
      entityType: 'agreement',
      entityId: row.id,
      to: updated.code_failures,
      ...client,
    });
    return updated.code_failures;
  });
  if (failures >= MAX_CODE_FAILURES) throw new HttpError(423, 'agreement.identityLocked');
  throw new HttpError(400, 'agreement.codeWrong', { left: MAX_CODE_FAILURES - failures });
}

/** Staff unlock a link after five wrong codes: the count starts again and earlier codes no longer work. */
export async function reissueAgreement(deps: AgreementDeps, id: number, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agreements')
      .select(['id', 'code_failures', 'code_locked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (!row.code_locked_at) throw conflict('agreement.notLocked');
    const at = nowIso();
    await trx
      .updateTable('agreements')
      .set({ code_failures: 0, code_locked_at: null, updated_at: at })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('agreement_sign_codes')
      .set({ used_at: at })
      .where('agreement_id', '=', id)
      .where('used_at', 'is', null)
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'agreement.reissue',
      entityType: 'agreement',
      entityId: id,
      from: row.code_failures,
      to: 0,
    });
  });
}

/** The pad may open, and a signature be taken, only after the identity check. */
export function assertIdentityConfirmed(row: AgreementRecord) {
  if (!row.identity_confirmed_at) throw new HttpError(403, 'agreement.identityRequired');
}
