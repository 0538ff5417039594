import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { selectForUpdate } from './locks.ts';

let t: TestApp;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  customerId = await listFixtures(t.ctx.db).customer('锁测试公司');
});
afterAll(async () => {
  await t.close();
});

const customerQuery = () => t.ctx.db.selectFrom('customers').select('phone').where('id', '=', customerId);

describe('selectForUpdate', () => {
  it('holds a second locked read until the first transaction ends, which then sees its write', async () => {
    let releaseFirst = () => {};
    const firstHasLock = new Promise<void>((resolveLocked) => {
      void t.ctx.db.transaction().execute(async (trx) => {
        await selectForUpdate(
          trx,
          trx.selectFrom('customers').select('phone').where('id', '=', customerId),
        ).executeTakeFirstOrThrow();
        resolveLocked();
        await new Promise<void>((resolve) => {
          releaseFirst = resolve;
        });
        await trx.updateTable('customers').set({ phone: 'first' }).where('id', '=', customerId).execute();
      });
    });
    await firstHasLock;
    let secondRead: string | null | undefined;
    const second = t.ctx.db.transaction().execute(async (trx) => {
      const row = await selectForUpdate(
        trx,
        trx.selectFrom('customers').select('phone').where('id', '=', customerId),
      ).executeTakeFirstOrThrow();
      secondRead = row.phone;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(secondRead).toBeUndefined();
    releaseFirst();
    await second;
    expect(secondRead).toBe('first');
  });

  it('refuses to run outside a transaction, where the lock would end with the statement', () => {
    expect(() => selectForUpdate(t.ctx.db, customerQuery())).toThrow(/transaction/);
  });
});
