import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import { statusListEnvelope } from '@kxt/contracts/paging';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import {
  amountTotal,
  taxDeclarationBulk,
  taxDeclarationExportQuery,
  taxDeclarationListQuery,
  taxDeclarationPatch,
  taxDeclarationRow,
} from '@kxt/contracts/tax-declarations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { bulkCaller, bulkRoute } from '../../lib/bulk-route.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { sendExport } from '../../lib/export/send.ts';
import { bulkDeclare } from './bulk.ts';
import { TAX_DECLARATION_EXPORT } from './export.ts';
import { patchTaxDeclaration, taxDeclarationExport, taxDeclarationList } from './service.ts';

export async function taxDeclarationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/tax-declarations',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['tax-declarations'],
        summary: 'Tax declarations, paged, with overdue levels and counts per status tab',
        querystring: taxDeclarationListQuery,
        response: {
          200: statusListEnvelope(taxDeclarationRow).extend({ amountTotals: z.array(amountTotal) }),
        },
      },
    },
    async (request) => {
      const { rows, total, statusTabList, amountTotals } = await taxDeclarationList(
        ctx,
        request.query,
        (key) => request.t(key),
      );
      return okList(rows, total, { statusTabList, amountTotals });
    },
  );

  routes.get(
    '/api/admin/tax-declarations/export',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['tax-declarations'],
        summary:
          'The list (its filters and sort, or the selected ids) as an .xlsx or CSV file, streamed; amounts with their currency',
        querystring: taxDeclarationExportQuery,
      },
    },
    async (request, reply) => {
      const { total, batches } = await taxDeclarationExport(ctx, request.query);
      return sendExport(request, reply, request.query, {
        list: 'tax-declarations',
        sheet: 'export.sheet.taxDeclarations',
        columns: TAX_DECLARATION_EXPORT,
        total,
        batches,
      });
    },
  );

  bulkRoute(
    app,
    '/api/admin/tax-declarations/bulk',
    {
      tag: 'tax-declarations',
      summary:
        'Mark the selected declarations (or all the filter matches, count confirmed) declared; each row on its own',
      body: taxDeclarationBulk,
    },
    (body, request) => bulkDeclare(ctx, body, bulkCaller(request)),
  );

  routes.patch(
    '/api/admin/tax-declarations/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['tax-declarations'],
        summary: 'Inline edit of a tax declaration (declare, undo, amount, due date)',
        params: idParams,
        body: taxDeclarationPatch,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await patchTaxDeclaration(ctx, request.params.id, request.body, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );
}
