import { verifyCompanyBody } from '@kxt/contracts/accounts';
import {
  customerBulk,
  customerExportQuery,
  customerListQuery,
  customerPatch,
  customerRow,
} from '@kxt/contracts/customers';
import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import { statusListEnvelope } from '@kxt/contracts/paging';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { bulkCaller, bulkRoute } from '../../lib/bulk-route.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { sendExport } from '../../lib/export/send.ts';
import { bulkCustomerSuspend } from './bulk.ts';
import { CUSTOMER_EXPORT } from './export.ts';
import { customerExport, customerList, patchCustomer } from './service.ts';
import { VERIFIER_ROLES, verifyCompany } from './verification.ts';

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

  routes.get(
    '/api/admin/customers/export',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['customers'],
        summary: 'The list (its filters and sort, or the selected ids) as an .xlsx or CSV file, streamed',
        querystring: customerExportQuery,
      },
    },
    async (request, reply) => {
      const { total, batches } = await customerExport(ctx, request.query);
      return sendExport(request, reply, request.query, {
        list: 'customers',
        sheet: 'export.sheet.customers',
        columns: CUSTOMER_EXPORT,
        total,
        batches,
      });
    },
  );

  routes.patch(
    '/api/admin/customers/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['customers'],
        summary: 'Inline edit of a customer',
        params: idParams,
        body: customerPatch,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await patchCustomer(ctx, request.params.id, request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  bulkRoute(
    app,
    '/api/admin/customers/bulk',
    {
      tag: 'customers',
      summary:
        "Suspend or resume the selected customers' services (or all the filter matches, count confirmed); each row on its own",
      body: customerBulk,
    },
    (body, request) => bulkCustomerSuspend(ctx, body, bulkCaller(request)),
  );

  routes.post(
    '/api/admin/customers/:id/verify',
    {
      config: { access: VERIFIER_ROLES },
      schema: {
        tags: ['customers'],
        summary:
          'Verify a self-signed-up company: licence number (unified social credit code) and licensed name',
        params: idParams,
        body: verifyCompanyBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await verifyCompany(ctx, request.params.id, request.body, actorOf(request));
      return ok(null, request.t('account.companyVerified'));
    },
  );
}
