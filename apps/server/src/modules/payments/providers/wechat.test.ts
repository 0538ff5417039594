import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Aes, Formatter } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../config.ts';
import type { ProviderOrder } from './provider.ts';
import { WechatPayProvider, wechatTime } from './wechat.ts';

const pem = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pem();
const platform = pem();
const impostor = pem();

const config: WechatPayConfig = {
  mchid: '1900000001',
  appid: 'wxd678efh567hg6787',
  certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: merchant.privateKey,
  platformPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
  platformPublicKey: platform.publicKey,
  apiV3Key: 'a'.repeat(16) + 'B'.repeat(16),
};

const order: ProviderOrder = {
  orderNo: 'P2026112109300012345678',
  amount: 9900,
  currency: 'CNY',
  description: '商标查询包 20次',
  payType: 1,
  expiresAt: '2026-11-21T09:45:00.000Z',
  returnUrl: null,
  providerOrderNo: null,
};

const rsaSign = (message: string, privateKey: string) =>
  createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');

/** WeChat Pay's answer headers, signed as its server signs them. */
function signedHeaders(
  body: string,
  privateKey = platform.privateKey,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-serial': config.platformPublicKeyId,
    'wechatpay-signature': rsaSign(Formatter.response(String(timestamp), nonce, body), privateKey),
  };
}

interface Captured {
  method: string;
  path: string;
  body: string;
  authorization: string;
}

/** Stands in for axios's HTTP layer: records the signed request and answers like WeChat Pay, signed. */
function fakeWechat(answer: object, signWith = platform.privateKey) {
  const requests: Captured[] = [];
  const adapter = async (request: {
    method?: string;
    url?: string;
    baseURL?: string;
    params?: Record<string, string>;
    data?: string;
    headers: { get(name: string): unknown };
  }) => {
    const url = new URL(request.url ?? '', request.baseURL);
    for (const [name, value] of Object.entries(request.params ?? {})) url.searchParams.set(name, value);
    requests.push({
      method: (request.method ?? 'get').toUpperCase(),
      path: `${url.pathname}${url.search}`,
      body: request.data ?? '',
      authorization: String(request.headers.get('Authorization')),
    });
    const body = JSON.stringify(answer);
    return {
      data: body,
      status: 200,
      statusText: 'OK',
      headers: signedHeaders(body, signWith),
      config: request,
      request: {},
    };
  };
  return { requests, adapter };
}

/** Checks the Authorization header the way WeChat Pay does, with the merchant's public key. */
function verifyAuthorization(request: Captured) {
  const fields = Object.fromEntries(
    [...request.authorization.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
  );
  expect(request.authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  expect(fields.mchid).toBe(config.mchid);
  expect(fields.serial_no).toBe(config.certSerial);
  const message = Formatter.request(
    request.method,
    request.path,
    fields.timestamp ?? '',
    fields.nonce_str ?? '',
    request.body,
  );
  return createVerify('RSA-SHA256')
    .update(message)
    .verify(merchant.publicKey, fields.signature ?? '', 'base64');
}

/** A notification as WeChat Pay posts it: the transaction encrypted with the APIv3 key, the whole body signed. */
function notification(
  transaction: object,
  options: { signWith?: string; timestamp?: number; id?: string } = {},
) {
  const nonce = randomBytes(6).toString('hex');
  const associatedData = 'transaction';
  const body = JSON.stringify({
    id: options.id ?? 'EV-2018022511223320873',
    create_time: '2026-11-21T17:31:05+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    resource: {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: Aes.AesGcm.encrypt(JSON.stringify(transaction), config.apiV3Key, nonce, associatedData),
      nonce,
      associated_data: associatedData,
      original_type: 'transaction',
    },
  });
  return { rawBody: body, headers: signedHeaders(body, options.signWith, options.timestamp) };
}

const paidTransaction = {
  out_trade_no: order.orderNo,
  transaction_id: '4200000000202611211234567890',
  trade_state: 'SUCCESS',
  amount: { total: 9900, currency: 'CNY', payer_total: 9900 },
};

describe('WeChat Pay Native adapter', () => {
  it('signs the Native order request with the merchant key and returns the code_url of a verified answer', async () => {
    const fake = fakeWechat({ code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    const provider = new WechatPayProvider(config, fake.adapter as never);
    const created = await provider.create(order, {
      origin: 'https://portal.example.com',
      notifyUrl: 'https://portal.example.com/api/payments/notify/wechat',
    });
    expect(created.qrCode).toBe('weixin://wxpay/bizpayurl?pr=p4lpSuKzz');
    const [request] = fake.requests;
    if (!request) throw new Error('no request was sent');
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/pay/transactions/native');
    expect(JSON.parse(request.body)).toEqual({
      appid: config.appid,
      mchid: config.mchid,
      description: order.description,
      out_trade_no: order.orderNo,
      time_expire: '2026-11-21T09:45:00+00:00',
      notify_url: 'https://portal.example.com/api/payments/notify/wechat',
      amount: { total: 9900, currency: 'CNY' },
    });
    expect(verifyAuthorization(request)).toBe(true);
  });

  it('refuses an answer not signed by WeChat Pay', async () => {
    const fake = fakeWechat({ code_url: 'weixin://wxpay/bizpayurl?pr=evil' }, impostor.privateKey);
    const provider = new WechatPayProvider(config, fake.adapter as never);
    await expect(
      provider.create(order, { origin: 'https://x', notifyUrl: 'https://x/api/payments/notify/wechat' }),
    ).rejects.toThrow();
  });

  it('queries by our order number and reads the trade state', async () => {
    const fake = fakeWechat(paidTransaction);
    const provider = new WechatPayProvider(config, fake.adapter as never);
    expect(await provider.query(order)).toEqual({
      state: 'paid',
      amount: 9900,
      currency: 'CNY',
      providerOrderNo: paidTransaction.transaction_id,
    });
    expect(fake.requests[0]?.path).toBe(
      `/v3/pay/transactions/out-trade-no/${order.orderNo}?mchid=${config.mchid}`,
    );
    expect(fake.requests[0] && verifyAuthorization(fake.requests[0])).toBe(true);
  });

  it('verifies and decrypts a genuine notification', async () => {
    const provider = new WechatPayProvider(config);
    expect(await provider.verifyNotification(notification(paidTransaction))).toEqual({
      notificationId: 'EV-2018022511223320873',
      orderNo: order.orderNo,
      outcome: 'paid',
      amount: 9900,
      currency: 'CNY',
      providerOrderNo: paidTransaction.transaction_id,
    });
  });

  it('refuses forged, tampered, stale and unknown-key notifications', async () => {
    const provider = new WechatPayProvider(config);
    expect(
      await provider.verifyNotification(notification(paidTransaction, { signWith: impostor.privateKey })),
    ).toBeNull();
    const genuine = notification(paidTransaction);
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace('EV-2018022511223320873', 'EV-2') };
    expect(await provider.verifyNotification(tampered)).toBeNull();
    const stale = notification(paidTransaction, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(await provider.verifyNotification(stale)).toBeNull();
    const otherKey = { ...genuine, headers: { ...genuine.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } };
    expect(await provider.verifyNotification(otherKey)).toBeNull();
  });

  it('writes the expiry with an explicit offset', () => {
    expect(wechatTime('2026-11-21T09:45:00.000Z')).toBe('2026-11-21T09:45:00+00:00');
  });
});
