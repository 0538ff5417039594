import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { remainingSearches } from '../trademarks/quota.ts';
import { registerPaymentKind } from './kinds.ts';
import { sweepPayments } from './service.ts';
import {
  addProduct,
  customerIdOf,
  decideOnSandboxPage,
  orderRow,
  pay,
  postNotification,
  sandboxNotification,
  serviceDeps,
} from './test-helpers.ts';

let t: TestApp;
let customer: TestClient;
let pack: number;
let registration: number;
beforeEach(async () => {
  t = await createTestApp();
  customer = await t.loggedIn('buyer', 'customer', 'Buyer Co');
  pack = await addProduct(t, { name: '商标查询包 20次', price: 9900, grants: 20 });
  registration = await addProduct(t, { name: '美国商标注册', price: 260000 });
});
afterEach(async () => {
  await t.close();
});

/** Opens the sandbox page of a QR link or redirect and presses a button, as the payer does. */
const decideOnSandbox = (link: string, decision: 'approve' | 'decline') =>
  decideOnSandboxPage(t, link, decision);

describe('payment methods and access', () => {
  it('lists the configured pay types in the dialog order', async () => {
    const response = await customer.get('/api/payments/methods');
    expect(response.json().data).toEqual([9, 2, 1, 3, 10]);
  });

  it('lists the products customers can buy, with the kind each purchase makes', async () => {
    const response = await customer.get('/api/payments/products?categoryIdTopId=3');
    expect(response.statusCode).toBe(200);
    const byId = new Map((response.json().data as { id: number }[]).map((row) => [row.id, row]));
    expect(byId.get(pack)).toMatchObject({ kind: 'search-pack', grantsSearches: 20, price: 9900 });
    expect(byId.get(registration)).toMatchObject({ kind: 'service-purchase', grantsSearches: null });
  });

  it('offers only transfers when the sandbox is off and no provider is configured', async () => {
    const bare = await createTestApp({
      payments: {
        sandbox: false,
        expiryMinutes: 15,
        sweepSeconds: 0,
        bankAccounts:
          t.ctx.config.payments?.bankAccounts ??
          (await import('./config.ts')).defaultPaymentConfig().bankAccounts,
      },
    });
    try {
      const client = await bare.loggedIn('solo', 'customer');
      expect((await client.get('/api/payments/methods')).json().data).toEqual([3]);
      const product = await addProduct(bare, { name: 'pack', price: 100, grants: 5 });
      const refused = await pay(client, { productId: product, payType: 9, payAmount: 100 });
      expect(refused.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });

  it('answers 401 without a session and 403 to staff creating payments', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/payments/status?serviceCode=P1')).statusCode).toBe(401);
    expect((await pay(anonymous, { productId: pack, payType: 9, payAmount: 9900 })).statusCode).toBe(401);
    const staff = await t.loggedIn('fin', 'finance');
    expect((await pay(staff, { productId: pack, payType: 9, payAmount: 9900 })).statusCode).toBe(403);
  });

  it('refuses a payment without the CSRF header', async () => {
    const response = await customer.request({
      method: 'POST',
      url: '/api/payments',
      payload: { productId: pack, payType: 9, payAmount: 9900 },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('creating an order', () => {
  it('refuses an amount that differs from the server price with 409 naming the right amount', async () => {
    const response = await pay(customer, { productId: pack, quantity: 2, payType: 9, payAmount: 9900 });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toContain('¥198.00');
    expect(await t.ctx.db.selectFrom('payment_orders').select('id').execute()).toHaveLength(0);
  });

  it('refuses a product that is not in the catalogue, and a patent fee of an order that does not exist', async () => {
    expect((await pay(customer, { productId: 999_999, payType: 9, payAmount: 1 })).statusCode).toBe(409);
    expect((await pay(customer, { serviceCode: 'PT-1', payType: 9, payAmount: 1 })).statusCode).toBe(404);
  });

  it('answers 409 "not payable" for a kind no module has registered', async () => {
    const unregister = registerPaymentKind('patent-fee', undefined);
    try {
      const fee = await pay(customer, { serviceCode: 'PT-1', payType: 9, payAmount: 1 });
      expect(fee.statusCode).toBe(409);
      expect(fee.json().msg).toBe('该订单暂不支持在线支付');
    } finally {
      unregister();
    }
  });

  it('answers a sandbox QR link that expires, and a 400 naming the fields of a bad body', async () => {
    const response = await pay(customer, { productId: pack, payType: 9, payAmount: 9900 });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ payType: 9, state: 'paying', amount: 9900, currency: 'CNY' });
    expect(data.qrCode).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox-pay\/P\d{22}\./);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);

    const bad = await pay(customer, { productId: pack, serviceCode: 'X', payType: 4 as 9, payAmount: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('payType');
  });

  it('closes the open order of the same product when a new one is made, so only the newest QR can be paid', async () => {
    const first = (await pay(customer, { productId: pack, payType: 9, payAmount: 9900 })).json().data;
    const second = (await pay(customer, { productId: pack, payType: 2, payAmount: 9900 })).json().data;
    expect((await orderRow(t, first.orderNo)).state).toBe('closed');
    expect((await orderRow(t, second.orderNo)).state).toBe('paying');
    const page = await t.app.inject({ method: 'GET', url: new URL(first.qrCode).pathname });
    expect(page.body).not.toContain('<form');
  });
});

describe('paying through the sandbox', () => {
  it('raises the remaining searches when a search pack is approved on the sandbox page', async () => {
    const customerId = await customerIdOf(t, 'buyer');
    expect(await remainingSearches(t.ctx.db, customerId, 20)).toBe(20);
    const created = (
      await pay(customer, { productId: pack, quantity: 2, payType: 9, payAmount: 19800 })
    ).json().data;

    const page = await t.app.inject({
      method: 'GET',
      url: new URL(created.qrCode).pathname,
      headers: { 'accept-language': 'en-US' },
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('¥198.00');
    expect(page.body).toContain('Approve payment');
    expect(page.body).toContain('商标查询包 20次 × 2');

    const approved = await decideOnSandbox(created.qrCode, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('支付成功');

    const polled = await customer.get(`/api/payments/orders/${created.orderNo}`);
    expect(polled.json().data).toMatchObject({ state: 'succeeded', status: 2, kind: 'search-pack' });
    expect(await remainingSearches(t.ctx.db, customerId, 20)).toBe(60);

    const again = await decideOnSandbox(created.qrCode, 'approve');
    expect(again.statusCode).toBe(409);
    expect(await remainingSearches(t.ctx.db, customerId, 20)).toBe(60);
  });

  it('creates the service item of a card purchase and sends the browser back to the same-origin return url', async () => {
    const customerId = await customerIdOf(t, 'buyer');
    const created = (
      await pay(customer, {
        productId: registration,
        mark: 'ROCKET<script>',
        payType: 10,
        payAmount: 260000,
        returnUrl: 'http://localhost:80/purchase?done=1',
      })
    ).json().data;
    expect(created.redirectUrl).toContain('/sandbox-pay/');
    const page = await t.app.inject({ method: 'GET', url: new URL(created.redirectUrl).pathname });
    expect(page.body).not.toContain('<script>');

    const approved = await decideOnSandbox(created.redirectUrl, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe('/purchase?done=1');
    const items = await t.ctx.db
      .selectFrom('service_items')
      .selectAll()
      .where('customer_id', '=', customerId)
      .execute();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ service_id: registration, remark: 'ROCKET<script>', country: 'US' });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'from_state', 'to_state', 'actor_label'])
      .where('entity_id', '=', created.orderNo)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => `${row.action}:${row.from_state ?? ''}>${row.to_state}`)).toEqual([
      'payment.create:>created',
      'payment.paying:created>paying',
      'payment.succeeded:paying>succeeded',
    ]);
    expect(audit[2]?.actor_label).toBe('payment-provider:sandbox');
  });

  it('defaults the card return to /trademark/patent and refuses another origin', async () => {
    const foreign = await pay(customer, {
      productId: registration,
      payType: 10,
      payAmount: 260000,
      returnUrl: 'https://evil.example/steal',
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().fields)).toEqual(['returnUrl']);
    const created = (await pay(customer, { productId: registration, payType: 10, payAmount: 260000 })).json()
      .data;
    const approved = await decideOnSandbox(created.redirectUrl, 'approve');
    expect(approved.headers.location).toBe('/trademark/patent');
  });

  it('marks a declined payment failed and delivers nothing', async () => {
    const created = (await pay(customer, { productId: registration, payType: 1, payAmount: 260000 })).json()
      .data;
    const declined = await decideOnSandbox(created.qrCode, 'decline');
    expect(declined.body).toContain('已拒绝支付');
    expect((await orderRow(t, created.orderNo)).state).toBe('failed');
    expect(await t.ctx.db.selectFrom('service_items').select('id').execute()).toHaveLength(0);
  });

  it('answers 404 for a made-up sandbox token', async () => {
    const created = (await pay(customer, { productId: pack, payType: 9, payAmount: 9900 })).json().data;
    const forged = `${created.orderNo}.AAAA`;
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-pay/${forged}` })).statusCode).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/${forged}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${forged}&decision=approve`,
    });
    expect(post.statusCode).toBe(404);
    expect((await orderRow(t, created.orderNo)).state).toBe('paying');
  });
});

describe('a listening server', () => {
  it('delivers the sandbox notification over HTTP to itself', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const customerId = await customerIdOf(t, 'buyer');
    const created = (await pay(customer, { productId: pack, payType: 9, payAmount: 9900 })).json().data;
    const approved = await decideOnSandbox(created.qrCode, 'approve');
    expect(approved.statusCode).toBe(200);
    expect((await orderRow(t, created.orderNo)).state).toBe('succeeded');
    expect(await remainingSearches(t.ctx.db, customerId, 20)).toBe(40);
  });
});

