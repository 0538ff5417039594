import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, Kysely } from 'kysely';

/**
 * Runs `work` as one database transaction, including the transactions that the code it calls opens for itself:
 * their `db.transaction()` become savepoints of this one. A failure anywhere, or a process killed part-way, leaves
 * nothing of `work` behind, so steps built from the services' own functions (such as the demo seed) are
 * all-or-nothing without those functions knowing. `work` runs on one connection, one statement at a time, and
 * must use the database it is given (the pool's other connections do not see its writes before it commits).
 */
export async function inOneTransaction<DB, T>(
  db: Kysely<DB>,
  work: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const executor = db.getExecutor();
  return executor.provideConnection(async (connection) => {
    const driver = new SavepointDriver(connection);
    const dialect: Dialect = {
      createAdapter: () => executor.adapter,
      createDriver: () => driver,
      createQueryCompiler: () => ({ compileQuery: (node, queryId) => executor.compileQuery(node, queryId) }),
      createIntrospector: () => {
        throw new Error('Schema introspection is not available inside inOneTransaction');
      },
    };
    await connection.executeQuery(CompiledQuery.raw('begin'));
    let result: T;
    try {
      result = await work(new Kysely<DB>({ dialect }));
    } catch (error) {
      // The original error says what went wrong; a connection too broken to roll back has rolled back already.
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
    await connection.executeQuery(CompiledQuery.raw('commit'));
    return result;
  });
}

/** One borrowed connection, handed out to one user at a time, whose transactions are savepoints. */
class SavepointDriver implements Driver {
  private depth = 0;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(private readonly connection: DatabaseConnection) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  // An inner transaction's isolation level cannot apply to a savepoint: the outer transaction's holds throughout.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.depth += 1;
    await connection.executeQuery(CompiledQuery.raw(`savepoint nested_${this.depth}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint nested_${this.depth}`));
    this.depth -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint nested_${this.depth}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint nested_${this.depth}`));
    this.depth -= 1;
  }

  async destroy(): Promise<void> {}
}
