import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { DB } from './schema.ts';

interface Answer {
  id: number;
  ok: boolean;
  rows?: unknown[];
  error?: { name: string; message: string };
}

/**
 * Runs SELECTs on a second, read-only connection to the SQLite file, on a worker thread. better-sqlite3 answers
 * synchronously, so a count over a million rows (up to a second) on the server's own connection stops every other
 * request meanwhile; on this connection it waits only for itself. WAL lets the reader see every committed write.
 * The worker starts with the first query and stops when the database closes.
 */
class SqliteReaderDriver implements Driver {
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #pending = new Map<
    number,
    { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly file: string) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => ({
        rows: (await this.#ask(query.sql, query.parameters)) as R[],
      }),
      streamQuery: () => {
        throw new Error('the SQLite reader does not stream');
      },
    };
  }

  async beginTransaction(): Promise<void> {
    throw new Error('the SQLite reader holds no transactions');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #ask(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = this.#started();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, sql, parameters });
    });
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./sqlite-reader-worker.mjs', import.meta.url), {
      workerData: { file: this.file },
    });
    worker.on('message', (answer: Answer) => {
      const waiting = this.#pending.get(answer.id);
      this.#pending.delete(answer.id);
      // An idle reader does not keep the process alive.
      if (this.#pending.size === 0) worker.unref();
      if (!waiting) return;
      if (answer.ok) waiting.resolve(answer.rows ?? []);
      else
        waiting.reject(
          Object.assign(new Error(answer.error?.message), { name: answer.error?.name ?? 'Error' }),
        );
    });
    const failAll = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the SQLite reader exited with ${code}`)));
    this.#worker = worker;
    return worker;
  }
}

/** A Kysely that reads the SQLite file at `file` on a worker thread (SELECT only). */
export function openSqliteReader(file: string): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new SqliteReaderDriver(file),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (db) => new SqliteIntrospector(db),
    },
  });
}
