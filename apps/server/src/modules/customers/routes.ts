import { customerListQuery, customerPatch, customerRow } from '@kxt/contracts/customers';
import { dataEnvelope } from '@kxt/contracts/envelope';
import { statusListEnvelope } from '@kxt/contracts/paging';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { customerList, patchCustomer } from './service.ts';

export async function customerRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/customers',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['customers'],
        summary: 'Customer companies, paged, with counts per status tab',
        querystring: customerListQuery,
        response: { 200: statusListEnvelope(customerRow) },
      },
    },
    async (request) => {
      const { rows, total, statusTabList } = await customerList(ctx, request.query, (key) => request.t(key));
      return okList(rows, total, { statusTabList });
    },
  );

  routes.patch(
    '/api/admin/customers/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['customers'],
        summary: 'Inline edit of a customer',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: customerPatch,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await patchCustomer(ctx, request.params.id, request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );
}
