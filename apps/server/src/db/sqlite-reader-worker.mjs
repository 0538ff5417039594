// The worker thread of `openSqliteReader` (sqlite-reader.ts): a read-only connection to the server's SQLite file
// that answers SELECTs, so a long count does not hold up the server's event loop. Plain JavaScript: it needs no
// TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const sqlite = new Database(workerData.file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('cache_size = -65536');
sqlite.pragma('mmap_size = 268435456');

const STATEMENT_CACHE_SIZE = 200;
const statements = new Map();

function prepared(sql) {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else {
    statement = sqlite.prepare(sql);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}

parentPort?.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepared(sql);
    if (!statement.reader) throw new Error('the SQLite reader answers only queries that return rows');
    parentPort?.postMessage({ id, ok: true, rows: statement.all(...parameters) });
  } catch (error) {
    const { name = 'Error', message = String(error) } = error instanceof Error ? error : {};
    parentPort?.postMessage({ id, ok: false, error: { name, message } });
  }
});
