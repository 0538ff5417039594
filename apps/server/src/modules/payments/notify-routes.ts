import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error.ts';
import { clientInfo } from '../../lib/client.ts';
import { ok } from '../../lib/envelope.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import type { NotificationOutcome, PaymentDeps } from './service.ts';
import { receiveNotification } from './service.ts';

/** Notifications a minute per address: providers retry, they do not flood. */
const NOTIFY_PER_MINUTE = 300;
/** Provider notifications are small. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

const ANSWERS: Record<NotificationOutcome, { status: number; key: MessageKey }> = {
  applied: { status: 200, key: 'ok' },
  'no-change': { status: 200, key: 'payment.notificationIgnored' },
  duplicate: { status: 200, key: 'payment.notificationIgnored' },
  invalid: { status: 400, key: 'payment.notificationInvalid' },
  replayed: { status: 409, key: 'payment.notificationReplayed' },
  'amount-mismatch': { status: 400, key: 'payment.notificationAmountMismatch' },
  'unknown-order': { status: 404, key: 'notFound' },
};

/**
 * `POST /api/payments/notify/:provider`: public and without CSRF (the provider's signature is the credential).
 * The body is kept as the exact text received, since signatures cover the bytes.
 */
export async function notifyRoutes(app: FastifyInstance, options: { deps: PaymentDeps; path: string }) {
  const keepText = (_request: unknown, body: string, done: (error: Error | null, body?: string) => void) =>
    done(null, body);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, keepText);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, keepText);

  app.withTypeProvider<ZodTypeProvider>().post(
    `${options.path}/:provider`,
    {
      bodyLimit: NOTIFY_BODY_LIMIT,
      config: {
        access: 'public',
        csrf: false,
        rateLimit: { max: NOTIFY_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['payments'],
        summary:
          "A provider's payment notification: signature verified, amount checked against the order, each notification applied once",
        params: z.object({ provider: z.string().min(1).max(20) }),
      },
    },
    async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = await receiveNotification(
        options.deps,
        request.params.provider,
        { headers: request.headers, rawBody },
        clientInfo(request),
      );
      const answer = ANSWERS[outcome];
      const provider = options.deps.providers.byName(request.params.provider);
      if (provider?.acknowledgement === 'text-success') {
        return reply
          .code(answer.status)
          .type('text/plain')
          .send(answer.status === 200 ? 'success' : 'fail');
      }
      if (answer.status !== 200) throw new HttpError(answer.status, answer.key);
      return ok(null, request.t(answer.key));
    },
  );
}
