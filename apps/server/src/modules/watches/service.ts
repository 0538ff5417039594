import type { CurrentUser } from '@kxt/contracts/auth';
import { oppositionDeadline } from '@kxt/contracts/opposition';
import { isStaffRole } from '@kxt/contracts/roles';
import {
  type HitReviewBody,
  type NewWatch,
  WATCH_TRIAL_DAYS,
  type WatchHitListQuery,
  type WatchHitRow,
  type WatchListQuery,
  type WatchRow,
} from '@kxt/contracts/trademark-watches';
import type { Kysely } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import type { Actor } from '../../lib/actor.ts';
import { DAY, isoAfter, nowIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.ts';
import { publishEvent } from '../notifications/events.ts';
import { watchPrice } from './payment-kind.ts';
import { cancelWatchRow, hitCounts, toWatch, watchesWithCustomer } from './repository.ts';

/** The company whose watches a user may see: a customer's own; staff see every company's (null). */
function companyOf(user: CurrentUser): number | null {
  return isStaffRole(user.role) ? null : (user.customerId ?? -1);
}

async function withCounts(db: Kysely<DB>, rows: Parameters<typeof toWatch>[0][]): Promise<WatchRow[]> {
  const now = nowIso();
  const counts = await hitCounts(
    db,
    rows.map((row) => row.id),
  );
  const product = await watchPrice(db, 1);
  return rows.map((row) => {
    const watch = toWatch(row, now);
    return {
      ...watch,
      ...(counts.get(row.id) ?? { hits: 0, newHits: 0 }),
      yearPrice: product
        ? { amount: product.amount * watch.countries.length, currency: product.currency }
        : null,
    };
  });
}

export async function listWatches(db: Kysely<DB>, user: CurrentUser, query: WatchListQuery) {
  const company = companyOf(user) ?? query.customerId;
  let base = watchesWithCustomer(db);
  if (company !== undefined) base = base.where('trademark_watches.customer_id', '=', company);
  const [rows, total] = await Promise.all([
    base
      .orderBy('trademark_watches.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: await withCounts(db, rows), total: Number(total.n) };
}

/** One watch the user may see; another company's is a 404, as if it did not exist. */
export async function findWatch(db: Kysely<DB>, user: CurrentUser, id: number): Promise<WatchRow> {
  let query = watchesWithCustomer(db).where('trademark_watches.id', '=', id);
  const company = companyOf(user);
  if (company !== null) query = query.where('trademark_watches.customer_id', '=', company);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  const [watch] = await withCounts(db, [row]);
  if (!watch) throw notFound();
  return watch;
}

/**
 * Starts watching a mark for a company. A company's first watch is a free trial of `WATCH_TRIAL_DAYS`, starting now;
 * any other waits for its payment. A customer always watches for their own company; staff name the customer.
 */
export async function createWatch(db: Kysely<DB>, user: CurrentUser, input: NewWatch, actor: Actor) {
  const company = companyOf(user) ?? input.customerId;
  if (company === undefined) throw badRequest('watch.customerRequired');
  const customer = await db.selectFrom('customers').select('id').where('id', '=', company).executeTakeFirst();
  if (!customer) throw notFound();
  return db.transaction().execute(async (trx) => {
    // The customer row, locked: two first watches at once must not both be the free trial.
    await selectForUpdate(
      trx,
      trx.selectFrom('customers').select('id').where('id', '=', company),
    ).executeTakeFirst();
    const earlier = await trx
      .selectFrom('trademark_watches')
      .select('id')
      .where('customer_id', '=', company)
      .where('status', '=', 'trial')
      .executeTakeFirst();
    const at = nowIso();
    const trial = earlier === undefined;
    const row = await trx
      .insertInto('trademark_watches')
      .values({
        customer_id: company,
        created_by: user.id,
        text: input.text,
        forms: [...new Set(input.forms)].filter((form) => form !== input.text).join('\n'),
        countries: [...new Set(input.countries)].join(','),
        classes: [...new Set(input.classes)].sort((a, b) => a - b).join(','),
        threshold: input.threshold,
        own_marks: input.ownMarks.join('\n'),
        status: trial ? 'trial' : 'awaiting_payment',
        starts_at: trial ? at : null,
        expires_at: trial ? isoAfter(WATCH_TRIAL_DAYS * DAY) : null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...actor,
      action: 'watch.create',
      entityType: 'trademark_watch',
      entityId: row.id,
      to: trial ? 'trial' : 'awaiting_payment',
    });
    return { id: row.id, trial };
  });
}

/** Stops a watch: no more hits; the ones found stay. */
export async function cancelWatch(db: Kysely<DB>, user: CurrentUser, id: number, actor: Actor) {
  const watch = await findWatch(db, user, id);
  if (watch.status === 'cancelled') throw conflict('watch.alreadyCancelled');
  await db.transaction().execute((trx) => cancelWatchRow(trx, id, { ...actor, from: watch.status }));
}

function hitsWithDetails(db: Kysely<DB>) {
  return db
    .selectFrom('trademark_watch_hits as h')
    .innerJoin('trademark_watches as w', 'w.id', 'h.watch_id')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .innerJoin('marks as m', 'm.id', 'h.mark_id');
}

/** The list's filters, without paging: what a page and the 工作台's counts share. */
type HitFilters = Pick<WatchHitListQuery, 'watchId' | 'review'>;

/** The hits the user may see under the filters: one watch's, or all of the company's (all companies' for staff). */
function visibleHits(db: Kysely<DB>, user: CurrentUser, query: HitFilters) {
  let base = hitsWithDetails(db);
  const company = companyOf(user);
  if (company !== null) base = base.where('w.customer_id', '=', company);
  if (query.watchId) base = base.where('h.watch_id', '=', query.watchId);
  if (query.review) base = base.where('h.review', '=', query.review);
  return base;
}

/** How many hits the list shows the user under the filters (the 工作台 counts hits by review state so). */
export async function countHits(db: Kysely<DB>, user: CurrentUser, query: HitFilters): Promise<number> {
  const row = await visibleHits(db, user, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Hits the user may see, newest first: one watch's, or all of the company's (all companies' for staff). */
export async function listHits(db: Kysely<DB>, user: CurrentUser, query: WatchHitListQuery) {
  const base = visibleHits(db, user, query);
  const [rows, total] = await Promise.all([
    base
      .select([
        'h.id',
        'h.watch_id',
        'w.text as watch_text',
        'c.name as customer_name',
        'h.score',
        'h.signals',
        'h.review',
        'h.created_at',
        'm.id as mark_id',
        'm.name',
        'm.dataset',
        'm.application_number',
        'm.application_date',
        'm.nice_classes',
        'm.owner',
        'm.status',
        'm.publication_date',
      ])
      .orderBy('h.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    countHits(db, user, query),
  ]);
  const hits: WatchHitRow[] = rows.map((row) => ({
    id: row.id,
    watchId: row.watch_id,
    watchText: row.watch_text,
    customerName: row.customer_name,
    score: Number(row.score),
    signals: JSON.parse(row.signals) as string[],
    review: row.review,
    createdAt: row.created_at,
    oppositionDeadline: oppositionDeadline(row.dataset, row.publication_date),
    mark: {
      id: row.mark_id,
      name: row.name,
      dataset: row.dataset,
      applicationNumber: row.application_number,
      applicationDate: row.application_date,
      niceClass: row.nice_classes.split(',').filter(Boolean).map(Number),
      owner: row.owner,
      status: row.status,
    },
  }));
  return { rows: hits, total };
}

/** The company marks a hit "not relevant", or asks its consultant about it (the hit then waits in staff's queue). */
export async function reviewHit(
  db: Kysely<DB>,
  user: CurrentUser,
  id: number,
  body: HitReviewBody,
  actor: Actor,
) {
  let query = hitsWithDetails(db).select(['h.id', 'h.review']).where('h.id', '=', id);
  const company = companyOf(user);
  if (company !== null) query = query.where('w.customer_id', '=', company);
  const hit = await query.executeTakeFirst();
  if (!hit) throw notFound();
  if (hit.review === body.review) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('trademark_watch_hits')
      .set({ review: body.review, reviewed_by: user.id, reviewed_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (body.review === 'consultant') await publishEvent(trx, { name: 'watch.asked', hitId: id });
    await recordAudit(trx, {
      ...actor,
      action: 'watch.hit-review',
      entityType: 'trademark_watch_hit',
      entityId: id,
      from: hit.review,
      to: body.review,
    });
  });
}
