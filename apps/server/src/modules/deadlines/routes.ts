import { adminDeadlineQuery, deadlineList, upcomingDeadlineQuery } from '@kxt/contracts/deadlines';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../http-error.ts';
import { okList } from '../../lib/envelope.ts';
import { listDeadlines, upcomingDeadlines } from './service.ts';

/** The staff deadline calendar and the customer's upcoming deadlines. */
export async function deadlineRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/deadlines',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['deadlines'],
        summary:
          'Every company’s deadlines due between from and to (inclusive), optionally of one kind or overdue',
        querystring: adminDeadlineQuery,
        response: { 200: deadlineList },
      },
    },
    async (request) => {
      const rows = await listDeadlines(db, request.query, new Date());
      return okList(rows, rows.length);
    },
  );

  routes.get(
    '/api/deadlines/upcoming',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['deadlines'],
        summary: 'The next deadlines of the caller’s own company, soonest first',
        querystring: upcomingDeadlineQuery,
        response: { 200: deadlineList },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const list = await upcomingDeadlines(db, request.user.customerId, request.query.limit, new Date());
      return okList(list.rows, list.total);
    },
  );
}
