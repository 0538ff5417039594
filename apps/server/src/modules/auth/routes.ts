import { currentUser, loginBody } from '@kxt/contracts/auth';
import { dataEnvelope } from '@kxt/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { clientInfo } from '../../lib/client.ts';
import { ok } from '../../lib/envelope.ts';
import { sessionToken } from '../../plugins/session.ts';
import { login, logout } from './service.ts';

export async function authRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/auth/csrf',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The CSRF token to echo in x-csrf-token (also set as the csrf_token cookie)',
        response: { 200: dataEnvelope(z.object({ token: z.string() })) },
      },
    },
    async (request, reply) => ok({ token: app.issueCsrfToken(request, reply) }),
  );

  routes.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in; sets the httpOnly session cookie',
        body: loginBody,
        response: { 200: dataEnvelope(currentUser) },
      },
    },
    async (request, reply) => {
      const { token, user } = await login(db, request.body, clientInfo(request));
      reply.setSessionCookie(token);
      return ok(user, request.t('ok'));
    },
  );

  routes.post(
    '/api/auth/logout',
    {
      config: { access: 'public', allowPendingSecondFactor: true },
      schema: {
        tags: ['auth'],
        summary: 'Log out; ends the session',
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await logout(db, token);
      reply.clearSessionCookie();
      return ok(null, request.t('ok'));
    },
  );

  routes.get(
    '/api/auth/me',
    {
      config: { allowPendingSecondFactor: true },
      schema: { tags: ['auth'], summary: 'The logged-in user', response: { 200: dataEnvelope(currentUser) } },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return ok(request.user);
    },
  );
}
