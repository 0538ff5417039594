import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function insertSession(
  db: Kysely<DB>,
  session: {
    tokenHash: string;
    userId: number;
    createdAt: string;
    expiresAt: string;
    ip: string;
    userAgent: string;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent.slice(0, 500),
    })
    .execute();
}

/** A live session of an enabled user. */
export function findLiveSession(db: Kysely<DB>, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.expires_at'])
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
