import { CSRF_COOKIE, CSRF_HEADER } from '@kxt/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../http-error.ts';
import { hmac, randomToken, safeEqual } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for the few public endpoints whose own credential (a link code) stands in for the CSRF token. */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection. The server hands out a readable `csrf_token` cookie whose value is signed with
 * the session secret (so a value planted by a sibling site is refused), and every unsafe `/api` request must echo
 * it in the `x-csrf-token` header.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { secret: string }) => {
  const issue = () => {
    const nonce = randomToken(18);
    return `${nonce}.${hmac(options.secret, nonce)}`;
  };
  const isGenuine = (value: string) => {
    const [nonce, signature] = value.split('.');
    return Boolean(nonce && signature && safeEqual(signature, hmac(options.secret, nonce)));
  };

  app.decorate('issueCsrfToken', (request: FastifyRequest, reply: FastifyReply): string => {
    const existing = request.cookies[CSRF_COOKIE];
    if (existing && isGenuine(existing)) return existing;
    const token = issue();
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: request.protocol === 'https',
      httpOnly: false,
    });
    return token;
  });

  app.addHook('onRequest', async (request, reply) => {
    app.issueCsrfToken(request, reply);
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.routeOptions.config.csrf === false) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !isGenuine(cookie) || !safeEqual(cookie, header)) {
      throw forbidden('csrf');
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string;
  }
}
