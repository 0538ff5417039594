import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../test/test-app.ts';
import type { Database } from './database.ts';

let dataDir: string;
let database: Database;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-database-'));
  database = await createTestDatabase(dataDir);
});
afterEach(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const backendIds = async () =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]?.pid;

describe.runIf(testDialect() === 'postgres')('the PostgreSQL pool', () => {
  it('outlives an idle connection the server ends, and the next query opens a new one', async () => {
    const before = await backendIds();
    // Ended from another connection, as a restart or an administrator would; the pool's connection is idle.
    await sql`select pg_terminate_backend(${before})`.execute(database.reader);
    await expect
      .poll(async () => (await database.db.selectFrom('demo_seed').selectAll().execute()).length)
      .toBe(0);
    expect(await backendIds()).not.toBe(before);
  });
});
