import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http-error.ts';
import { listFixtures } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isUniqueViolation, retryOnUniqueViolation } from './unique-retry.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await listFixtures(t.ctx.db).customer('唯一名称公司');
});
afterAll(async () => {
  await t.close();
});

const insertSameName = () =>
  t.ctx.db
    .insertInto('customers')
    .values({ name: '唯一名称公司', created_at: 'now', updated_at: 'now' })
    .execute();

describe('retryOnUniqueViolation', () => {
  it('recognises a broken unique constraint and nothing else', async () => {
    const duplicate = await insertSameName().catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const missingTable = await t.ctx.db
      .selectFrom('no_such_table' as 'customers')
      .selectAll()
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(missingTable)).toBe(false);
  });

  it('runs the write again after a lost race, and answers 409 when every attempt lost', async () => {
    let calls = 0;
    const answer = await retryOnUniqueViolation(async () => {
      calls += 1;
      if (calls < 3) await insertSameName();
      return 'written';
    });
    expect([answer, calls]).toEqual(['written', 3]);

    let tries = 0;
    const refused = await retryOnUniqueViolation(() => {
      tries += 1;
      return insertSameName();
    }, 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(409);
    expect(tries).toBe(2);
  });

  it('lets any other error through at once', async () => {
    let tries = 0;
    const failure = new Error('disk full');
    await expect(
      retryOnUniqueViolation(async () => {
        tries += 1;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(tries).toBe(1);
  });
});
