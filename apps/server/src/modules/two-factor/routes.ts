import {
  recoveryCodes,
  twoFactorCodeBody,
  twoFactorEnrolment,
  twoFactorStatus,
} from '@kxt/contracts/accounts';
import { dataEnvelope } from '@kxt/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok } from '../../lib/envelope.ts';
import {
  confirmEnrolment,
  type FactorCaller,
  startEnrolment,
  twoFactorStatus as statusOf,
  verifySecondFactor,
} from './service.ts';

function callerOf(request: FastifyRequest): FactorCaller {
  if (!request.user || !request.sessionId) throw unauthorized();
  return {
    ...actorOf(request),
    sessionId: request.sessionId,
    username: request.user.username,
    role: request.user.role,
    pending: request.user.pendingSecondFactor ?? null,
  };
}

/** The second-factor calls are the ones a half-logged-in session may make; codes are also limited per account. */
const config = { allowPendingSecondFactor: true, rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function twoFactorRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  routes.get(
    '/api/auth/two-factor',
    {
      config,
      schema: {
        tags,
        summary: 'Second factor: on or not, required, owed by this session',
        response: { 200: dataEnvelope(twoFactorStatus) },
      },
    },
    async (request) => ok(await statusOf(db, callerOf(request))),
  );

  routes.post(
    '/api/auth/two-factor/enrol',
    {
      config,
      schema: {
        tags,
        summary: 'Start enrolment: a new secret and its QR code',
        response: { 200: dataEnvelope(twoFactorEnrolment) },
      },
    },
    async (request) => ok(await startEnrolment(db, callerOf(request))),
  );

  routes.post(
    '/api/auth/two-factor/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm enrolment with a first code; answers the ten recovery codes once',
        body: twoFactorCodeBody,
        response: { 200: dataEnvelope(recoveryCodes) },
      },
    },
    async (request) => ok(await confirmEnrolment(db, callerOf(request), request.body.code), request.t('ok')),
  );

  routes.post(
    '/api/auth/two-factor/verify',
    {
      config,
      schema: {
        tags,
        summary: 'Complete a login with a TOTP code or a recovery code',
        body: twoFactorCodeBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await verifySecondFactor(db, callerOf(request), request.body.code);
      return ok(null, request.t('ok'));
    },
  );
}
