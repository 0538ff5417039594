import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';

/** At most `max` counted requests under `key` within `windowMs`. */
export interface RateLimit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Refuses with 429 when any limit is reached, else counts this request under every key. Kept in the database, so
 * the limits hold across server processes and restarts (the in-memory route limits do not).
 */
export async function takeRateLimits(db: Kysely<DB>, limits: readonly RateLimit[]): Promise<void> {
  for (const limit of limits) {
    const row = await db
      .selectFrom('account_rate_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('key', '=', limit.key)
      .where('created_at', '>', isoBefore(limit.windowMs))
      .executeTakeFirstOrThrow();
    if (Number(row.count) >= limit.max) throw new HttpError(429, 'account.tooManyRequests');
  }
  const at = nowIso();
  await db
    .insertInto('account_rate_events')
    .values(limits.map((limit) => ({ key: limit.key, created_at: at })))
    .execute();
}
