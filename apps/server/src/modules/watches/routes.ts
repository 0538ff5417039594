import { dataEnvelope, listEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import {
  hitReviewBody,
  newWatch,
  watchHitListQuery,
  watchHitRow,
  watchListQuery,
  watchRow,
} from '@kxt/contracts/trademark-watches';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { cancelWatch, createWatch, findWatch, listHits, listWatches, reviewHit } from './service.ts';

function userOf(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Trademark watches (issue #21): a customer's own company's watches and hits, every company's for staff. Another
 * company's watch or hit is a 404.
 */
export async function watchRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/trademark/watches',
    {
      schema: {
        tags: ['watches'],
        summary: "The caller's company's watches (staff: every company's, or one customer's)",
        querystring: watchListQuery,
        response: { 200: listEnvelope(watchRow) },
      },
    },
    async (request) => {
      const { rows, total } = await listWatches(db, userOf(request), request.query);
      return okList(rows, total);
    },
  );

  routes.post(
    '/api/trademark/watches',
    {
      config: { verifiedCompany: true },
      schema: {
        tags: ['watches'],
        summary: "Watch a mark: the company's first watch is a 30-day trial, any other waits for its payment",
        body: newWatch,
        response: { 200: dataEnvelope(z.object({ id: z.number().int(), trial: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await createWatch(db, userOf(request), request.body, actorOf(request)), request.t('ok')),
  );

  routes.get(
    '/api/trademark/watches/:id',
    {
      schema: {
        tags: ['watches'],
        summary: 'One watch with its hit counts',
        params: idParams,
        response: { 200: dataEnvelope(watchRow) },
      },
    },
    async (request) => ok(await findWatch(db, userOf(request), request.params.id)),
  );

  routes.post(
    '/api/trademark/watches/:id/cancel',
    {
      schema: {
        tags: ['watches'],
        summary: 'Stop a watch; the hits found stay',
        params: idParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await cancelWatch(db, userOf(request), request.params.id, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.get(
    '/api/trademark/watch-hits',
    {
      schema: {
        tags: ['watches'],
        summary: 'Marks that conflict with the watches the caller may see, newest first',
        querystring: watchHitListQuery,
        response: { 200: listEnvelope(watchHitRow) },
      },
    },
    async (request) => {
      const { rows, total } = await listHits(db, userOf(request), request.query);
      return okList(rows, total);
    },
  );

  routes.post(
    '/api/trademark/watch-hits/:id/review',
    {
      schema: {
        tags: ['watches'],
        summary: 'Mark a hit not relevant, or ask the consultant about it',
        params: idParams,
        body: hitReviewBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await reviewHit(db, userOf(request), request.params.id, request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );
}
