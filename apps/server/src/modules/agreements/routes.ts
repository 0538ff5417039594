import {
  agreementBulk,
  agreementDetail as agreementDetailSchema,
  agreementListQuery,
  agreementRow,
  agreementTemplate,
  createdAgreement,
  newAgreement,
  newAgreementTemplate,
  revokeAgreementBody,
} from '@kxt/contracts/agreements';
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
import { bulkAgreements } from './bulk.ts';
import { reissueAgreement } from './identity.ts';
import {
  agreementDetail,
  agreementList,
  createAgreement,
  createTemplate,
  listTemplates,
  revokeAgreement,
  signedPdf,
} from './service.ts';

/** The back office's agreement calls: templates (admins upload and version them), agreements, links and evidence. */
export async function agreementRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/agreement-templates',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['agreements'],
        summary: 'Every version of every agreement template, newest first per name',
        response: { 200: dataEnvelope(z.array(agreementTemplate)) },
      },
    },
    async (request) => ok(await listTemplates(ctx), request.t('ok')),
  );

  routes.post(
    '/api/admin/agreement-templates',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['agreements'],
        summary:
          'A new template version from page images uploaded with POST /api/files?purpose=agreement-page, in order',
        body: newAgreementTemplate,
        response: { 200: dataEnvelope(agreementTemplate) },
      },
    },
    async (request) => ok(await createTemplate(ctx, request.body, actorOf(request)), request.t('ok')),
  );

  routes.get(
    '/api/admin/agreements',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['agreements'],
        summary: 'Agreements, paged, with counts per status tab (0 unread, 1 read, 2 signed)',
        querystring: agreementListQuery,
        response: { 200: statusListEnvelope(agreementRow) },
      },
    },
    async (request) => {
      const { rows, total, statusTabList } = await agreementList(ctx, request.query, (key) => request.t(key));
      return okList(rows, total, { statusTabList });
    },
  );

  routes.post(
    '/api/admin/agreements',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['agreements'],
        summary: 'Send an agreement to a customer: answers its signing link /sign?code=…',
        body: newAgreement,
        response: { 200: dataEnvelope(createdAgreement) },
      },
    },
    async (request) => ok(await createAgreement(ctx, request.body, actorOf(request)), request.t('ok')),
  );

  routes.get(
    '/api/admin/agreements/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['agreements'],
        summary: 'One agreement with its pages, signing evidence hashes and audit trail',
        params: idParams,
        response: { 200: dataEnvelope(agreementDetailSchema) },
      },
    },
    async (request) => ok(await agreementDetail(ctx, request.params.id), request.t('ok')),
  );

  routes.get(
    '/api/admin/agreements/:id/signed.pdf',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['agreements'],
        summary: 'The signed agreement: every page, the signature in place and the evidence page',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { file, downloadName } = await signedPdf(ctx, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(ctx.storage.read(file.storage_key));
    },
  );

  routes.post(
    '/api/admin/agreements/:id/reissue',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['agreements'],
        summary:
          "Reopen a link locked by five wrong codes: the signer's count starts again, earlier codes stop working",
        params: idParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await reissueAgreement(ctx, request.params.id, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );

  bulkRoute(
    app,
    '/api/admin/agreements/bulk',
    {
      tag: 'agreements',
      summary:
        'Resend (SMS to the signer) or revoke the signing links of the selected agreements (or all the filter matches); each row on its own',
      body: agreementBulk,
    },
    (body, request) =>
      bulkAgreements(ctx, body, {
        ...bulkCaller(request),
        origin: ctx.config.notify?.publicUrl ?? `${request.protocol}://${request.host}`,
      }),
  );

  routes.post(
    '/api/admin/agreements/:id/revoke',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['agreements'],
        summary: 'Withdraw the signing link; a signed agreement keeps its record',
        params: idParams,
        body: revokeAgreementBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await revokeAgreement(ctx, request.params.id, request.body?.reason, actorOf(request));
      return ok(null, request.t('ok'));
    },
  );
}
