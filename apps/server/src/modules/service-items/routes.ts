import { dataEnvelope } from '@kxt/contracts/envelope';
import { statusListEnvelope } from '@kxt/contracts/paging';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import {
  newServiceItem,
  serviceItemListQuery,
  serviceItemPatch,
  serviceItemRow,
} from '@kxt/contracts/service-items';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { createServiceItem, patchServiceItem, serviceItemList } from './service.ts';

export async function serviceItemRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.coerce.number().int().positive() });

  routes.get(
    '/api/admin/service-items',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['service-items'],
        summary: "Customers' services, paged, with row badges and counts per status tab",
        querystring: serviceItemListQuery,
        response: { 200: statusListEnvelope(serviceItemRow) },
      },
    },
    async (request) => {
      const { rows, total, statusTabList } = await serviceItemList(
        ctx,
        request.query,
        (key) => request.t(key),
        request.locale,
      );
      return okList(rows, total, { statusTabList });
    },
  );

  routes.patch(
    '/api/admin/service-items/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['service-items'],
        summary: 'Inline edit of a service item',
        params: idParams,
        body: serviceItemPatch,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await patchServiceItem(ctx, request.params.id, request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.post(
    '/api/admin/service-items',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['service-items'],
        summary: 'Open a new service for a customer from the catalogue',
        body: newServiceItem,
        response: { 200: dataEnvelope(z.object({ id: z.number().int(), serviceCode: z.string() })) },
      },
    },
    async (request) => ok(await createServiceItem(ctx, request.body, actorOf(request)), request.t('ok')),
  );
}
