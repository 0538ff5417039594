import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import {
  materialsAnswer,
  patentCountries,
  patentCountriesQuery,
  patentListEnvelope,
  patentListQuery,
  patentRow,
  refundCheck as refundCheckAnswer,
  rejectReason,
  rejectReasonsQuery,
  replyPackageAnswer,
  saveMaterialsBody,
} from '@kxt/contracts/patents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { receiveUpload, uploadBodyLimit } from '../files/receive.ts';
import {
  customerPatentDetail,
  customerPatentList,
  customerRejectReasons,
  patentCountryNames,
  refundCheck,
  uploadReplyPackage,
} from './customer-service.ts';
import { customerMaterials, saveMaterials } from './materials.ts';

const CUSTOMERS = ['customer'] as const;
const statusAnswer = dataEnvelope(z.object({ status: z.number().int() }));

function userOf(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The customer portal's patent calls (spec §7 "Patent portal"): the caller's company's orders only. */
export async function patentCustomerRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/patent/services',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags: ['patents'],
        summary: "The customer's patent orders, paged, with a count per status tab (obj)",
        querystring: patentListQuery,
        response: { 200: patentListEnvelope(patentRow) },
      },
    },
    async (request) => {
      const { rows, total, obj } = await customerPatentList(
        ctx.db,
        userOf(request),
        request.query,
        request.locale,
        request.t('tab.all'),
      );
      return okList(rows, total, { obj });
    },
  );

  routes.get(
    '/api/patent/services/:id',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags: ['patents'],
        summary: 'One of the customer’s patent orders',
        params: idParams,
        response: { 200: dataEnvelope(patentRow) },
      },
    },
    async (request) =>
      ok(
        await customerPatentDetail(ctx.db, userOf(request), request.params.id, request.locale),
        request.t('ok'),
      ),
  );

  routes.get(
    '/api/patent/countries',
    {
      config: { access: ['customer', 'reviewer', 'admin'] },
      schema: {
        tags: ['patents'],
        summary: 'Patent markets: id → name in the caller’s language',
        querystring: patentCountriesQuery,
        response: { 200: dataEnvelope(patentCountries) },
      },
    },
    async (request) => ok(await patentCountryNames(ctx.db, request.locale), request.t('ok')),
  );

  routes.get(
    '/api/patent/services/:id/reject-reasons',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags: ['patents'],
        summary: 'Rejection reasons of an order, newest first (status -1 materials, -2 reply package)',
        params: idParams,
        querystring: rejectReasonsQuery,
        response: { 200: dataEnvelope(z.array(rejectReason)) },
      },
    },
    async (request) =>
      ok(
        await customerRejectReasons(ctx.db, userOf(request), request.params.id, request.query.status),
        request.t('ok'),
      ),
  );

  routes.get(
    '/api/patent/services/:id/refund-check',
    {
      config: { access: CUSTOMERS },
      schema: {
        tags: ['patents'],
        summary: 'Whether the order was refunded; the upload flow stops when it was',
        params: idParams,
        response: { 200: dataEnvelope(refundCheckAnswer) },
      },
    },
    async (request) => ok(await refundCheck(ctx.db, userOf(request), request.params.id), request.t('ok')),
  );

  routes.post(
    '/api/patent/services/:id/reply-package',
    {
      config: { access: CUSTOMERS },
      bodyLimit: uploadBodyLimit('reply-package'),
      schema: {
        tags: ['patents'],
        summary: 'Upload the OA reply package (multipart `file`, zip or rar, ≤ 5120 KB): 5 or -2 → 6',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: dataEnvelope(replyPackageAnswer) },
      },
    },
    async (request) =>
      ok(
        await uploadReplyPackage(
          ctx,
          userOf(request),
          request.params.id,
          () => receiveUpload(request, ctx, 'reply-package'),
          actorOf(request),
        ),
        request.t('ok'),
      ),
  );

  routes.get(
    '/api/patent/services/:id/materials',
    {
      config: { access: CUSTOMERS, verifiedCompany: true },
      schema: {
        tags: ['patents'],
        summary: 'The materials form: saved or submitted materials, additional rules, rejection reasons',
        params: idParams,
        response: { 200: dataEnvelope(materialsAnswer) },
      },
    },
    async (request) =>
      ok(
        await customerMaterials(ctx.db, userOf(request), request.params.id, request.locale),
        request.t('ok'),
      ),
  );

  routes.post(
    '/api/patent/services/:id/materials',
    {
      config: { access: CUSTOMERS, verifiedCompany: true },
      schema: {
        tags: ['patents'],
        summary: 'Save a draft (type 0, at 1/-1) or submit the materials (type 1: 1/-1 → 2)',
        params: idParams,
        body: saveMaterialsBody,
        response: { 200: statusAnswer },
      },
    },
    async (request) =>
      ok(
        await saveMaterials(ctx.db, userOf(request), request.params.id, request.body, actorOf(request)),
        request.t('ok'),
      ),
  );
}
