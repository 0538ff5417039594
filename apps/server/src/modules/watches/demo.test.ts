import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoWatches } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the watch demo', () => {
  it('gives the company a running trial watch with hits where it has effect, and marks the delivery generated', async () => {
    const userId = await t.user('demo-buyer', 'customer', '演示公司');
    const { customer_id } = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await seedDemoWatches(t.ctx.db, { customerId: customer_id as number, userId });
    const buyer = t.client();
    await buyer.login('demo-buyer');
    const watches = (await buyer.get('/api/trademark/watches')).json().rows;
    expect(watches.map((row: { text: string; status: string }) => `${row.text} ${row.status}`)).toEqual([
      'NOVAGLOW awaiting_payment',
      'STARLUME trial',
    ]);
    const hits = (await buyer.get('/api/trademark/watch-hits')).json().rows;
    expect(hits.map((hit: { mark: { dataset: string } }) => hit.mark.dataset).sort()).toEqual([
      'EM',
      'US',
      'WO',
    ]);
    const generated = await t.ctx.db
      .selectFrom('marks')
      .select('generated')
      .where('application_number', 'like', 'DEMO-WATCH-%')
      .execute();
    expect(generated.map((row) => row.generated)).toEqual([1, 1, 1, 1]);
  });
});
