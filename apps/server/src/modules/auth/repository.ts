import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { randomToken } from '../../lib/tokens.ts';
import { CURRENT_USER_COLUMNS } from '../users/repository.ts';

export async function insertSession(
  db: Kysely<DB>,
  session: {
    tokenHash: string;
    userId: number;
    createdAt: string;
    expiresAt: string;
    ip: string;
    userAgent: string;
    /** Set when the second factor was passed with the login (never, today) or is not owed. */
    secondFactorAt?: string | null;
  },
): Promise<string> {
  const publicId = randomToken(16);
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      public_id: publicId,
      second_factor_at: session.secondFactorAt ?? null,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent.slice(0, 500),
    })
    .execute();
  return publicId;
}

/**
 * A live session of an enabled user, with the user as the API shows it: one query, since every request asks it
 * (measured on PostgreSQL under load, each round trip per request costs throughput).
 */
export function findLiveSession(db: Kysely<DB>, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('customers', 'customers.id', 'users.customer_id')
    .select([
      ...CURRENT_USER_COLUMNS,
      'sessions.user_id',
      'sessions.expires_at',
      'sessions.public_id',
      'sessions.second_factor_at',
      'users.totp_confirmed_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
}

export async function extendSession(db: Kysely<DB>, tokenHash: string, expiresAt: string) {
  await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Kysely<DB>, tokenHash: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Kysely<DB>, now: string) {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export async function countFailuresSince(db: Kysely<DB>, key: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertFailures(db: Kysely<DB>, keys: string[], at: string) {
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, created_at: at })))
    .execute();
}

export async function deleteFailuresBefore(db: Kysely<DB>, before: string) {
  await db.deleteFrom('login_failures').where('created_at', '<', before).execute();
}

/** Records that the session passed the second factor. */
export async function markSecondFactorPassed(db: Kysely<DB>, publicId: string, at: string) {
  await db.updateTable('sessions').set({ second_factor_at: at }).where('public_id', '=', publicId).execute();
}