describe('the sweeper', () => {
  it('closes expired orders: the status reads 3 and the page no longer takes the payment', async () => {
    const created = (await pay(customer, { productId: pack, payType: 9, payAmount: 9900 })).json().data;
    const result = await sweepPayments(serviceDeps(t), new Date(Date.now() + 16 * 60_000));
    expect(result.closed).toBe(1);
    expect((await customer.get(`/api/payments/orders/${created.orderNo}`)).json().data).toMatchObject({
      state: 'closed',
      status: 3,
    });
    expect(await sweepPayments(serviceDeps(t), new Date(Date.now() + 17 * 60_000))).toMatchObject({
      checked: 0,
    });
  });

  it('asks the provider about a paying order whose notification is late, and settles it once', async () => {
    const customerId = await customerIdOf(t, 'buyer');
    const deps = serviceDeps(t);
    const created = (await pay(customer, { productId: pack, payType: 9, payAmount: 9900 })).json().data;
    const order = await orderRow(t, created.orderNo);
    // The payer approved, but the notification never arrived.
    await deps.providers.sandbox?.decide(
      {
        orderNo: order.order_no,
        amount: order.amount,
        currency: order.currency,
        description: order.description,
        payType: order.pay_type,
        expiresAt: order.expires_at,
        returnUrl: null,
        providerOrderNo: order.provider_order_no,
      },
      'paid',
    );
    expect(await sweepPayments(deps)).toMatchObject({ settled: 0 });
    expect(await sweepPayments(deps, new Date(Date.now() + 11_000))).toMatchObject({ settled: 1 });
    expect((await orderRow(t, created.orderNo)).state).toBe('succeeded');
    expect(await sweepPayments(deps, new Date(Date.now() + 12_000))).toMatchObject({ checked: 0 });
    expect(await remainingSearches(t.ctx.db, customerId, 20)).toBe(40);
  });
});

