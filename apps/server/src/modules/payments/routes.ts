import { dataEnvelope } from '@kxt/contracts/envelope';
import { statusListEnvelope } from '@kxt/contracts/paging';
import {
  approvePaymentBody,
  bankAccount,
  createdPayment,
  createPaymentBody,
  orderNoParams,
  paymentListQuery,
  paymentMethods as paymentMethodsSchema,
  paymentOrderView,
  paymentRow,
  paymentStatusQuery,
  paymentStatusSchema,
  prepareTransferBody,
  productListQuery,
  purchasableProduct,
  refundPaymentBody,
  rejectPaymentBody,
  submitTransferBody,
} from '@kxt/contracts/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { clientInfo } from '../../lib/client.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { notifyRoutes } from './notify-routes.ts';
import { buildProviders } from './providers/registry.ts';
import type { SandboxDelivery } from './providers/sandbox.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import {
  approveTransfer,
  bankAccountFor,
  createPayment,
  latestPayment,
  ownOrder,
  type PaymentDeps,
  paymentConfigOf,
  paymentList,
  paymentMethods,
  paymentStatus,
  prepareTransfer,
  productsForSale,
  refundPayment,
  rejectTransfer,
  submitTransfer,
  sweepPayments,
} from './service.ts';

export const NOTIFY_PATH = '/api/payments/notify';
const FINANCE = ['finance', 'admin'] as const;
/** Payment creation per user a minute: enough for switching tabs, not for hammering a provider. */
const CREATE_PER_MINUTE = 20;
/** One budget per customer for creating payments, whether a QR order or a transfer prepared before its voucher. */
const createLimit = {
  max: CREATE_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.user ? `payment-create:${request.user.id}` : request.ip,
};

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Payments: customers' orders, statuses and bank accounts, finance review of transfers, provider notifications,
 * the sandbox page and the sweeper that chases late notifications and closes expired orders.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const config = paymentConfigOf(ctx);

  /** The sandbox posts its notification over HTTP to this server, or in-process when it is not listening (tests). */
  const deliverSandbox: SandboxDelivery = async (rawBody, headers) => {
    const url = `${NOTIFY_PATH}/sandbox`;
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      const host =
        address.family === 'IPv6'
          ? `[${address.address === '::' ? '::1' : address.address}]`
          : address.address === '0.0.0.0'
            ? '127.0.0.1'
            : address.address;
      await fetch(`http://${host}:${address.port}${url}`, { method: 'POST', headers, body: rawBody });
      return;
    }
    await app.inject({ method: 'POST', url, headers, payload: rawBody });
  };
  const deps: PaymentDeps = {
    db: ctx.db,
    config: ctx.config,
    countCache: ctx.countCache,
    providers: buildProviders(config, ctx.config.sessionSecret, deliverSandbox),
  };

  if (config.sweepSeconds > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    app.addHook('onListen', async () => {
      timer = setInterval(() => {
        running = sweepPayments(deps).catch((error: unknown) =>
          app.log.error({ err: error }, 'payment sweep failed'),
        );
      }, config.sweepSeconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }

  await app.register(notifyRoutes, { deps, path: NOTIFY_PATH });
  await app.register(sandboxRoutes, { deps });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    return request.user;
  };

  routes.get(
    '/api/payments/methods',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The pay types configured, in the pay dialog order (9 scan, 2 Alipay, 1 WeChat, 3 transfer, 10 card)',
        response: { 200: dataEnvelope(paymentMethodsSchema) },
      },
    },
    async (request) => ok(paymentMethods(deps), request.t('ok')),
  );

  routes.get(
    '/api/payments/products',
    {
      schema: {
        tags: ['payments'],
        summary: 'What customers can buy (services and trademark search packs), with prices in minor units',
        querystring: productListQuery,
        response: { 200: dataEnvelope(z.array(purchasableProduct)) },
      },
    },
    async (request) =>
      ok(await productsForSale(deps, request.query, request.locale === 'en-US'), request.t('ok')),
  );

  routes.get(
    '/api/payments/bank-account',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['payments'],
        summary: "The account to transfer to, chosen by the user's onlineType",
        response: { 200: dataEnvelope(bankAccount) },
      },
    },
    async (request) =>
      ok(await bankAccountFor(deps, userOf(request), request.locale === 'en-US'), request.t('ok')),
  );

  routes.get(
    '/api/payments/status',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['payments'],
        summary:
          "A serviceCode's payment status: null none, 0 unpaid, 1 transfer awaiting finance, 2 paid, 3 closed, -1 failed, -3 rejected, 4 refunded",
        querystring: paymentStatusQuery,
        response: { 200: dataEnvelope(paymentStatusSchema.nullable()) },
      },
    },
    async (request) =>
      ok(await paymentStatus(deps, userOf(request), request.query.serviceCode), request.t('ok')),
  );

  routes.get(
    '/api/payments/latest',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['payments'],
        summary:
          "The order behind a serviceCode's status, with finance's rejection or refund reason; null when there is none",
        querystring: paymentStatusQuery,
        response: { 200: dataEnvelope(paymentOrderView.nullable()) },
      },
    },
    async (request) =>
      ok(await latestPayment(deps, userOf(request), request.query.serviceCode), request.t('ok')),
  );

  routes.post(
    '/api/payments',
    {
      config: {
        access: ['customer'],
        verifiedCompany: true,
        rateLimit: createLimit,
      },
      schema: {
        tags: ['payments'],
        summary:
          'Create a payment order priced by the server (payAmount must match): a QR link, a card redirect, or a transfer awaiting finance',
        body: createPaymentBody,
        response: { 200: dataEnvelope(createdPayment) },
      },
    },
    async (request) => {
      const created = await createPayment(deps, userOf(request), request.body, {
        origin: requestOrigin(request),
        ...clientInfo(request),
      });
      return ok(created, request.t(created.state === 'submitted' ? 'payment.transferSubmitted' : 'ok'));
    },
  );

  routes.post(
    '/api/payments/transfers',
    {
      config: {
        access: ['customer'],
        verifiedCompany: true,
        rateLimit: createLimit,
      },
      schema: {
        tags: ['payments'],
        summary:
          "Prepare a bank transfer before its voucher, for the reference (KXT-PAY-xxxxxx) to write in the transfer's note; the same subject and amount answer the same pending order",
        body: prepareTransferBody,
        response: { 200: dataEnvelope(createdPayment) },
      },
    },
    async (request) =>
      ok(
        await prepareTransfer(deps, userOf(request), request.body, {
          origin: requestOrigin(request),
          ...clientInfo(request),
        }),
        request.t('ok'),
      ),
  );

  routes.post(
    '/api/payments/orders/:orderNo/voucher',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['payments'],
        summary: 'Submit the payer account name and voucher of a prepared transfer, for finance to review',
        params: orderNoParams,
        body: submitTransferBody,
        response: { 200: dataEnvelope(createdPayment) },
      },
    },
    async (request) =>
      ok(
        await submitTransfer(
          deps,
          userOf(request),
          request.params.orderNo,
          request.body,
          clientInfo(request),
        ),
        request.t('payment.transferSubmitted'),
      ),
  );

  routes.get(
    '/api/payments/orders/:orderNo',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['payments'],
        summary: "One of the company's orders, from our database (the purchase page polls it each second)",
        params: orderNoParams,
        response: { 200: dataEnvelope(paymentOrderView) },
      },
    },
    async (request) => ok(await ownOrder(deps, userOf(request), request.params.orderNo), request.t('ok')),
  );

  routes.get(
    '/api/admin/payments',
    {
      config: { access: FINANCE },
      schema: {
        tags: ['payments'],
        summary:
          'Payment orders, paged, with counts per state tab; keyword over order no, payment reference, customer and payer account',
        querystring: paymentListQuery,
        response: { 200: statusListEnvelope(paymentRow) },
      },
    },
    async (request) => {
      const { rows, total, statusTabList } = await paymentList(deps, request.query, (key) => request.t(key));
      return okList(rows, total, { statusTabList });
    },
  );

  routes.post(
    '/api/admin/payments/:orderNo/approve',
    {
      config: { access: FINANCE },
      schema: {
        tags: ['payments'],
        summary: 'Finance confirms a transfer arrived: the order is paid and what it pays for is delivered',
        params: orderNoParams,
        body: approvePaymentBody.optional(),
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await approveTransfer(deps, request.params.orderNo, actorOf(request));
      return ok(null, request.t('payment.approved'));
    },
  );

  routes.post(
    '/api/admin/payments/:orderNo/reject',
    {
      config: { access: FINANCE },
      schema: {
        tags: ['payments'],
        summary: 'Finance rejects a transfer with a reason the customer reads',
        params: orderNoParams,
        body: rejectPaymentBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await rejectTransfer(deps, request.params.orderNo, request.body.reason, actorOf(request));
      return ok(null, request.t('payment.rejected'));
    },
  );

  routes.post(
    '/api/admin/payments/:orderNo/refund',
    {
      config: { access: FINANCE },
      schema: {
        tags: ['payments'],
        summary:
          "Finance records a refund of a paid order (succeeded or approved) made outside the system, by bank or in the provider's merchant console, with a reason the customer reads. It moves no money and undoes nothing delivered",
        params: orderNoParams,
        body: refundPaymentBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await refundPayment(deps, request.params.orderNo, request.body.reason, actorOf(request));
      return ok(null, request.t('payment.refundRecorded'));
    },
  );
}
