import { healthResponse } from '@kxt/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check, and whether the trademark search index is built yet',
        response: { 200: healthResponse },
      },
    },
    async () => {
      await sql`select 1`.execute(app.ctx.db);
      return {
        status: 'ok' as const,
        database: app.ctx.databaseKind,
        version: app.ctx.version,
        searchIndex: app.ctx.trademarks.index.built ? ('ready' as const) : ('building' as const),
      };
    },
  );
}
