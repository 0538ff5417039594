import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import type { Database } from './database.ts';
import { inOneTransaction } from './one-transaction.ts';

let dataDir: string;
let database: Database;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-one-transaction-'));
  database = await createTestDatabase(dataDir);
});
afterEach(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const at = '2026-01-01T00:00:00.000Z';
const storedIds = async () =>
  (await database.db.selectFrom('demo_seed').select('id').orderBy('id').execute()).map((row) => row.id);

describe('inOneTransaction', () => {
  it("commits the work and its callees' own transactions together", async () => {
    const result = await inOneTransaction(database.db, async (db) => {
      await db.insertInto('demo_seed').values({ id: 1, seeded_at: at }).execute();
      await db
        .transaction()
        .execute((trx) => trx.insertInto('demo_seed').values({ id: 2, seeded_at: at }).execute());
      return (await db.selectFrom('demo_seed').select('id').execute()).length;
    });
    expect(result).toBe(2);
    expect(await storedIds()).toEqual([1, 2]);
  });

  it("rolls back everything, the callees' committed transactions too, when the work fails", async () => {
    const failing = inOneTransaction(database.db, async (db) => {
      await db.insertInto('demo_seed').values({ id: 1, seeded_at: at }).execute();
      await db
        .transaction()
        .execute((trx) => trx.insertInto('demo_seed').values({ id: 2, seeded_at: at }).execute());
      throw new Error('injected failure');
    });
    await expect(failing).rejects.toThrow('injected failure');
    expect(await storedIds()).toEqual([]);
  });

  it('undoes only a failed inner transaction that the work recovers from', async () => {
    await inOneTransaction(database.db, async (db) => {
      await db.insertInto('demo_seed').values({ id: 1, seeded_at: at }).execute();
      const inner = db.transaction().execute(async (trx) => {
        await trx.insertInto('demo_seed').values({ id: 2, seeded_at: at }).execute();
        await trx.insertInto('demo_seed').values({ id: 1, seeded_at: at }).execute();
      });
      await expect(inner).rejects.toThrow();
      await db.insertInto('demo_seed').values({ id: 3, seeded_at: at }).execute();
    });
    expect(await storedIds()).toEqual([1, 3]);
  });

  it('keeps concurrent inner transactions apart, one after the other', async () => {
    await inOneTransaction(database.db, async (db) => {
      await Promise.all(
        [1, 2, 3]
          .map((id) =>
            db.transaction().execute(async (trx) => {
              await trx.insertInto('demo_seed').values({ id, seeded_at: at }).execute();
              if (id === 2) throw new Error('only this one fails');
            }),
          )
          .map((attempt) => attempt.catch(() => undefined)),
      );
    });
    expect(await storedIds()).toEqual([1, 3]);
  });
});
