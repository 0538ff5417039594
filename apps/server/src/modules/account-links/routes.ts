import {
  accountLinkAccept,
  accountLinkIssued,
  accountLinkView,
  INVITATION_STATUSES,
  invitationBody,
  invitationListQuery,
  invitationRow,
  tokenParams,
} from '@kxt/contracts/accounts';
import { currentUser } from '@kxt/contracts/auth';
import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import { statusListEnvelope } from '@kxt/contracts/paging';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { clientInfo } from '../../lib/client.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { toStatusTabList } from '../../lib/list.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import {
  acceptLink,
  createInvitation,
  type Issuer,
  invitationList,
  resendInvitation,
  revokeInvitation,
  viewLink,
} from './service.ts';

/** The staff member behind a request, as a link's issuer. */
export function issuerOf(request: FastifyRequest): Issuer {
  if (!request.user) throw unauthorized();
  return {
    ...actorOf(request),
    role: request.user.role,
    name: request.user.displayName,
    locale: request.locale,
  };
}

/** The public link pages are guessed at, not browsed: a few calls a minute per address. */
const PUBLIC_LINK_LIMIT = { max: 20, timeWindow: '1 minute' };

export async function accountLinkRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/invitations',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['accounts'],
        summary: 'Invitations, newest first, with counts per status',
        querystring: invitationListQuery,
        response: { 200: statusListEnvelope(invitationRow) },
      },
    },
    async (request) => {
      const { rows, total, counts } = await invitationList(ctx.db, request.query);
      const statusTabList = toStatusTabList(counts, INVITATION_STATUSES, (status) =>
        request.t(status === 'all' ? 'tab.all' : (`accounts.invitationStatus.${status}` as MessageKey)),
      );
      return okList(rows, total, { statusTabList });
    },
  );

  routes.post(
    '/api/admin/invitations',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['accounts'],
        summary:
          'Invite a customer contact (any staff) or a colleague (admins); the link is in the answer once',
        body: invitationBody,
        response: { 200: dataEnvelope(accountLinkIssued) },
      },
    },
    async (request) => ok(await createInvitation(ctx, request.body, issuerOf(request)), request.t('ok')),
  );

  routes.post(
    '/api/admin/invitations/:id/resend',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['accounts'],
        summary: 'A new link for a pending or expired invitation; the old link stops working',
        params: idParams,
        response: { 200: dataEnvelope(accountLinkIssued) },
      },
    },
    async (request) => ok(await resendInvitation(ctx, request.params.id, issuerOf(request)), request.t('ok')),
  );

  routes.post(
    '/api/admin/invitations/:id/revoke',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['accounts'],
        summary: 'Revoke a pending invitation',
        params: idParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await revokeInvitation(ctx, request.params.id, issuerOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.get(
    '/api/account-links/:token',
    {
      config: { access: 'public', rateLimit: PUBLIC_LINK_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: 'What an invitation or set-password link is for (404 unknown, 410 used, revoked or expired)',
        params: tokenParams,
        response: { 200: dataEnvelope(accountLinkView) },
      },
    },
    async (request) => ok(await viewLink(ctx.db, request.params.token)),
  );

  routes.post(
    '/api/account-links/:token/accept',
    {
      config: { access: 'public', rateLimit: PUBLIC_LINK_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: 'Set the password through a link; logs the person in',
        params: tokenParams,
        body: accountLinkAccept,
        response: { 200: dataEnvelope(currentUser) },
      },
    },
    async (request, reply) => {
      const { token, user } = await acceptLink(ctx, request.params.token, request.body, clientInfo(request));
      reply.setSessionCookie(token);
      return ok(user, request.t('ok'));
    },
  );
}
