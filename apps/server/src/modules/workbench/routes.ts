import { dataEnvelope } from '@kxt/contracts/envelope';
import { workbenchCounts as workbenchCountsSchema } from '@kxt/contracts/workbench';
import { CONSULTANT_WORK_ROLES, FINANCE_WORK_ROLES } from '@kxt/contracts/workbench-views';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../http-error.ts';
import { ok } from '../../lib/envelope.ts';
import { workbenchCounts } from './service.ts';

/** Staff whose 工作台 has counts from this call (reviewers' come from the patent queue's summary). */
const WORKBENCH_ROLES = [...new Set([...FINANCE_WORK_ROLES, ...CONSULTANT_WORK_ROLES])];

/** The back office's first page: what waits on the caller, counted as the lists it links to count it. */
export async function workbenchRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/workbench/counts',
    {
      config: { access: WORKBENCH_ROLES },
      schema: {
        tags: ['workbench'],
        summary:
          'The 工作台 counts for the caller’s role: finance (transfers to review, tax declarations overdue and due within 7 days), consultant (watch hits asked about, not yet reviewed)',
        response: { 200: dataEnvelope(workbenchCountsSchema) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return ok(await workbenchCounts(ctx, request.user), request.t('ok'));
    },
  );
}
