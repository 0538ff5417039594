import { type BulkSummary, bulkSummary } from '@kxt/contracts/bulk';
import { dataEnvelope } from '@kxt/contracts/envelope';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { actorOf } from './actor.ts';
import type { BulkCaller } from './bulk.ts';
import { ok } from './envelope.ts';

/** The caller of a bulk action, from its request. */
export function bulkCaller(request: FastifyRequest): BulkCaller {
  return { actor: actorOf(request), locale: request.locale, log: request.log };
}

/** `POST <list>/bulk` for staff: the body validated by the list's bulk schema, the answer the per-row summary. */
export function bulkRoute<Body>(
  app: FastifyInstance,
  url: string,
  doc: { tag: string; summary: string; body: ZodType<Body> },
  run: (body: Body, request: FastifyRequest) => Promise<BulkSummary>,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: [doc.tag],
        summary: doc.summary,
        body: doc.body,
        response: { 200: dataEnvelope(bulkSummary) },
      },
    },
    async (request) => ok(await run(request.body as Body, request), request.t('ok')),
  );
}
