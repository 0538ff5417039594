import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import {
  channelChoice,
  deliveryList,
  deliveryListQuery,
  localeBody,
  notificationList,
  notificationListQuery,
  preferenceParams,
  preferenceRow,
  preferenceUserParams,
} from '@kxt/contracts/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { preferencesOf, setPreference } from './preferences.ts';
import {
  listDeliveries,
  listNotifications,
  markAllRead,
  markRead,
  resendDelivery,
  setLocale,
} from './service.ts';

const userOf = (request: FastifyRequest) => {
  if (!request.user) throw unauthorized();
  return request.user;
};

/** Preferences are each user's own; another user's id answers 404 (its existence is not revealed). */
const ownUserId = (request: FastifyRequest, userId: number) => {
  if (userOf(request).id !== userId) throw notFound();
  return userId;
};

/** In-app notifications and channel preferences of the current user; the admins' view of sent and failed messages. */
export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The current user's notifications, newest first, with the unread count",
        querystring: notificationListQuery,
        response: { 200: notificationList },
      },
    },
    async (request) => {
      const list = await listNotifications(db, userOf(request).id, request.query);
      return okList(list.rows, list.total, { unread: list.unread });
    },
  );

  routes.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of the current user’s notifications read (another user’s: 404)',
        params: idParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await markRead(db, userOf(request).id, request.params.id);
      return ok(null, request.t('ok'));
    },
  );

  routes.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks all of the current user’s notifications read',
        response: { 200: dataEnvelope(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => ok({ updated: await markAllRead(db, userOf(request).id) }, request.t('ok')),
  );

  routes.put(
    '/api/notifications/locale',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The language of the current user’s notifications and emails',
        body: localeBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await setLocale(db, userOf(request).id, request.body.locale);
      return ok(null, request.t('ok'));
    },
  );

  routes.get(
    '/api/notification-preferences/:userId',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Channels per notification type (the user’s own only)',
        params: preferenceUserParams,
        response: { 200: dataEnvelope(z.array(preferenceRow)) },
      },
    },
    async (request) =>
      ok(await preferencesOf(db, ownUserId(request, request.params.userId)), request.t('ok')),
  );

  routes.put(
    '/api/notification-preferences/:userId/:type',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Sets one type’s channels; a deadline type keeps at least one',
        params: preferenceParams,
        body: channelChoice,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      const userId = ownUserId(request, request.params.userId);
      await setPreference(db, userId, request.params.type, request.body);
      return ok(null, request.t('ok'));
    },
  );

  routes.get(
    '/api/admin/notifications/deliveries',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['notifications'],
        summary: 'Emails or text messages, newest first: sent, waiting, failed (with the error)',
        querystring: deliveryListQuery,
        response: { 200: deliveryList },
      },
    },
    async (request) => {
      const list = await listDeliveries(db, request.query);
      return okList(list.rows, list.total);
    },
  );

  routes.post(
    '/api/admin/notifications/deliveries/:id/resend',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['notifications'],
        summary: 'Queues a sent or failed message again',
        params: idParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await resendDelivery(db, request.params.id, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );
}
