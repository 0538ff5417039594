import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB, OutboxJobsTable } from '../../db/schema.ts';

export type OutboxJob = Selectable<OutboxJobsTable>;

const ERROR_MAX = 1000;
/** First retry after 30 s, doubling up to an hour: a mail server that is down for a while is not hammered. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

/**
 * Claims up to `limit` due jobs for `owner`: pending ones whose time has come, and running ones whose lease ran out
 * (their worker died). Each claim is a compare-and-set on the row's state and attempt count as read, so of several
 * workers (processes, on one PostgreSQL or one SQLite file) exactly one wins each job; the others see 0 rows.
 */
export async function claimJobs(
  db: Kysely<DB>,
  owner: string,
  now: Date,
  leaseMs: number,
  limit: number,
  kinds: readonly OutboxJob['kind'][],
): Promise<OutboxJob[]> {
  const at = now.toISOString();
  const due = await db
    .selectFrom('outbox_jobs')
    .select(['id', 'state', 'attempts'])
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', at)]),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)]),
      ]),
    )
    .orderBy('run_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const claimed: OutboxJob[] = [];
  for (const job of due) {
    const row = await db
      .updateTable('outbox_jobs')
      .set((eb) => ({
        state: 'running',
        lease_owner: owner,
        lease_until: leaseUntil,
        attempts: eb('attempts', '+', 1),
        updated_at: at,
      }))
      .where('id', '=', job.id)
      .where('state', '=', job.state)
      .where('attempts', '=', job.attempts)
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/**
 * Ends a claimed job with `set`, only while the claim still holds (this worker's, at the attempt it claimed): a
 * worker whose lease ran out and was taken over changes nothing.
 */
async function updateOwnClaim(db: Kysely<DB>, job: OutboxJob, set: Updateable<OutboxJobsTable>) {
  const result = await db
    .updateTable('outbox_jobs')
    .set(set)
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', job.lease_owner)
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a claimed job done; false when the claim was lost (its lease ran out and another worker took it). */
export async function completeJob(
  db: Kysely<DB>,
  job: OutboxJob,
  now: Date,
  result: { provider?: string | null; providerRef?: string | null } = {},
): Promise<boolean> {
  const at = now.toISOString();
  return updateOwnClaim(db, job, {
    state: 'sent',
    sent_at: at,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    provider: result.provider ?? null,
    provider_ref: result.providerRef ?? null,
    updated_at: at,
  });
}

/** A failed attempt: back to pending with a growing delay, or failed for good after `maxAttempts`, error kept. */
export async function failJob(
  db: Kysely<DB>,
  job: OutboxJob,
  now: Date,
  error: unknown,
  maxAttempts: number,
): Promise<'retry' | 'failed'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
  const outcome = job.attempts >= maxAttempts ? 'failed' : 'retry';
  await updateOwnClaim(db, job, {
    state: outcome === 'failed' ? 'failed' : 'pending',
    run_at: new Date(now.getTime() + backoffMs(job.attempts)).toISOString(),
    lease_owner: null,
    lease_until: null,
    last_error: message,
    updated_at: now.toISOString(),
  });
  return outcome;
}
