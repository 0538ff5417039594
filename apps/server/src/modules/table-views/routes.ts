import { dataEnvelope } from '@kxt/contracts/envelope';
import { recordIdParam } from '@kxt/contracts/ids';
import { moduleKeySchema } from '@kxt/contracts/table-layouts';
import { newTableView, tableView, tableViewPatch } from '@kxt/contracts/table-views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { ok } from '../../lib/envelope.ts';
import { createView, deleteView, listViews, updateView } from './service.ts';

const listParams = z.object({ moduleKey: moduleKeySchema });
const viewParams = listParams.extend({ id: recordIdParam });

function userId(request: FastifyRequest): number {
  if (!request.user) throw unauthorized();
  return request.user.id;
}

/** Each user's named views of each list (beside the saved column layout): save, rename, mark default, delete. */
export async function tableViewRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/table-views/:moduleKey',
    {
      schema: {
        tags: ['table-layouts'],
        summary: "The caller's saved views of a list, by name",
        params: listParams,
        response: { 200: dataEnvelope(z.array(tableView)) },
      },
    },
    async (request) => ok(await listViews(db, userId(request), request.params.moduleKey)),
  );

  routes.post(
    '/api/table-views/:moduleKey',
    {
      schema: {
        tags: ['table-layouts'],
        summary: 'Save the current view of a list under a name (optionally as the default)',
        params: listParams,
        body: newTableView,
        response: { 200: dataEnvelope(tableView) },
      },
    },
    async (request) =>
      ok(await createView(db, userId(request), request.params.moduleKey, request.body), request.t('ok')),
  );

  routes.patch(
    '/api/table-views/:moduleKey/:id',
    {
      schema: {
        tags: ['table-layouts'],
        summary: 'Rename a view, change what it shows, or mark it the default',
        params: viewParams,
        body: tableViewPatch,
        response: { 200: dataEnvelope(tableView) },
      },
    },
    async (request) =>
      ok(
        await updateView(db, userId(request), request.params.moduleKey, request.params.id, request.body),
        request.t('ok'),
      ),
  );

  routes.delete(
    '/api/table-views/:moduleKey/:id',
    {
      schema: {
        tags: ['table-layouts'],
        summary: 'Delete a saved view',
        params: viewParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await deleteView(db, userId(request), request.params.moduleKey, request.params.id);
      return ok(null, request.t('ok'));
    },
  );
}
