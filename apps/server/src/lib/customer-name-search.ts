import { expressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { containsPattern } from './list.ts';

/** The distinct pairs of consecutive characters of a lower-cased text, as `customer_name_grams` lists a name's. */
export function characterPairs(text: string): string[] {
  const characters = Array.from(text.toLowerCase());
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < characters.length; i += 1) pairs.add(`${characters[i]}${characters[i + 1]}`);
  return [...pairs];
}

/**
 * The ids of the customers whose name contains `keyword` (case-insensitive as `containsText`), as a subquery. A
 * keyword of two or more characters reads first the customers whose name holds all its pairs of characters
 * (migration 0029), so only those names are matched with `like`; a one-character keyword reads every name.
 */
export function customerIdsNamedLike(keyword: string) {
  const eb = expressionBuilder<DB, never>();
  const named = eb
    .selectFrom('customers')
    .select('customers.id')
    .where(sql<SqlBool>`lower(customers.name) like ${containsPattern(keyword)} escape '\\'`);
  const pairs = characterPairs(keyword);
  if (pairs.length === 0) return named;
  const holding = eb.selectFrom('customer_name_grams').select('customer_name_grams.customer_id as id');
  const holdingAllPairs =
    pairs.length === 1
      ? holding.where('customer_name_grams.gram', '=', pairs[0] as string)
      : holding
          .where('customer_name_grams.gram', 'in', pairs)
          .groupBy('customer_name_grams.customer_id')
          .having(sql<number>`count(*)`, '=', pairs.length);
  // A two-character keyword is its one pair: the names holding it are the answer, without reading them.
  if (Array.from(keyword).length === 2) return holdingAllPairs;
  return named.where('customers.id', 'in', holdingAllPairs);
}