describe('payment status of a serviceCode', () => {
  it('reads null, then 0 while paying, and is 404 for another company; a plugged-in patent fee is payable', async () => {
    const unregister = registerPaymentKind('patent-fee', {
      oncePerSubject: true,
      async quote(_deps, user, body) {
        if (body.serviceCode !== 'PT-OWN')
          throw new (await import('../../http-error.ts')).HttpError(404, 'notFound');
        return {
          amount: 50000,
          currency: 'CNY',
          description: '授权费',
          subjectRef: 'PT-OWN',
          customerId: user.customerId ?? 0,
        };
      },
      async fulfil() {},
    });
    try {
      expect((await customer.get('/api/payments/status?serviceCode=PT-OWN')).json()).toMatchObject({
        code: 200,
        data: null,
      });
      expect(
        (await pay(customer, { serviceCode: 'PT-OTHER', payType: 9, payAmount: 50000 })).statusCode,
      ).toBe(404);
      const created = (await pay(customer, { serviceCode: 'PT-OWN', payType: 9, payAmount: 50000 })).json()
        .data;
      expect((await customer.get('/api/payments/status?serviceCode=PT-OWN')).json().data).toBe(0);

      const other = await t.loggedIn('other', 'customer', 'Other Co');
      expect((await other.get('/api/payments/status?serviceCode=PT-OWN')).statusCode).toBe(404);
      expect((await other.get('/api/payments/latest?serviceCode=PT-OWN')).statusCode).toBe(404);
      expect((await other.get(`/api/payments/orders/${created.orderNo}`)).statusCode).toBe(404);

      await decideOnSandbox(created.qrCode, 'approve');
      expect((await customer.get('/api/payments/status?serviceCode=PT-OWN')).json().data).toBe(2);
      const again = await pay(customer, { serviceCode: 'PT-OWN', payType: 9, payAmount: 50000 });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('该订单已支付，无需重复支付');
    } finally {
      unregister();
    }
  });
});

