import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import { statusListEnvelope } from '@kxt/contracts/paging';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import {
  newServiceItem,
  serviceItemBulk,
  serviceItemExportQuery,
  serviceItemListQuery,
  serviceItemPatch,
  serviceItemRow,
} from '@kxt/contracts/service-items';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { bulkCaller, bulkRoute } from '../../lib/bulk-route.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { sendExport } from '../../lib/export/send.ts';
import { bulkServiceItemStatus } from './bulk.ts';
import { SERVICE_ITEM_EXPORT } from './export.ts';
import { createServiceItem, patchServiceItem, serviceItemExport, serviceItemList } from './service.ts';

export async function serviceItemRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

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

  routes.get(
    '/api/admin/service-items/export',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['service-items'],
        summary:
          'The list (its filters and sort, or the selected ids) as an .xlsx or CSV file, streamed; x-export-rows says how many rows',
        querystring: serviceItemExportQuery,
      },
    },
    async (request, reply) => {
      const { total, batches } = await serviceItemExport(ctx, request.query, request.locale);
      return sendExport(request, reply, request.query, {
        list: 'service-items',
        sheet: 'export.sheet.serviceItems',
        columns: SERVICE_ITEM_EXPORT,
        total,
        batches,
      });
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

  bulkRoute(
    app,
    '/api/admin/service-items/bulk',
    {
      tag: 'service-items',
      summary:
        'Change the status of the selected service items (or of all the filter matches, count confirmed); each row on its own',
      body: serviceItemBulk,
    },
    (body, request) => bulkServiceItemStatus(ctx, body, bulkCaller(request)),
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
