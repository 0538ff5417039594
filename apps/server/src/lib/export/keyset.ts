import { type Expression, type SqlBool, sql } from 'kysely';

export type KeysetDirection = 'asc' | 'desc';
/** The last row of a batch: its sort key and id, where the next batch starts after. */
export interface KeysetRow {
  sort_key: string | number;
  id: number;
}

/**
 * Rows after `last` in (sort key, id) order. Written as `key <= k and (key < k or id < i)` (for descending order)
 * rather than an OR of the two, so an index on the sort column serves it as a range and each batch reads only
 * its own rows, not everything before it as an offset would.
 */
export function afterRow(
  sortKey: Expression<unknown>,
  idColumn: string,
  direction: KeysetDirection,
  last: KeysetRow,
): Expression<SqlBool> {
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const upTo = direction === 'asc' ? sql.raw('>=') : sql.raw('<=');
  return sql<SqlBool>`(${sortKey} ${upTo} ${last.sort_key} and (${sortKey} ${beyond} ${last.sort_key} or ${sql.ref(idColumn)} ${beyond} ${last.id}))`;
}

/**
 * Reads a whole filtered list batch by batch (keyset paging): the connection is free between batches, so other
 * requests interleave with a long export, and only one batch is ever held.
 */
export async function* keysetBatches<Raw extends KeysetRow>(
  readAfter: (last: Raw | undefined) => Promise<Raw[]>,
  batchSize: number,
): AsyncGenerator<Raw[]> {
  let last: Raw | undefined;
  for (;;) {
    const rows = await readAfter(last);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows.at(-1);
  }
}

/** Batches of raw rows turned into batches of something else (rows for the writer, cells for a file). */
export async function* mapBatches<In, Out>(
  batches: AsyncIterable<In[]>,
  convert: (batch: In[]) => Out[] | Promise<Out[]>,
): AsyncGenerator<Out[]> {
  for await (const batch of batches) yield await convert(batch);
}
