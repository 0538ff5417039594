import { type CurrentUser, SESSION_COOKIE } from '@kxt/contracts/auth';
import type { Role } from '@kxt/contracts/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { forbidden, unauthorized } from '../http-error.ts';
import { resolveSession, SESSION_TTL_MS } from '../modules/auth/service.ts';

/**
 * Who may call a route: `public` anyone, `user` any logged-in user, or a list of roles. API routes default to
 * `user`, so a route is never public by accident.
 */
export type RouteAccess = 'public' | 'user' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The few routes a session that still owes its second factor may call (who am I, log out, the factor itself). */
    allowPendingSecondFactor?: boolean;
    /**
     * The route buys or orders something: a customer whose company signed itself up and is not verified yet gets
     * 403 with a message saying so (issue 17: a pending company may search, not buy).
     */
    verifiedCompany?: boolean;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    /** The public id of the caller's session, when logged in. */
    sessionId: string | null;
  }
  interface FastifyReply {
    setSessionCookie(token: string, maxAgeMs?: number): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/** The session token from the signed cookie, or null when there is none or its signature is wrong. */
export function sessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

export const sessionPlugin = fp(async (app: FastifyInstance, options: { db: Kysely<DB> }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateReply(
    'setSessionCookie',
    function (this: FastifyReply, token: string, maxAgeMs = SESSION_TTL_MS) {
      return this.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.request.protocol === 'https',
        signed: true,
        maxAge: Math.floor(maxAgeMs / 1000),
      });
    },
  );
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    const token = sessionToken(request);
    if (token) {
      const session = await resolveSession(options.db, token);
      if (session) {
        request.user = session.user;
        request.sessionId = session.sessionId;
        if (session.renewedUntil) reply.setSessionCookie(token);
      }
    }
    const access = request.routeOptions.config.access ?? 'user';
    if (request.user?.pendingSecondFactor && !request.routeOptions.config.allowPendingSecondFactor) {
      // Half a login is no login: public routes see nobody, the others refuse until the factor is passed.
      if (access !== 'public') throw forbidden('secondFactorRequired');
      request.user = null;
      request.sessionId = null;
    }
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access !== 'user' && !access.includes(request.user.role)) throw forbidden();
    if (request.routeOptions.config.verifiedCompany && request.user.companyPending) {
      throw forbidden('account.companyPendingBlocked');
    }
  });
});
