import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { defaultPaymentConfig } from '../config.ts';
import { addProduct, customerIdOf, orderRow } from '../test-helpers.ts';
import { AlipayProvider, alipayTime, fromYuan, toYuan } from './alipay.ts';
import type { ProviderOrder } from './provider.ts';

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = pem();
const alipay = pem();
const impostor = pem();
const APP_ID = '2021000000000001';

const order: ProviderOrder = {
  orderNo: 'P2026112109300012345678',
  amount: 39900,
  currency: 'CNY',
  description: '商标查询包 100次',
  payType: 2,
  expiresAt: '2026-11-21T09:45:00.000Z',
  returnUrl: null,
  providerOrderNo: null,
};

const rsaSign = (content: string, key: string) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
/** Alipay's sign content: every field but `sign`, sorted by name, `k=v` joined with `&`. */
const signContent = (fields: Record<string, string>, skip: string[] = ['sign']) =>
  Object.keys(fields)
    .filter((key) => !skip.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');

interface GatewayCall {
  fields: Record<string, string>;
  signedByApp: boolean;
}

/** A stand-in for Alipay's gateway on the loopback address: checks the app's signature and answers signed. */
let server: Server;
let gateway: string;
const calls: GatewayCall[] = [];
let answer: { key: string; body: object; signWith: string } = {
  key: '',
  body: {},
  signWith: alipay.privateKey,
};
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://gateway');
      const fields = {
        ...Object.fromEntries(url.searchParams),
        ...Object.fromEntries(new URLSearchParams(body)),
      };
      const signedByApp = createVerify('RSA-SHA256')
        .update(signContent(fields), 'utf8')
        .verify(app.publicKey, fields.sign ?? '', 'base64');
      calls.push({ fields, signedByApp });
      const inner = JSON.stringify(answer.body);
      response.setHeader('content-type', 'application/json;charset=utf-8');
      response.end(`{"${answer.key}":${inner},"sign":"${rsaSign(inner, answer.signWith)}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const provider = () =>
  new AlipayProvider({
    appId: APP_ID,
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    gateway,
  });

describe('Alipay precreate adapter', () => {
  it('signs the precreate request RSA2 with the app key and returns the QR code of a verified answer', async () => {
    answer = {
      key: 'alipay_trade_precreate_response',
      body: {
        code: '10000',
        msg: 'Success',
        out_trade_no: order.orderNo,
        qr_code: 'https://qr.alipay.com/bax03431',
      },
      signWith: alipay.privateKey,
    };
    const created = await provider().create(order, {
      origin: 'https://portal.example.com',
      notifyUrl: 'https://portal.example.com/api/payments/notify/alipay',
    });
    expect(created.qrCode).toBe('https://qr.alipay.com/bax03431');
    const call = calls.at(-1);
    expect(call?.signedByApp).toBe(true);
    expect(call?.fields).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.precreate',
      sign_type: 'RSA2',
      notify_url: 'https://portal.example.com/api/payments/notify/alipay',
    });
    expect(JSON.parse(call?.fields.biz_content ?? '{}')).toEqual({
      out_trade_no: order.orderNo,
      total_amount: '399.00',
      subject: order.description,
      time_expire: '2026-11-21 17:45:00',
    });
  });

  it('refuses an answer not signed by Alipay', async () => {
    answer = {
      key: 'alipay_trade_precreate_response',
      body: { code: '10000', msg: 'Success', qr_code: 'https://evil.example/qr' },
      signWith: impostor.privateKey,
    };
    await expect(
      provider().create(order, { origin: 'https://x', notifyUrl: 'https://x/n' }),
    ).rejects.toThrow();
  });

  it('reads a paid trade from the query, and a trade Alipay does not have yet as unpaid', async () => {
    answer = {
      key: 'alipay_trade_query_response',
      body: {
        code: '10000',
        msg: 'Success',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '399.00',
        trade_no: '2026112122001',
      },
      signWith: alipay.privateKey,
    };
    expect(await provider().query(order)).toEqual({
      state: 'paid',
      amount: 39900,
      currency: 'CNY',
      providerOrderNo: '2026112122001',
    });
    answer = {
      key: 'alipay_trade_query_response',
      body: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' },
      signWith: alipay.privateKey,
    };
    expect(await provider().query(order)).toEqual({ state: 'unpaid' });
  });
});

/** An asynchronous notification as Alipay posts it: a form whose `sign` covers the other fields but `sign_type`. */
function notification(overrides: Record<string, string> = {}, signWith = alipay.privateKey) {
  const fields: Record<string, string> = {
    notify_time: '2026-11-21 17:40:00',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: '2026112122001',
    out_trade_no: order.orderNo,
    trade_status: 'TRADE_SUCCESS',
    total_amount: '399.00',
    subject: '商标查询包 100次',
    ...overrides,
  };
  const sign = rsaSign(signContent(fields, ['sign', 'sign_type']), signWith);
  return new URLSearchParams({ ...fields, sign, sign_type: 'RSA2' }).toString();
}

describe('Alipay notifications', () => {
  it('verifies a genuine notification', async () => {
    expect(await provider().verifyNotification({ headers: {}, rawBody: notification() })).toEqual({
      notificationId: 'ac05099524730693a8b330c5ecf72da9786',
      orderNo: order.orderNo,
      outcome: 'paid',
      amount: 39900,
      currency: 'CNY',
      providerOrderNo: '2026112122001',
    });
  });

  it('refuses forged, tampered and other-app notifications', async () => {
    expect(
      await provider().verifyNotification({ headers: {}, rawBody: notification({}, impostor.privateKey) }),
    ).toBeNull();
    const tampered = notification().replace('total_amount=399.00', 'total_amount=0.01');
    expect(await provider().verifyNotification({ headers: {}, rawBody: tampered })).toBeNull();
    expect(
      await provider().verifyNotification({ headers: {}, rawBody: notification({ app_id: '2021999' }) }),
    ).toBeNull();
  });

  it('converts between fen and yuan, and writes Beijing time', () => {
    expect(toYuan(39900)).toBe('399.00');
    expect(toYuan(1)).toBe('0.01');
    expect(fromYuan('0.29')).toBe(29);
    expect(alipayTime('2026-11-21T16:30:00.000Z')).toBe('2026-11-22 00:30:00');
  });
});

describe('the Alipay notify endpoint', () => {
  it('answers Alipay "success" for a genuine form notification and "fail" for a forged one', async () => {
    const t = await createTestApp({
      payments: {
        ...defaultPaymentConfig(),
        alipay: { appId: APP_ID, privateKey: app.privateKey, alipayPublicKey: alipay.publicKey, gateway },
      },
    });
    try {
      await t.user('buyer', 'customer');
      const customerId = await customerIdOf(t, 'buyer');
      const userId = (
        await t.ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'buyer')
          .executeTakeFirstOrThrow()
      ).id;
      const pack = await addProduct(t, { name: '商标查询包 100次', price: 39900, grants: 100 });
      const at = new Date().toISOString();
      await t.ctx.db
        .insertInto('payment_orders')
        .values({
          order_no: order.orderNo,
          reference: 'KXT-PAY-ALIPAY',
          customer_id: customerId,
          user_id: userId,
          kind: 'search-pack',
          subject_ref: String(pack),
          description: order.description,
          quantity: 1,
          amount: 39900,
          currency: 'CNY',
          pay_type: 2,
          provider: 'alipay',
          state: 'paying',
          expires_at: new Date(Date.now() + 60_000).toISOString(),
          created_at: at,
          updated_at: at,
        })
        .execute();
      const post = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/notify/alipay',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          payload,
        });
      const forged = await post(notification({}, impostor.privateKey));
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toBe('fail');
      expect((await orderRow(t, order.orderNo)).state).toBe('paying');
      const genuine = await post(notification());
      expect(genuine.statusCode).toBe(200);
      expect(genuine.body).toBe('success');
      expect((await orderRow(t, order.orderNo)).state).toBe('succeeded');
      expect((await post(notification())).body).toBe('success');
    } finally {
      await t.close();
    }
  });
});
