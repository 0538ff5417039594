/** A connection pool to PostgreSQL, as the caller has one (node-postgres, Kysely). */
export interface SqlClient {
  /**
   * Runs one statement with `$1`-style parameters and answers its rows; a statement with a `name` is prepared once
   * per connection and planned for any parameters (the candidates' plan over every partition took 14 ms to make).
   */
  query<Row>(text: string, params?: readonly unknown[], name?: string): Promise<Row[]>;
  /** Runs `work` on one connection, so a `SET` made by its first statement holds for the next. */
  session<T>(work: (query: SqlClient['query']) => Promise<T>): Promise<T>;
}

/** What `poolClient` needs of a node-postgres `Pool`. */
interface Queryable {
  query(config: { text: string; values: unknown[]; name?: string }): Promise<{ rows: unknown[] }>;
}
export interface PoolLike extends Queryable {
  connect(): Promise<Queryable & { release(): void }>;
}

/** A `SqlClient` over a node-postgres `Pool`. */
export function poolClient(pool: PoolLike): SqlClient {
  const queryOn =
    (target: Queryable) =>
    async <Row>(text: string, params: readonly unknown[] = [], name?: string): Promise<Row[]> =>
      (await target.query({ text, values: [...params], ...(name === undefined ? {} : { name }) }))
        .rows as Row[];
  return {
    query: queryOn(pool),
    async session(work) {
      const connection = await pool.connect();
      try {
        return await work(queryOn(connection));
      } finally {
        connection.release();
      }
    },
  };
}
