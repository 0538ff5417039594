import type { SessionView } from '@kxt/contracts/accounts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { SESSION_TTL_MS } from './service.ts';

/** The user's sessions that still count (not expired), newest first; `current` marks the caller's own. */
export async function listActiveSessions(
  db: Kysely<DB>,
  userId: number,
  currentSessionId: string | null = null,
): Promise<SessionView[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['public_id', 'created_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.public_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    // Extending a session sets its expiry to use + TTL, so the last use is known to within the extension step.
    lastSeenAt: new Date(Date.parse(row.expires_at) - SESSION_TTL_MS).toISOString(),
    ip: row.ip,
    userAgent: row.user_agent,
    current: row.public_id === currentSessionId,
  }));
}

/** Ends one session of the user; false when the user has no such session (another user's id is not found). */
export async function endSession(db: Kysely<DB>, userId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', sessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the user except `keepSessionId` (null: all of them); answers how many ended. */
export async function endOtherSessions(
  db: Kysely<DB>,
  userId: number,
  keepSessionId: string | null,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('public_id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
