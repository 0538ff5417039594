import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual } from '../../lib/tokens.ts';
import { SANDBOX_PAGE_PATH } from './providers/sandbox.ts';
import { renderSandboxPage, type SandboxPageView } from './sandbox-page.ts';
import { type PaymentDeps, sandboxDecide, sandboxOrder } from './service.ts';

const TOKEN_MAX = 120;
const tokenParams = z.object({ token: z.string().min(1).max(TOKEN_MAX) });
const decisionBody = z.object({
  token: z.string().min(1).max(TOKEN_MAX),
  decision: z.enum(['approve', 'decline']),
});

/**
 * The sandbox provider's payment page, `GET /sandbox-pay/:token`, and its form, `POST /sandbox-pay/:token`. Not
 * under /api: no session, no CSRF cookie check; the token (an order number with its HMAC) is the credential and
 * the form must carry the same token as its address.
 */
export async function sandboxRoutes(app: FastifyInstance, options: { deps: PaymentDeps }) {
  const { deps } = options;
  if (!deps.providers.sandbox) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: Omit<SandboxPageView, 'locale' | 't'>,
  ) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(
        renderSandboxPage({ ...view, locale: request.locale, t: (key, params) => request.t(key, params) }),
      );

  routes.get(
    `${SANDBOX_PAGE_PATH}/:token`,
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'The sandbox payment page the QR link opens',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const found = await sandboxOrder(deps, request.params.token);
      if (!found)
        return send(request, reply, 404, {
          token: '',
          order: null,
          payable: false,
          message: 'sandbox.invalid',
        });
      return send(request, reply, 200, {
        token: request.params.token,
        order: found.order,
        payable: found.payable,
        ...(found.payable ? {} : { message: 'sandbox.unavailable' as const }),
      });
    },
  );

  routes.post(
    `${SANDBOX_PAGE_PATH}/:token`,
    {
      config: { access: 'public', csrf: false, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Approve or decline on the sandbox page: the sandbox then posts its signed notification',
        params: tokenParams,
        body: decisionBody,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      if (!safeEqual(request.body.token, token)) {
        return send(request, reply, 400, {
          token: '',
          order: null,
          payable: false,
          message: 'sandbox.invalid',
        });
      }
      const result = await sandboxDecide(deps, token, request.body.decision);
      if (!result)
        return send(request, reply, 404, {
          token: '',
          order: null,
          payable: false,
          message: 'sandbox.invalid',
        });
      const { order, wasPayable } = result;
      if (!wasPayable)
        return send(request, reply, 409, { token, order, payable: false, message: 'sandbox.unavailable' });
      if (order.state === 'succeeded' && order.return_url) return reply.redirect(order.return_url, 303);
      return send(request, reply, 200, {
        token,
        order,
        payable: false,
        message: order.state === 'succeeded' ? 'sandbox.approved' : 'sandbox.declined',
      });
    },
  );
}
