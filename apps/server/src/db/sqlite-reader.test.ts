import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFixtures } from '../test/fixtures.ts';
import { type Database, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

let dataDir: string;
let database: Database;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-reader-'));
  database = openDatabase({ dataDir });
  await migrateToLatest(database.db, database.schema);
});
afterEach(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const addCustomer = (name: string) => listFixtures(database.db).customer(name);

describe('SQLite reader on a worker thread', () => {
  it('is a second connection to the file that sees every committed write', async () => {
    expect(database.reader).not.toBe(database.db);
    await addCustomer('读者公司');
    const rows = await database.reader.selectFrom('customers').select('name').execute();
    expect(rows).toEqual([{ name: '读者公司' }]);
    await addCustomer('第二家公司');
    const count = await database.reader
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(2);
  });

  it('refuses writes and reports a query error to its caller', async () => {
    await expect(database.reader.deleteFrom('customers').execute()).rejects.toThrow();
    await expect(sql`select * from no_such_table`.execute(database.reader)).rejects.toThrow(/no_such_table/);
    // Still answers after an error.
    expect(await database.reader.selectFrom('customers').select('id').execute()).toEqual([]);
  });

  it('leaves the event loop free while a long query runs', async () => {
    const order: string[] = [];
    const long = sql<{
      n: number;
    }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < 3000000)
      select count(*) as n from c`
      .execute(database.reader)
      .then(() => order.push('query'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('tick');
    await long;
    expect(order).toEqual(['tick', 'query']);
  });
});
