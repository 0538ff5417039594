import { type AnyDb, databaseKindOf } from './columns.ts';

/**
 * The read of a read-modify-write: the rows `query` selects, locked until the transaction ends, so a check made on
 * them (an invariant, the "from" of an audit row) still holds when the change is written. PostgreSQL gets
 * `FOR UPDATE`: under READ COMMITTED a plain read would let two transactions check the same old row and both write.
 * SQLite has no row locks and needs none: a transaction holds the database's one write lock from its first write,
 * Kysely runs one transaction at a time per process, and another process's commit in between makes our write fail
 * (SQLITE_BUSY) rather than land on a stale read. Only meaningful inside a transaction, hence the guard.
 */
export function selectForUpdate<Query extends { forUpdate(): Query }>(trx: AnyDb, query: Query): Query {
  if (!trx.isTransaction)
    throw new Error('selectForUpdate needs a transaction: the lock ends with the statement');
  return databaseKindOf(trx) === 'postgres' ? query.forUpdate() : query;
}
