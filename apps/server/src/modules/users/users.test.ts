import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import { createUser } from './service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const customerUser = (username: string, customerName: string) =>
  createUser(t.ctx.db, { username, password: TEST_PASSWORD, role: 'customer', customerName });

describe('creating users at the same moment', () => {
  it('creates one user of a name and refuses the others with 409', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => customerUser('twin', 'Twin Co')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(HttpError);
        expect((outcome.reason as HttpError).status).toBe(409);
      }
    }
    const rows = await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'twin').execute();
    expect(rows).toHaveLength(1);
  });

  it('puts the first users of one new company into that one company', async () => {
    const ids = await Promise.all(
      ['colleague-a', 'colleague-b', 'colleague-c'].map((username) =>
        customerUser(username, 'Shared New Co'),
      ),
    );
    const companies = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', 'in', ids)
      .execute();
    expect(new Set(companies.map((row) => row.customer_id)).size).toBe(1);
    const named = await t.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('name', '=', 'Shared New Co')
      .execute();
    expect(named).toHaveLength(1);
  });
});
