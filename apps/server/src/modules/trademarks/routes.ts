import { dataEnvelope } from '@kxt/contracts/envelope';
import {
  consultantInfo,
  productInfo,
  registerTimes as registerTimesSchema,
  trademarkSearchBody,
  trademarkSearchResponse,
} from '@kxt/contracts/trademarks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { ok } from '../../lib/envelope.ts';
import { consultantFor, productById, registerTimes, trademarkProductsByCountry } from './info.ts';
import { remainingSearches } from './quota.ts';
import { loadAssociationTables, searchTrademarks, type TrademarkDeps } from './service.ts';

/** Searches are rate limited per caller on top of the quota: the engine is fast, but not free. */
const SEARCH_RATE = { max: 60, timeWindow: '1 minute' };

export async function trademarkRoutes(app: FastifyInstance) {
  const { db, config, trademarks } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps: TrademarkDeps = {
    db,
    marks: trademarks.index,
    results: trademarks.results,
    freeSearches: config.trademarkFreeSearches,
    associations: () => loadAssociationTables(db),
  };

  routes.post(
    '/api/trademark/search',
    {
      config: { rateLimit: SEARCH_RATE },
      schema: {
        tags: ['trademarks'],
        summary: 'Search earlier marks similar to a name in the chosen markets, classes and statuses',
        description:
          'A new text, set of countries or classes is charged once; paging, changing the status filter or the ' +
          'country tab (`country`, one of the chosen countries) with the same `searchId` is not, and the same ' +
          'question (text, countries, classes, statuses) by the same user within 24 hours gets its earlier ' +
          '`searchId` back free (`reused`).',
        body: trademarkSearchBody,
        response: { 200: dataEnvelope(trademarkSearchResponse) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return ok(await searchTrademarks(deps, request.user, request.body), request.t('ok'));
    },
  );

  routes.get(
    '/api/trademark/search-count',
    {
      schema: {
        tags: ['trademarks'],
        summary:
          "Remaining free searches of the caller's company (first element); staff are not limited (null)",
        response: { 200: dataEnvelope(z.array(z.number().int().nullable())) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const remaining =
        user.role === 'customer' && user.customerId !== null
          ? await remainingSearches(db, user.customerId, config.trademarkFreeSearches)
          : null;
      return ok([remaining]);
    },
  );

  routes.get(
    '/api/trademark/register-times',
    {
      schema: {
        tags: ['trademarks'],
        summary: 'Per market, the newest application date in the data',
        response: { 200: dataEnvelope(registerTimesSchema) },
      },
    },
    async () => ok(await registerTimes(db)),
  );

  routes.get(
    '/api/trademark/consultant',
    {
      schema: {
        tags: ['trademarks'],
        summary: "The caller's trademark consultant",
        response: { 200: dataEnvelope(consultantInfo) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return ok(await consultantFor(db, request.user));
    },
  );

  routes.get(
    '/api/trademark/country-products',
    {
      schema: {
        tags: ['trademarks'],
        summary: 'Trademark registration products per country, for the purchase dialog',
        querystring: z.object({ type: z.enum(['1']) }),
        response: { 200: dataEnvelope(z.record(z.string(), productInfo)) },
      },
    },
    async (request) => ok(await trademarkProductsByCountry(db, request.locale === 'en-US')),
  );

  routes.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['trademarks'],
        summary: 'One product (a catalogue service) by id',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ type: z.enum(['0']).optional() }),
        response: { 200: dataEnvelope(productInfo) },
      },
    },
    async (request) => ok(await productById(db, request.params.id, request.locale === 'en-US')),
  );
}
