import {
  accountLinkIssued,
  sessionParams,
  sessionView,
  USER_STATUSES,
  userAdminRow,
  userCreateBody,
  userCreated,
  userListQuery,
  userPatch,
} from '@kxt/contracts/accounts';
import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import { statusListEnvelope } from '@kxt/contracts/paging';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { toStatusTabList } from '../../lib/list.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { issuerOf } from '../account-links/routes.ts';
import { resetSecondFactor } from '../two-factor/service.ts';
import {
  createUserByAdmin,
  endUserSession,
  endUserSessions,
  forcePasswordReset,
  patchUser,
  setUserDisabled,
  userList,
  userSessions,
} from './service.ts';

const ADMIN = ['admin'] as const;
const done = dataEnvelope(z.null());

export async function userAdminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['accounts'] };

  routes.get(
    '/api/admin/users',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary: 'Users, paged, searchable, with counts of active and disabled',
        querystring: userListQuery,
        response: { 200: statusListEnvelope(userAdminRow) },
      },
    },
    async (request) => {
      const { rows, total, counts } = await userList(ctx.db, request.query);
      const statusTabList = toStatusTabList(counts, USER_STATUSES, (status) =>
        request.t(status === 'all' ? 'tab.all' : (`accounts.userStatus.${status}` as MessageKey)),
      );
      return okList(rows, total, { statusTabList });
    },
  );

  routes.post(
    '/api/admin/users',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary: 'Create a staff user or a customer contact; answers the set-password link once',
        body: userCreateBody,
        response: { 200: dataEnvelope(userCreated) },
      },
    },
    async (request) => ok(await createUserByAdmin(ctx, request.body, issuerOf(request)), request.t('ok')),
  );

  routes.patch(
    '/api/admin/users/:id',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary: 'Edit a user',
        params: idParams,
        body: userPatch,
        response: { 200: done },
      },
    },
    async (request) => {
      await patchUser(ctx, request.params.id, request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    routes.post(
      `/api/admin/users/:id/${action}`,
      {
        config: { access: ADMIN },
        schema: {
          ...schema,
          summary: disabled ? 'Disable a user (ends their sessions)' : 'Enable a user',
          params: idParams,
          response: { 200: done },
        },
      },
      async (request) => {
        await setUserDisabled(ctx, request.params.id, disabled, actorOf(request));
        return ok(null, request.t('ok'));
      },
    );
  }

  routes.post(
    '/api/admin/users/:id/reset-password',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary:
          'Force a password reset: ends sessions, old password unusable, set-password link sent and answered',
        params: idParams,
        response: { 200: dataEnvelope(accountLinkIssued) },
      },
    },
    async (request) =>
      ok(await forcePasswordReset(ctx, request.params.id, issuerOf(request)), request.t('ok')),
  );

  routes.post(
    '/api/admin/users/:id/reset-two-factor',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary: "Remove a user's second factor and recovery codes (they enrol again)",
        params: idParams,
        response: { 200: done },
      },
    },
    async (request) => {
      await resetSecondFactor(ctx.db, request.params.id, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.get(
    '/api/admin/users/:id/sessions',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary: "A user's active sessions",
        params: idParams,
        response: { 200: dataEnvelope(z.array(sessionView)) },
      },
    },
    async (request) => ok(await userSessions(ctx.db, request.params.id, request.sessionId)),
  );

  routes.delete(
    '/api/admin/users/:id/sessions/:sessionId',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary: 'End one session of a user',
        params: sessionParams,
        response: { 200: done },
      },
    },
    async (request) => {
      await endUserSession(ctx, request.params.id, request.params.sessionId, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.delete(
    '/api/admin/users/:id/sessions',
    {
      config: { access: ADMIN },
      schema: {
        ...schema,
        summary: 'End every session of a user',
        params: idParams,
        response: { 200: done },
      },
    },
    async (request) => {
      await endUserSessions(ctx, request.params.id, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );
}
