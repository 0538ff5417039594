import { DEFAULT_RISK_THRESHOLDS } from '@kxt/contracts/risk';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY } from '../../lib/time.ts';
import { publishEvent } from '../notifications/events.ts';

/** Hits at least this similar (the search's very high band) are told at once; the others wait for the week's digest. */
export const VERY_HIGH_HIT = DEFAULT_RISK_THRESHOLDS.veryHigh;
/** The weekly digest goes out on Monday at 01:00 UTC (09:00 in Beijing). */
const DIGEST_HOUR_UTC = 1;

/** The next Monday 01:00 UTC after `now`, and the Monday a week before it (the week the digest covers). */
export function digestWeek(now: Date): { runAt: string; since: string } {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  const daysToMonday = (8 - next.getUTCDay()) % 7;
  next.setUTCDate(next.getUTCDate() + daysToMonday);
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 7);
  return { runAt: next.toISOString(), since: new Date(next.getTime() - 7 * DAY).toISOString() };
}

/**
 * Tells the company of new hits, in the transaction that stored them (so each hit is told exactly once): very high ones
 * at once, one notice per watch and batch; the others through one digest per company and week (the key keeps it one).
 */
export async function alertHits(
  trx: Kysely<DB>,
  watch: { id: number; customerId: number },
  hits: readonly { markId: number; score: number }[],
  now = new Date(),
): Promise<void> {
  const veryHigh = hits.filter((hit) => hit.score >= VERY_HIGH_HIT).map((hit) => hit.markId);
  if (veryHigh.length > 0)
    await publishEvent(trx, { name: 'watch.hit', watchId: watch.id, markIds: veryHigh });
  if (veryHigh.length < hits.length) {
    const week = digestWeek(now);
    await publishEvent(
      trx,
      { name: 'watch.digest', customerId: watch.customerId, since: week.since },
      week.runAt,
      `watch-digest:${watch.customerId}:${week.runAt}`,
    );
  }
}
