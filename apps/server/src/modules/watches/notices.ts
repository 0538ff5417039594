import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MessageParams } from '../../locales/translate.ts';
import type { DomainEvent } from '../notifications/events.ts';
import { companyUsers, type Notice } from '../notifications/recipients.ts';
import { VERY_HIGH_HIT } from './alerts.ts';

const WATCHES_PAGE = '/trademark/watches';
/** Names listed in one notice; the rest are counted. */
const NAMES_SHOWN = 5;

function names(rows: { name: string }[]) {
  const shown = rows.slice(0, NAMES_SHOWN).map((row) => row.name);
  return rows.length > NAMES_SHOWN ? `${shown.join('、')} …` : shown.join('、');
}

/** A watch's very similar new marks (at once), or the company's week of other hits (the digest), to its users. */
export async function watchNotices(
  db: Kysely<DB>,
  event: Extract<DomainEvent, { name: 'watch.hit' | 'watch.digest' }>,
): Promise<Notice[]> {
  if (event.name === 'watch.hit') {
    const watch = await db
      .selectFrom('trademark_watches')
      .select(['customer_id', 'text'])
      .where('id', '=', event.watchId)
      .executeTakeFirst();
    if (!watch || event.markIds.length === 0) return [];
    const marks = await db.selectFrom('marks').select('name').where('id', 'in', event.markIds).execute();
    const params: MessageParams = { text: watch.text, count: event.markIds.length, names: names(marks) };
    return [
      {
        userIds: await companyUsers(db, watch.customer_id),
        type: 'watch.hit',
        params,
        link: `${WATCHES_PAGE}?watch=${event.watchId}`,
      },
    ];
  }
  const hits = await db
    .selectFrom('trademark_watch_hits as h')
    .innerJoin('trademark_watches as w', 'w.id', 'h.watch_id')
    .innerJoin('marks as m', 'm.id', 'h.mark_id')
    .select(['m.name'])
    .where('w.customer_id', '=', event.customerId)
    .where('h.created_at', '>=', event.since)
    .where('h.score', '<', VERY_HIGH_HIT)
    .where('h.review', '=', 'new')
    .orderBy('h.score', 'desc')
    .execute();
  if (hits.length === 0) return [];
  return [
    {
      userIds: await companyUsers(db, event.customerId),
      type: 'watch.digest',
      params: { count: hits.length, names: names(hits) },
      link: WATCHES_PAGE,
    },
  ];
}