describe('a subject paid once', () => {
  it('records a second payment of a patent fee but delivers the fee once, flagged for a refund', async () => {
    let delivered = 0;
    const unregister = registerPaymentKind('patent-fee', {
      oncePerSubject: true,
      async quote(_deps, user) {
        return {
          amount: 100,
          currency: 'CNY',
          description: '授权费',
          subjectRef: 'PT-9',
          customerId: user.customerId ?? 0,
        };
      },
      async fulfil() {
        delivered += 1;
      },
    });
    try {
      const created = (await pay(customer, { serviceCode: 'PT-9', payType: 9, payAmount: 100 })).json().data;
      // Another order of the same fee was paid meanwhile (two QR codes paid at the same moment).
      const row = await orderRow(t, created.orderNo);
      const { id: _id, ...copy } = row;
      await t.ctx.db
        .insertInto('payment_orders')
        .values({ ...copy, order_no: 'P-EARLIER', reference: 'KXT-PAY-EARLYR', state: 'succeeded' })
        .execute();
      await decideOnSandbox(created.qrCode, 'approve');
      expect((await orderRow(t, created.orderNo)).state).toBe('succeeded');
      expect(delivered).toBe(0);
      const flagged = await t.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', created.orderNo)
        .where('action', '=', 'payment.duplicate')
        .execute();
      expect(flagged).toHaveLength(1);
    } finally {
      unregister();
    }
  });

  it('delivers once when two orders of one patent fee are paid at the same moment', async () => {
    let delivered = 0;
    const unregister = registerPaymentKind('patent-fee', {
      oncePerSubject: true,
      async quote(_deps, user, body) {
        return {
          amount: 100,
          currency: 'CNY',
          description: '授权费',
          subjectRef: body.serviceCode ?? '',
          customerId: user.customerId ?? 0,
        };
      },
      async fulfil() {
        delivered += 1;
      },
    });
    try {
      for (let round = 0; round < 8; round += 1) {
        const serviceCode = `PT-RACE-${round}`;
        const created = (await pay(customer, { serviceCode, payType: 9, payAmount: 100 })).json().data;
        // Two QR codes of the same fee, both open (the second as a concurrent order would leave it).
        const { id: _id, ...copy } = await orderRow(t, created.orderNo);
        const twin = `P-TWIN-${round}`;
        await t.ctx.db
          .insertInto('payment_orders')
          .values({ ...copy, order_no: twin, reference: `KXT-PAY-TWIN${round}` })
          .execute();
        const notes = [created.orderNo, twin].map((orderNo) =>
          sandboxNotification(t, { orderNo, amount: 100 }),
        );
        const answers = await Promise.all(
          notes.map((note) => postNotification(t, note.rawBody, note.signature)),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        expect((await orderRow(t, created.orderNo)).state).toBe('succeeded');
        expect((await orderRow(t, twin)).state).toBe('succeeded');
        expect(delivered, `round ${round}`).toBe(round + 1);
        const flagged = await t.ctx.db
          .selectFrom('audit_log')
          .select('entity_id')
          .where('entity_id', 'in', [created.orderNo, twin])
          .where('action', '=', 'payment.duplicate')
          .execute();
        expect(flagged, `round ${round}`).toHaveLength(1);
      }
    } finally {
      unregister();
    }
  });
});

describe('bank account', () => {
  it('depends on the user onlineType', async () => {
    const standard = (await customer.get('/api/payments/bank-account')).json().data;
    await t.ctx.db.updateTable('users').set({ online_type: 1 }).where('username', '=', 'buyer').execute();
    const online = (await customer.get('/api/payments/bank-account')).json().data;
    expect(standard.accountNumber).toBeTruthy();
    expect(online.accountNumber).toBeTruthy();
    expect(online.accountNumber).not.toBe(standard.accountNumber);
  });
});
