import { randomInt } from 'node:crypto';
import {
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
  type SmsCodePurpose,
} from '@kxt/contracts/accounts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { HOUR, isoAfter, MINUTE, nowIso } from '../../lib/time.ts';
import { hmac, safeEqual } from '../../lib/tokens.ts';
import { takeRateLimits } from './rate-limits.ts';

/** Codes one number may receive per purpose in an hour, beyond the one-minute cooldown. */
export const CODES_PER_NUMBER_PER_HOUR = 5;
/** Codes one address may ask for in an hour, across numbers and purposes. */
export const CODES_PER_IP_PER_HOUR = 20;

/** The code's HMAC with the server secret: six digits are too few for a plain hash to hide them. */
const codeHash = (secret: string, purpose: SmsCodePurpose, phone: string, code: string) =>
  hmac(secret, `sms-code:${purpose}:${phone}:${code}`);

/**
 * Makes a new six-digit code for (purpose, phone) and answers it; the caller sends it (or, to reveal nothing, sends
 * something else). The newest code is the only one that counts. Refused with 429 within a minute of the last code,
 * and beyond the hourly limits per number and per address.
 */
export async function issueSmsCode(
  db: Kysely<DB>,
  secret: string,
  request: { purpose: SmsCodePurpose; phone: string; ip: string },
): Promise<string> {
  const { purpose, phone, ip } = request;
  const last = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('purpose', '=', purpose)
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (last) {
    const waitMs = Date.parse(last.created_at) + SMS_RESEND_SECONDS * 1000 - Date.now();
    if (waitMs > 0) throw new HttpError(429, 'account.codeCooldown', { seconds: Math.ceil(waitMs / 1000) });
  }
  await takeRateLimits(db, [
    { key: `sms-phone:${purpose}:${phone}`, max: CODES_PER_NUMBER_PER_HOUR, windowMs: HOUR },
    { key: `sms-ip:${ip}`, max: CODES_PER_IP_PER_HOUR, windowMs: HOUR },
  ]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('sms_codes')
    .values({
      purpose,
      phone,
      code_hash: codeHash(secret, purpose, phone, code),
      created_at: nowIso(),
      expires_at: isoAfter(SMS_CODE_TTL_MINUTES * MINUTE),
      used_at: null,
    })
    .execute();
  return code;
}

/**
 * Checks a code and answers its id for `consumeSmsCode`, or throws 400 saying why: wrong (one of five tries gone),
 * expired, used already (a replay) or ended by too many wrong tries. Call it outside the transaction of the change
 * the code allows: a wrong try must count even though the change is refused.
 */
export async function checkSmsCode(
  db: Kysely<DB>,
  secret: string,
  request: { purpose: SmsCodePurpose; phone: string; code: string },
): Promise<number> {
  const { purpose, phone, code } = request;
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw codeError('account.codeWrong');
  if (row.used_at) throw codeError('account.codeUsed');
  if (row.failed_tries >= SMS_CODE_MAX_TRIES) throw codeError('account.codeLocked');
  if (row.expires_at <= nowIso()) throw codeError('account.codeExpired');
  if (!safeEqual(row.code_hash, codeHash(secret, purpose, phone, code))) {
    await db
      .updateTable('sms_codes')
      .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    throw codeError(row.failed_tries + 1 >= SMS_CODE_MAX_TRIES ? 'account.codeLocked' : 'account.codeWrong');
  }
  return row.id;
}

/**
 * Uses up a checked code, in the transaction of the change it allows (a failed change leaves it unused). Of two
 * requests with one code, one uses it and the other gets the replay answer: compare-and-set on `used_at`.
 */
export async function consumeSmsCode(trx: Kysely<DB>, codeId: number): Promise<void> {
  const used = await trx
    .updateTable('sms_codes')
    .set({ used_at: nowIso() })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw codeError('account.codeUsed');
}

type CodeErrorKey = 'account.codeWrong' | 'account.codeUsed' | 'account.codeLocked' | 'account.codeExpired';
const codeError = (key: CodeErrorKey) => new HttpError(400, key, {}, { code: key });
