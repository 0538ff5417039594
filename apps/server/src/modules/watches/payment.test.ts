import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { decideOnSandboxPage, pay } from '../payments/test-helpers.ts';

let t: TestApp;
let buyer: TestClient;
let rival: TestClient;
const YEAR_PRICE = 98_000;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.loggedIn('buyer', 'customer', '付费公司');
  rival = await t.loggedIn('rival', 'customer', '别家公司');
  await t.ctx.db
    .insertInto('services')
    .values({
      name: '商标监控（每标每国家/地区一年）',
      name_en: 'Trademark watch, one mark and region, one year',
      type_code: 'increment',
      category_id: 3,
      country: 'CN',
      price: YEAR_PRICE,
      currency: 'CNY',
      watch_region_years: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

async function newWatch(client: TestClient, text: string, countries: string[]) {
  const response = await client.post('/api/trademark/watches', { text, countries });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}
const watchOf = async (client: TestClient, id: number) =>
  (await client.get(`/api/trademark/watches/${id}`)).json().data;
const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;

/** Pays `years` of a watch on the sandbox page, as the customer's scan would; answers the order number. */
async function payFor(id: number, years: number, amount: number): Promise<string> {
  const created = await pay(buyer, { watchId: id, quantity: years, payType: 9, payAmount: amount });
  expect(created.statusCode, created.body).toBe(200);
  const approved = await decideOnSandboxPage(t, created.json().data.qrCode, 'approve');
  expect(approved.statusCode).toBe(200);
  return created.json().data.orderNo;
}

describe('paying for a watch', () => {
  let trial: number;
  let paid: number;

  it('prices a year per country from the catalogue, and starts a waiting watch when paid', async () => {
    trial = await newWatch(buyer, 'TRIALMARK', ['US']);
    paid = await newWatch(buyer, 'PAIDMARK', ['US', 'EM']);
    const waiting = await watchOf(buyer, paid);
    expect(waiting).toMatchObject({
      status: 'awaiting_payment',
      yearPrice: { amount: 2 * YEAR_PRICE, currency: 'CNY' },
    });
    // The page must show the server's price.
    const stale = await pay(buyer, { watchId: paid, quantity: 1, payType: 9, payAmount: YEAR_PRICE });
    expect(stale.statusCode).toBe(409);
    await payFor(paid, 1, 2 * YEAR_PRICE);
    const active = await watchOf(buyer, paid);
    expect(active.status).toBe('active');
    expect(days(active.expiresAt)).toBeGreaterThan(364);
    expect(days(active.expiresAt)).toBeLessThan(366);
  });

  it('renews from the end date: a running watch keeps what is left', async () => {
    await payFor(paid, 2, 2 * 2 * YEAR_PRICE);
    expect(days((await watchOf(buyer, paid)).expiresAt)).toBeGreaterThan(3 * 365 - 1);
    // A trial paid for runs a year after its trial.
    const before = days((await watchOf(buyer, trial)).expiresAt);
    await payFor(trial, 1, YEAR_PRICE);
    const after = await watchOf(buyer, trial);
    expect(after.status).toBe('active');
    expect(days(after.expiresAt)).toBeCloseTo(before + 365, 0);
  });

  it("starts an ended watch again from the payment, and does not sell a cancelled one or another company's", async () => {
    await t.ctx.db
      .updateTable('trademark_watches')
      .set({ expires_at: new Date(Date.now() - 86_400_000).toISOString() })
      .where('id', '=', trial)
      .execute();
    expect((await watchOf(buyer, trial)).status).toBe('expired');
    await payFor(trial, 1, YEAR_PRICE);
    expect(days((await watchOf(buyer, trial)).expiresAt)).toBeCloseTo(365, 0);

    expect(
      (await pay(rival, { watchId: trial, quantity: 1, payType: 9, payAmount: YEAR_PRICE })).statusCode,
    ).toBe(404);
    await buyer.post(`/api/trademark/watches/${trial}/cancel`);
    expect(
      (await pay(buyer, { watchId: trial, quantity: 1, payType: 9, payAmount: YEAR_PRICE })).statusCode,
    ).toBe(409);
  });

  it('cancels the watch when finance records the payment refunded', async () => {
    const refunded = await newWatch(buyer, 'REFUNDMARK', ['GB']);
    const orderNo = await payFor(refunded, 1, YEAR_PRICE);
    expect((await watchOf(buyer, refunded)).status).toBe('active');
    const finance = await t.loggedIn('cashier', 'finance');
    const response = await finance.post(`/api/admin/payments/${orderNo}/refund`, { reason: '客户不再需要' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await watchOf(buyer, refunded)).status).toBe('cancelled');
  });

  it('keeps watch time off the purchase page and out of the catalogue of services', async () => {
    const products = (await buyer.get('/api/payments/products')).json();
    expect(JSON.stringify(products)).not.toContain('商标监控');
  });
});
