import { effectIn } from '@kxt/contracts/jurisdictions';
import { TrademarkIndex } from '@kxt/trademark-engine/engine';
import { SCORE_FLOOR } from '@kxt/trademark-engine/score';
import type { Match } from '@kxt/trademark-engine/types';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { marksChangedAfter } from '../trademarks/repository.ts';
import { alertHits } from './alerts.ts';
import { activeWatches, type WatchRecord } from './repository.ts';

const PAGE = 2000;
/** More matches than this for one watch in one batch are cut (the strongest are kept): a watch that broad says nothing. */
const MATCHES_PER_WATCH = 1000;

export interface WatchMatching {
  watches: number;
  marks: number;
  hits: number;
}

const normalized = (text: string | null | undefined) =>
  (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Matches the marks written since `changedSince` (an import batch's new and changed marks) against every active watch:
 * the marks are indexed on their own and each watch is searched in that small index with the engine and the effect
 * rule of the search screen, so the cost follows the batch and the watches, never the register. A hit is kept once per
 * watch and mark (a mark imported again adds none); the company's own marks (by application number, or by an owner
 * of the company's name) are never reported.
 */
export async function matchWatches(
  db: Kysely<DB>,
  changedSince: string,
  importId: number | null = null,
): Promise<WatchMatching> {
  const watches = await activeWatches(db, nowIso());
  if (watches.length === 0) return { watches: 0, marks: 0, hits: 0 };
  // Every name a watch's threshold may reach is read: the batch is small, and a threshold may be below high risk.
  const index = new TrademarkIndex({ singleSignalFloor: SCORE_FLOOR });
  let cursor = { updatedAt: changedSince, id: 0 };
  let marks = 0;
  for (;;) {
    const page = await marksChangedAfter(db, cursor, PAGE);
    if (page.length === 0) break;
    index.warmPinyin(page.map((row) => row.mark.name));
    index.add(page.map((row) => row.mark));
    marks += page.length;
    const last = page.at(-1);
    if (last) cursor = { updatedAt: last.updatedAt, id: last.mark.id };
    if (page.length < PAGE) break;
  }
  if (marks === 0) return { watches: watches.length, marks: 0, hits: 0 };
  let hits = 0;
  for (const watch of watches) hits += await matchOne(db, index, watch, importId);
  return { watches: watches.length, marks, hits };
}

/** What every form of the watched mark finds in the batch at or above the threshold, the best score per mark. */
function matchesOf(index: TrademarkIndex, watch: WatchRecord): Match[] {
  const best = new Map<number, Match>();
  const effect = effectIn(watch.countries);
  for (const text of [watch.text, ...watch.forms]) {
    const { matches } = index.search({ text, classes: watch.classes, effect, limit: MATCHES_PER_WATCH });
    for (const match of matches) {
      if (match.score < watch.threshold) continue;
      const earlier = best.get(match.id);
      if (!earlier || earlier.score < match.score) best.set(match.id, match);
    }
  }
  return [...best.values()];
}

async function matchOne(db: Kysely<DB>, index: TrademarkIndex, watch: WatchRecord, importId: number | null) {
  const found = matchesOf(index, watch);
  if (found.length === 0) return 0;
  const details = await db
    .selectFrom('marks')
    .select(['id', 'application_number', 'owner'])
    .where(
      'id',
      'in',
      found.map((match) => match.id),
    )
    .execute();
  const own = new Set(watch.ownMarks.map(normalized));
  const company = normalized(watch.customerName);
  const ownIds = new Set(
    details
      .filter((mark) => own.has(normalized(mark.application_number)) || normalized(mark.owner) === company)
      .map((mark) => mark.id),
  );
  const at = nowIso();
  const rows = found
    .filter((match) => !ownIds.has(match.id))
    .map((match) => ({
      watch_id: watch.id,
      mark_id: match.id,
      score: match.score,
      signals: JSON.stringify(match.signals),
      import_id: importId,
      created_at: at,
    }));
  if (rows.length === 0) return 0;
  // The hits and their alerts in one transaction: a hit exists exactly when it has been (or will be) told.
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('trademark_watch_hits')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['watch_id', 'mark_id']).doNothing())
      .returning(['mark_id', 'score'])
      .execute();
    await alertHits(
      trx,
      watch,
      inserted.map((hit) => ({ markId: hit.mark_id, score: Number(hit.score) })),
    );
    return inserted.length;
  });
}
