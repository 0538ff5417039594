import { randomUUID } from 'node:crypto';
import type { CreatePaymentBody } from '@kxt/contracts/payments';
import { afterEach, beforeEach } from 'vitest';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { defaultPaymentConfig } from './config.ts';
import { buildProviders } from './providers/registry.ts';
import { type SandboxNotification, SandboxProvider, sandboxSecret } from './providers/sandbox.ts';
import type { PaymentDeps } from './service.ts';

/** A catalogue product: a search pack when `grants` is given, otherwise a service. */
export async function addProduct(
  t: TestApp,
  product: { name: string; price: number; grants?: number; categoryId?: number },
): Promise<number> {
  const row = await t.ctx.db
    .insertInto('services')
    .values({
      name: product.name,
      name_en: product.name,
      type_code: product.grants ? 'increment' : 'basic',
      category_id: product.categoryId ?? 3,
      country: product.grants ? 'CN' : 'US',
      price: product.price,
      currency: 'CNY',
      grants_searches: product.grants ?? null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The payer's decision on the sandbox page a QR link opens: load it, then post the decision as the page would. */
export async function decideOnSandboxPage(t: TestApp, link: string, decision: 'approve' | 'decline') {
  const path = new URL(link).pathname;
  const token = decodeURIComponent(path.split('/').pop() ?? '');
  const page = await t.app.inject({ method: 'GET', url: path });
  if (page.statusCode !== 200) throw new Error(`sandbox page answered ${page.statusCode}`);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, decision }).toString(),
  });
}

export const pay = (client: TestClient, body: CreatePaymentBody) => client.post('/api/payments', body);

export async function uploadVoucher(
  client: TestClient,
  content: Uint8Array = SAMPLE_FILES.png,
  filename = 'voucher.png',
) {
  return client.request({
    method: 'POST',
    url: '/api/files?purpose=voucher',
    ...multipart([{ name: 'file', filename, content }]),
  });
}

/** A notification signed as the app's sandbox signs it; `secret` overrides to forge one. */
export function sandboxNotification(
  t: TestApp,
  fields: Partial<SandboxNotification> & Pick<SandboxNotification, 'orderNo' | 'amount'>,
  secret = sandboxSecret(t.ctx.config.sessionSecret),
) {
  const body: SandboxNotification = {
    id: randomUUID(),
    outcome: 'paid',
    currency: 'CNY',
    providerOrderNo: `SBX${fields.orderNo}`,
    timestamp: new Date().toISOString(),
    ...fields,
  };
  const rawBody = JSON.stringify(body);
  const signature = new SandboxProvider(secret, async () => {}).sign(rawBody);
  return { body, rawBody, signature };
}

export const postNotification = (t: TestApp, rawBody: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    payload: rawBody,
  });

/**
 * The service's dependencies with a sandbox of our own: its decisions are not the app's, and it delivers nothing
 * unless told to, as when a provider's notification is lost.
 */
export function serviceDeps(
  t: TestApp,
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<void> = async () => {},
): PaymentDeps {
  return {
    db: t.ctx.db,
    config: t.ctx.config,
    countCache: t.ctx.countCache,
    providers: buildProviders(defaultPaymentConfig(), t.ctx.config.sessionSecret, deliver),
  };
}

export const orderRow = (t: TestApp, orderNo: string) =>
  t.ctx.db.selectFrom('payment_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();

export const customerIdOf = async (t: TestApp, username: string) =>
  (
    await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).customer_id as number;

/** What a payments test starts from: its own app, a customer of Buyer Co, a finance clerk and a search pack on sale. */
export interface Shop {
  t: TestApp;
  customer: TestClient;
  finance: TestClient;
  /** The search pack's product id. */
  pack: number;
}

/**
 * Gives each test of the file a fresh shop (built before, closed after it). The returned object is filled anew for
 * every test, so read its fields inside tests, not at module level.
 */
export function useShop(product: { name: string; price: number; grants: number } = DEFAULT_PACK): Shop {
  const shop = {} as Shop;
  beforeEach(async () => {
    const t = await createTestApp();
    Object.assign(shop, {
      t,
      customer: await t.loggedIn('buyer', 'customer', 'Buyer Co'),
      finance: await t.loggedIn('money', 'finance'),
      pack: await addProduct(t, product),
    });
  });
  afterEach(() => shop.t.close());
  return shop;
}

const DEFAULT_PACK = { name: '商标查询包 20次', price: 9900, grants: 20 };
