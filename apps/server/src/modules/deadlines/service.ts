import type { AdminDeadlineQuery, DeadlineKind, DeadlineRow } from '@kxt/contracts/deadlines';
import { signUrl } from '@kxt/contracts/signing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DAY } from '../../lib/time.ts';
import { dayOf } from './sync.ts';

export type Audience = 'staff' | 'customer';

const keywordParam = (reference: string) => `keyword=${encodeURIComponent(reference)}`;

/**
 * The reader's patent list searched for one order by its service no: staff get the list of every order, whatever
 * their default tab; the lists put a linked `keyword` in their search box.
 */
export function patentListLink(serviceCode: string, audience: Audience): string {
  const keyword = keywordParam(serviceCode);
  return audience === 'staff' ? `/admin/patents?tab=all&${keyword}` : `/trademark/patent?${keyword}`;
}

/** Where a deadline's record is: for staff the back-office list filtered to it; for the customer their own page. */
function linkOf(kind: DeadlineKind, reference: string, audience: Audience, code: string | null) {
  if (kind === 'signingLink') {
    return audience === 'staff' ? `/admin/agreements?${keywordParam(reference)}` : code ? signUrl(code) : '/';
  }
  return patentListLink(reference, audience);
}

const baseQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('deadlines')
    .innerJoin('customers', 'customers.id', 'deadlines.customer_id')
    .leftJoin('agreements', (join) =>
      join.onRef('agreements.id', '=', 'deadlines.record_id').on('deadlines.kind', '=', 'signingLink'),
    )
    .select([
      'deadlines.id',
      'deadlines.kind',
      'deadlines.due_on',
      'deadlines.reference',
      'deadlines.title',
      'deadlines.customer_id',
      'customers.name as customer_name',
      'agreements.code as agreement_code',
    ]);

type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toRow(row: Joined, audience: 'staff' | 'customer', today: string): DeadlineRow {
  return {
    id: row.id,
    kind: row.kind,
    dueOn: row.due_on,
    daysLeft: Math.round((Date.parse(`${row.due_on}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY),
    reference: row.reference,
    title: row.title,
    customerId: row.customer_id,
    customerName: row.customer_name,
    link: linkOf(row.kind, row.reference, audience, row.agreement_code),
  };
}

/** The staff calendar: every company's deadlines due in [from, to], of one kind, or only the overdue ones. */
export async function listDeadlines(db: Kysely<DB>, query: AdminDeadlineQuery, now: Date) {
  const today = dayOf(now);
  let select = baseQuery(db)
    .where('deadlines.due_on', '>=', query.from)
    .where('deadlines.due_on', '<=', query.to);
  if (query.kind) select = select.where('deadlines.kind', '=', query.kind);
  if (query.overdue === '1') select = select.where('deadlines.due_on', '<', today);
  const rows = await select.orderBy('deadlines.due_on').orderBy('deadlines.id').execute();
  return rows.map((row) => toRow(row, 'staff', today));
}

/** The customer's next deadlines (today and later), their own company's only; none without a company. */
export async function upcomingDeadlines(
  db: Kysely<DB>,
  customerId: number | null,
  limit: number,
  now: Date,
): Promise<{ rows: DeadlineRow[]; total: number }> {
  if (customerId === null) return { rows: [], total: 0 };
  const today = dayOf(now);
  const own = baseQuery(db)
    .where('deadlines.customer_id', '=', customerId)
    .where('deadlines.due_on', '>=', today);
  const [rows, total] = await Promise.all([
    own.orderBy('deadlines.due_on').orderBy('deadlines.id').limit(limit).execute(),
    db
      .selectFrom('deadlines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .where('due_on', '>=', today)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => toRow(row, 'customer', today)), total: Number(total.n) };
}
