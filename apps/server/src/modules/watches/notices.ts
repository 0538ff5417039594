import { oppositionDeadline } from '@kxt/contracts/opposition';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LocalizedParam, MessageParams } from '../../locales/translate.ts';
import type { DomainEvent } from '../notifications/events.ts';
import { companyUsers, type Notice, staffOf } from '../notifications/recipients.ts';
import { VERY_HIGH_HIT } from './alerts.ts';

const WATCHES_PAGE = '/trademark/watches';
const STAFF_WATCHES_PAGE = '/admin/trademark-watches';
/** Names listed in one notice; the rest are counted. */
const NAMES_SHOWN = 5;

/** The marks' names, listed as each language lists them (a notice is read again in the reader's language). */
function names(rows: { name: string }[]): LocalizedParam {
  const shown = rows.slice(0, NAMES_SHOWN).map((row) => row.name);
  const more = rows.length > NAMES_SHOWN ? ' …' : '';
  return { 'zh-CN': `${shown.join('、')}${more}`, 'en-US': `${shown.join(', ')}${more}` };
}

/** A watch's very similar new marks (at once), or the company's week of other hits (the digest), to its users. */
export async function watchNotices(
  db: Kysely<DB>,
  event: Extract<DomainEvent, { name: 'watch.hit' | 'watch.digest' | 'watch.asked' }>,
): Promise<Notice[]> {
  if (event.name === 'watch.asked') return askedNotices(db, event.hitId);
  if (event.name === 'watch.hit') {
    const watch = await db
      .selectFrom('trademark_watches')
      .select(['customer_id', 'text'])
      .where('id', '=', event.watchId)
      .executeTakeFirst();
    if (!watch || event.markIds.length === 0) return [];
    const marks = await db
      .selectFrom('marks')
      .select(['name', 'dataset', 'publication_date'])
      .where('id', 'in', event.markIds)
      .execute();
    const deadlines = marks
      .map((mark) => oppositionDeadline(mark.dataset, mark.publication_date))
      .filter((deadline): deadline is string => deadline !== null)
      .sort();
    const params: MessageParams = {
      text: watch.text,
      count: event.markIds.length,
      names: names(marks),
      deadline: deadlines[0] ?? { 'zh-CN': '未知', 'en-US': 'unknown' },
    };
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

/** A hit the company asked about goes to its consultant (the customer's owner), or to the consultants when it has none. */
async function askedNotices(db: Kysely<DB>, hitId: number): Promise<Notice[]> {
  const hit = await db
    .selectFrom('trademark_watch_hits as h')
    .innerJoin('trademark_watches as w', 'w.id', 'h.watch_id')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .innerJoin('marks as m', 'm.id', 'h.mark_id')
    .leftJoin('users as owner', (join) =>
      join.onRef('owner.id', '=', 'c.owner_user_id').on('owner.disabled', '=', 0),
    )
    .select(['w.text', 'c.name as company', 'm.name as mark', 'owner.id as owner_id'])
    .where('h.id', '=', hitId)
    .executeTakeFirst();
  if (!hit) return [];
  const userIds = hit.owner_id !== null ? [hit.owner_id] : await staffOf(db, ['consultant', 'admin']);
  return [
    {
      userIds,
      type: 'watch.asked',
      params: { company: hit.company, text: hit.text, mark: hit.mark },
      link: STAFF_WATCHES_PAGE,
    },
  ];
}
