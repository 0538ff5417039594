import type { CurrentUser, LoginBody } from '@kxt/contracts/auth';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.ts';
import { HttpError, unauthorized } from '../../http-error.ts';
import { DAY, isoAfter, isoBefore, MINUTE, nowIso } from '../../lib/time.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { findCurrentUser, findUserByUsername, toCurrentUser } from '../users/repository.ts';
import { spendVerifyTime, verifyPassword } from './passwords.ts';
import {
  countFailuresSince,
  deleteSession,
  extendSession,
  findLiveSession,
  insertFailures,
  insertSession,
} from './repository.ts';
import { pendingSecondFactor } from './second-factor-state.ts';

export const SESSION_TTL_MS = 7 * DAY;
/** A session used within this long of its creation or last extension is not written to again. */
const SESSION_EXTEND_AFTER_MS = DAY;
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;
export const LOGIN_FAILURE_LIMIT = 10;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const failureKeys = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`];

/**
 * Checks the credentials and opens a session. Unknown user and wrong password give the same 401 in the same time;
 * ten failures in fifteen minutes for a username or an address lock further tries with 429.
 */
export async function login(db: Kysely<DB>, body: LoginBody, client: ClientInfo) {
  const keys = failureKeys(body.username, client.ip);
  const since = isoBefore(LOGIN_FAILURE_WINDOW_MS);
  for (const key of keys) {
    if ((await countFailuresSince(db, key, since)) >= LOGIN_FAILURE_LIMIT) {
      throw new HttpError(429, 'tooManyLoginAttempts');
    }
  }
  const user = await findUserByUsername(db, body.username);
  const valid = user
    ? await verifyPassword(user.password_hash, body.password)
    : await rejectAfterDecoy(body.password);
  if (!user || !valid) {
    await insertFailures(db, keys, nowIso());
    throw new HttpError(401, 'badCredentials');
  }
  if (user.disabled) throw new HttpError(403, 'userDisabled');
  return openSession(db, user, client);
}

/**
 * Opens a session for a user whose password was just checked or set; it owes the second factor when the user has
 * one or must have one (see `pendingSecondFactor`).
 */
export async function openSession(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'role' | 'totp_confirmed_at'>,
  client: ClientInfo,
) {
  const token = randomToken();
  await insertSession(db, {
    tokenHash: sha256Hex(token),
    userId: user.id,
    createdAt: nowIso(),
    expiresAt: isoAfter(SESSION_TTL_MS),
    ...client,
  });
  const current = await findCurrentUser(db, user.id);
  if (!current) throw unauthorized();
  const pending = pendingSecondFactor(user, { second_factor_at: null });
  return { token, user: { ...current, pendingSecondFactor: pending } };
}

async function rejectAfterDecoy(password: string): Promise<false> {
  await spendVerifyTime(password);
  return false;
}

export async function logout(db: Kysely<DB>, token: string) {
  await deleteSession(db, sha256Hex(token));
}

export interface ResolvedSession {
  user: CurrentUser;
  /** The session's public id (what session lists show). */
  sessionId: string;
  /** Set when the session was extended and the cookie should be sent again. */
  renewedUntil?: string;
}

/** The user behind a session token, extending the session when it has been in use for a while. */
export async function resolveSession(db: Kysely<DB>, token: string): Promise<ResolvedSession | undefined> {
  const tokenHash = sha256Hex(token);
  const session = await findLiveSession(db, tokenHash, nowIso());
  if (!session) return undefined;
  const user = { ...toCurrentUser(session), pendingSecondFactor: pendingSecondFactor(session, session) };
  const sessionId = session.public_id;
  const fresh = isoAfter(SESSION_TTL_MS - SESSION_EXTEND_AFTER_MS);
  if (session.expires_at < fresh) {
    const renewedUntil = isoAfter(SESSION_TTL_MS);
    await extendSession(db, tokenHash, renewedUntil);
    return { user, sessionId, renewedUntil };
  }
  return { user, sessionId };
}
