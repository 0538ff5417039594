import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@kxt/contracts/auth';
import type { Kysely } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { nowIso } from '../../lib/time.ts';

export interface SearchParams {
  text: string;
  datasets: string[];
  classes: number[];
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
 * Records a new search under a fresh searchId (with the `countries` as chosen, for its report), charging the customer's company one search. A company with none
 * left is refused with the quota message; staff are not limited. The check and the charge happen in one
 * transaction holding the company's credit row, so two simultaneous searches cannot both take the last one.
 */
export async function startSearch(
  db: Kysely<DB>,
  user: CurrentUser,
  params: SearchParams,
  freeSearches: number,
  countries: readonly string[] = params.datasets,
) {
  const id = randomUUID();
  const customerId = user.role === 'customer' ? user.customerId : null;
  await db.transaction().execute(async (trx) => {
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
      if ((await remainingSearches(trx, customerId, freeSearches)) < 1) {
        throw new HttpError(402, 'trademark.quotaUsedUp');
      }
    }
    await trx
      .insertInto('trademark_searches')
      .values({
        id,
        user_id: user.id,
        customer_id: customerId,
        text: params.text,
        datasets: params.datasets.join(','),
        classes: params.classes.join(','),
        countries: [...new Set(countries)].join(','),
        charged: customerId === null ? 0 : 1,
        created_at: nowIso(),
      })
      .execute();
  });
  return id;
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
