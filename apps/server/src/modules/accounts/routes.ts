import {
  changePasswordBody,
  codeRequestAnswer,
  codeRequestBody,
  phoneChangeBody,
  profile,
  profilePatch,
  registerBody,
  resetByLinkBody,
  resetBySmsBody,
  resetChannels,
  resetRequestBody,
  sessionIdSchema,
  sessionView,
} from '@kxt/contracts/accounts';
import { currentUser } from '@kxt/contracts/auth';
import { dataEnvelope } from '@kxt/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { clientInfo } from '../../lib/client.ts';
import { ok } from '../../lib/envelope.ts';
import { listActiveSessions } from '../auth/sessions.ts';
import {
  requestPasswordReset,
  resetChannelsOf,
  resetPasswordByLink,
  resetPasswordBySms,
} from './password-reset.ts';
import {
  changePassword,
  changePhone,
  endOwnOtherSessions,
  endOwnSession,
  profileOf,
  requestPhoneCode,
  updateProfile,
} from './profile.ts';
import { register, requestRegisterCode } from './register.ts';

function userOf(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The id of the caller's own session (its public id), as `listActiveSessions` names sessions. */
const currentSessionId = (request: FastifyRequest): string | null => request.sessionId;

/** Public account routes are also limited per address in memory; the database limits hold across processes. */
const publicLimit = { max: 20, timeWindow: '1 minute' };

/**
 * Self-service accounts: sign-up, password reset (public), and the profile page's own data, password, phone and
 * sessions (any logged-in user, for themselves only).
 */
export async function accountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const okNull = { 200: dataEnvelope(z.null()) };

  routes.post(
    '/api/account/register/code',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: ['account'],
        summary: 'Send a sign-up code by SMS; the same answer whether or not the number has an account',
        body: codeRequestBody,
        response: { 200: dataEnvelope(codeRequestAnswer) },
      },
    },
    async (request) =>
      ok(
        await requestRegisterCode(ctx, request.body.mobile, clientInfo(request), request.locale),
        request.t('account.codeSent'),
      ),
  );

  routes.post(
    '/api/account/register',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: ['account'],
        summary: 'Sign up with the SMS code: a customer user and a company pending verification; logs in',
        body: registerBody,
        response: { 200: dataEnvelope(currentUser) },
      },
    },
    async (request, reply) => {
      const { token, user } = await register(ctx, request.body, clientInfo(request), request.locale);
      reply.setSessionCookie(token);
      return ok(user, request.t('account.registered'));
    },
  );

  routes.get(
    '/api/account/password-reset/channels',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Which reset channels this deployment offers (e-mail needs SMTP)',
        response: { 200: dataEnvelope(resetChannels) },
      },
    },
    async () => ok(resetChannelsOf(ctx)),
  );

  routes.post(
    '/api/account/password-reset/request',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: ['account'],
        summary: 'Send a reset code (SMS) or link (e-mail); the same answer and timing for unknown addresses',
        body: resetRequestBody,
        response: { 200: dataEnvelope(codeRequestAnswer) },
      },
    },
    async (request) =>
      ok(
        await requestPasswordReset(ctx, request.body, clientInfo(request)),
        request.t('account.resetRequested'),
      ),
  );

  routes.post(
    '/api/account/password-reset/sms',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the SMS code; ends every session of the user',
        body: resetBySmsBody,
        response: okNull,
      },
    },
    async (request) => {
      await resetPasswordBySms(ctx, request.body, clientInfo(request));
      return ok(null, request.t('account.passwordReset'));
    },
  );

  routes.post(
    '/api/account/password-reset/link',
    {
      config: { access: 'public', rateLimit: publicLimit },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the e-mailed link token; ends every session of the user',
        body: resetByLinkBody,
        response: okNull,
      },
    },
    async (request) => {
      await resetPasswordByLink(ctx, request.body, clientInfo(request));
      return ok(null, request.t('account.passwordReset'));
    },
  );

  routes.get(
    '/api/account/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'The caller’s own profile',
        response: { 200: dataEnvelope(profile) },
      },
    },
    async (request) => ok(profileOf(userOf(request))),
  );

  routes.patch(
    '/api/account/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the caller’s name, e-mail or language',
        body: profilePatch,
        response: okNull,
      },
    },
    async (request) => {
      await updateProfile(ctx, userOf(request), request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.post(
    '/api/account/phone/code',
    {
      config: { rateLimit: publicLimit },
      schema: {
        tags: ['account'],
        summary: 'Send a code to the new mobile number',
        body: codeRequestBody,
        response: { 200: dataEnvelope(codeRequestAnswer) },
      },
    },
    async (request) =>
      ok(
        await requestPhoneCode(ctx, request.body.mobile, request.ip, request.locale, userOf(request)),
        request.t('account.codeSent'),
      ),
  );

  routes.post(
    '/api/account/phone',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the mobile number with the code sent to it',
        body: phoneChangeBody,
        response: okNull,
      },
    },
    async (request) => {
      await changePhone(ctx, userOf(request), request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.post(
    '/api/account/password',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Change the password (current one required); ends the caller’s other sessions',
        body: changePasswordBody,
        response: okNull,
      },
    },
    async (request) => {
      await changePassword(ctx, userOf(request), request.body, currentSessionId(request), actorOf(request));
      return ok(null, request.t('account.passwordChanged'));
    },
  );

  routes.get(
    '/api/account/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'The caller’s active sessions, the current one marked',
        response: { 200: dataEnvelope(z.array(sessionView)) },
      },
    },
    async (request) => ok(await listActiveSessions(ctx.db, userOf(request).id, currentSessionId(request))),
  );

  routes.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'End one of the caller’s sessions (another user’s is a 404)',
        params: z.object({ id: sessionIdSchema }),
        response: okNull,
      },
    },
    async (request) => {
      await endOwnSession(ctx, userOf(request), request.params.id, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.post(
    '/api/account/sessions/end-others',
    {
      schema: {
        tags: ['account'],
        summary: 'End every session of the caller but this one',
        response: { 200: dataEnvelope(z.object({ ended: z.number().int() })) },
      },
    },
    async (request) => {
      const ended = await endOwnOtherSessions(
        ctx,
        userOf(request),
        currentSessionId(request),
        actorOf(request),
      );
      return ok({ ended }, request.t('ok'));
    },
  );
}
