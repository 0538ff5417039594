import type { WatchStatus } from '@kxt/contracts/trademark-watches';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, TrademarkWatchesTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.ts';

export interface WatchRecord {
  id: number;
  customerId: number;
  customerName: string;
  text: string;
  forms: string[];
  countries: string[];
  classes: number[];
  threshold: number;
  ownMarks: string[];
  status: WatchStatus;
  startsAt: string | null;
  expiresAt: string | null;
  createdAt: string;
}

const list = (text: string) => text.split(/[,\n]/).filter(Boolean);

/** A stored watch as the service speaks of it; a paid or trial watch past its end date is `expired`. */
export function toWatch(
  row: Selectable<TrademarkWatchesTable> & { customer_name: string },
  now: string,
): WatchRecord {
  const lapsed =
    (row.status === 'trial' || row.status === 'active') && row.expires_at !== null && row.expires_at <= now;
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    text: row.text,
    forms: row.forms.split('\n').filter(Boolean),
    countries: list(row.countries),
    classes: list(row.classes).map(Number),
    threshold: row.threshold,
    ownMarks: row.own_marks.split('\n').filter(Boolean),
    status: lapsed ? 'expired' : row.status,
    startsAt: row.starts_at,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

export function watchesWithCustomer(db: Kysely<DB>) {
  return db
    .selectFrom('trademark_watches')
    .innerJoin('customers', 'customers.id', 'trademark_watches.customer_id')
    .selectAll('trademark_watches')
    .select('customers.name as customer_name');
}

/** The watches that match new marks now: on trial or paid, before their end date. */
export async function activeWatches(db: Kysely<DB>, now: string): Promise<WatchRecord[]> {
  const rows = await watchesWithCustomer(db)
    .where('trademark_watches.status', 'in', ['trial', 'active'])
    .where('trademark_watches.expires_at', '>', now)
    .execute();
  return rows.map((row) => toWatch(row, now));
}

/** Hits per watch: all, and those nobody has reviewed yet. */
export async function hitCounts(db: Kysely<DB>, watchIds: number[]) {
  if (watchIds.length === 0) return new Map<number, { hits: number; newHits: number }>();
  const rows = await db
    .selectFrom('trademark_watch_hits')
    .select([
      'watch_id',
      (eb) => eb.fn.countAll<number>().as('hits'),
      sql<number>`sum(case when review = 'new' then 1 else 0 end)`.as('new_hits'),
    ])
    .where('watch_id', 'in', watchIds)
    .groupBy('watch_id')
    .execute();
  return new Map(
    rows.map((row) => [row.watch_id, { hits: Number(row.hits), newHits: Number(row.new_hits) }]),
  );
}

/** Cancels a watch (no more hits; the ones found stay) and records who did it and why, in the caller's transaction. */
export async function cancelWatchRow(
  trx: Kysely<DB>,
  id: number,
  audit: Omit<AuditEntry, 'action' | 'entityType' | 'entityId' | 'to'>,
) {
  await trx
    .updateTable('trademark_watches')
    .set({ status: 'cancelled', updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  await recordAudit(trx, {
    ...audit,
    action: 'watch.cancel',
    entityType: 'trademark_watch',
    entityId: id,
    to: 'cancelled',
  });
}
