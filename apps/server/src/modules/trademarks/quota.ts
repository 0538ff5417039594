import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@kxt/contracts/auth';
import type { Kysely } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { DAY, isoBefore, nowIso } from '../../lib/time.ts';

export interface SearchParams {
  text: string;
  datasets: string[];
  classes: number[];
}

/** Everything that makes two searches the same question (issue #15): the parameters, chosen countries, statuses. */
export interface SearchQuestion extends SearchParams {
  countries: string[];
  statuses: string[];
}

/** How long the same question by the same user reuses its earlier searchId instead of being charged again. */
export const REUSE_WINDOW_MS = DAY;

/** The columns a question is stored and compared as: lists sorted and comma-joined, so order never matters. */
function questionColumns(question: SearchQuestion) {
  const list = (items: readonly (string | number)[]) => [...new Set(items.map(String))].sort().join(',');
  return {
    text: question.text,
    datasets: list(question.datasets),
    classes: [...new Set(question.classes)].sort((a, b) => a - b).join(','),
    countries: list(question.countries),
    statuses: list(question.statuses),
  };
}

/** The id of the same question asked by this user within the reuse window, if any. */
async function findSameQuestion(
  db: Kysely<DB>,
  userId: number,
  columns: ReturnType<typeof questionColumns>,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('trademark_searches')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>', isoBefore(REUSE_WINDOW_MS))
    .where('text', '=', columns.text)
    .where('datasets', '=', columns.datasets)
    .where('classes', '=', columns.classes)
    .where('countries', '=', columns.countries)
    .where('statuses', '=', columns.statuses)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** A company's searches left: the free allowance plus bought packs, less the searches already charged. */
export async function remainingSearches(
  db: Kysely<DB>,
  customerId: number,
  freeSearches: number,
): Promise<number> {
  const used = await db
    .selectFrom('trademark_searches')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('customer_id', '=', customerId)
    .where('charged', '=', 1)
    .executeTakeFirstOrThrow();
  const credits = await db
    .selectFrom('trademark_search_credits')
    .select('extra_searches')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Math.max(0, freeSearches + (credits?.extra_searches ?? 0) - Number(used.count));
}

/**
 * The searchId for a question: the same question asked by the same user within `REUSE_WINDOW_MS` gets its earlier
 * searchId back with no charge (a reload, Back, a shared link or a second Enter); anything else is recorded under a
 * fresh searchId, charging the customer's company one search. A company with none left is refused with the quota
 * message; staff are not limited. The look-up, the check and the charge happen in one transaction holding the
 * company's credit row, so two simultaneous searches cannot both take the last one, and of two identical ones the
 * second waits and then finds the first (READ COMMITTED: each statement after the lock sees what committed before).
 */
export async function startSearch(
  db: Kysely<DB>,
  user: CurrentUser,
  question: SearchQuestion,
  freeSearches: number,
): Promise<{ searchId: string; reused: boolean }> {
  const customerId = user.role === 'customer' ? user.customerId : null;
  const columns = questionColumns(question);
  return db.transaction().execute(async (trx) => {
    if (customerId !== null) {
      const at = nowIso();
      await trx
        .insertInto('trademark_search_credits')
        .values({ customer_id: customerId, extra_searches: 0, updated_at: at })
        .onConflict((conflict) => conflict.column('customer_id').doNothing())
        .execute();
      await selectForUpdate(
        trx,
        trx
          .selectFrom('trademark_search_credits')
          .select('customer_id')
          .where('customer_id', '=', customerId),
      ).execute();
    }
    const earlier = await findSameQuestion(trx, user.id, columns);
    if (earlier !== undefined) return { searchId: earlier, reused: true };
    if (customerId !== null && (await remainingSearches(trx, customerId, freeSearches)) < 1) {
      throw new HttpError(402, 'trademark.quotaUsedUp');
    }
    const id = randomUUID();
    await trx
      .insertInto('trademark_searches')
      .values({
        id,
        user_id: user.id,
        customer_id: customerId,
        ...columns,
        charged: customerId === null ? 0 : 1,
        created_at: nowIso(),
      })
      .execute();
    return { searchId: id, reused: false };
  });
}

/** The parameters of an earlier search by the same user, or undefined (unknown, or someone else's). */
export async function findSearch(
  db: Kysely<DB>,
  searchId: string,
  user: CurrentUser,
): Promise<SearchParams | undefined> {
  const row = await db
    .selectFrom('trademark_searches')
    .select(['text', 'datasets', 'classes'])
    .where('id', '=', searchId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    text: row.text,
    datasets: row.datasets ? row.datasets.split(',') : [],
    classes: row.classes ? row.classes.split(',').map(Number) : [],
  };
}

/** Adds bought searches to a company's allowance (search packs). */
export async function grantSearches(db: Kysely<DB>, customerId: number, count: number) {
  const at = nowIso();
  await db
    .insertInto('trademark_search_credits')
    .values({ customer_id: customerId, extra_searches: count, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('customer_id').doUpdateSet((eb) => ({
        extra_searches: eb('trademark_search_credits.extra_searches', '+', count),
        updated_at: at,
      })),
    )
    .execute();
}
