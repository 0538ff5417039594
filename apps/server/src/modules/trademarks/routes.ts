import { dataEnvelope } from '@kxt/contracts/envelope';
import { idParams } from '@kxt/contracts/ids';
import { trademarkImportList, trademarkImportListQuery } from '@kxt/contracts/trademark-imports';
import {
  consultantInfo,
  productInfo,
  registerTimes as registerTimesSchema,
  TRADEMARK_STATUSES,
  trademarkSearchBody,
  trademarkSearchResponse,
} from '@kxt/contracts/trademarks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthorized } from '../../http-error.ts';
import { ok, okList } from '../../lib/envelope.ts';
import { scheduleFeedImports } from './feeds/schedule.ts';
import { listImportBatches } from './import-batch.ts';
import { consultantFor, productById, registerTimes, trademarkProductsByCountry } from './info.ts';
import { markLogoSvg } from './mark-image.ts';
import { remainingSearches } from './quota.ts';
import { reportDocument, reportPdf, searchForReport } from './report.ts';
import { loadAssociationTables, searchTrademarks, type TrademarkDeps } from './service.ts';

/** Searches are rate limited per caller on top of the quota: the engine is fast, but not free. */
const SEARCH_RATE = { max: 60, timeWindow: '1 minute' };
/** A report ranks every chosen country and writes a PDF: a second or so of work each. */
const REPORT_RATE = { max: 12, timeWindow: '1 minute' };

export async function trademarkRoutes(app: FastifyInstance) {
  const { db, config, trademarks } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  scheduleFeedImports(app);
  const deps: TrademarkDeps = {
    db,
    marks: trademarks.index,
    results: trademarks.results,
    freeSearches: config.trademarkFreeSearches,
    associations: () => loadAssociationTables(db),
  };

  routes.get(
    '/api/admin/trademark-imports',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['trademarks'],
        summary:
          'Imports of office data, newest first: file, format, counts, and the first problems by position',
        querystring: trademarkImportListQuery,
        response: { 200: trademarkImportList },
      },
    },
    async (request) => {
      const list = await listImportBatches(db, request.query);
      return okList(list.rows, list.total);
    },
  );

  routes.post(
    '/api/trademark/search',
    {
      config: { rateLimit: SEARCH_RATE },
      schema: {
        tags: ['trademarks'],
        summary: 'Search earlier marks similar to a name in the chosen markets, classes and statuses',
        description:
          'A new text, set of countries or classes is charged once; paging, changing the status filter or the ' +
          'country tab (`country`, one of the chosen countries) with the same `searchId` is not, and the same ' +
          'question (text, countries, classes, statuses) by the same user within 24 hours gets its earlier ' +
          '`searchId` back free (`reused`).',
        body: trademarkSearchBody,
        response: { 200: dataEnvelope(trademarkSearchResponse) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return ok(await searchTrademarks(deps, request.user, request.body), request.t('ok'));
    },
  );

  routes.get(
    '/api/trademark/search-count',
    {
      schema: {
        tags: ['trademarks'],
        summary:
          "Remaining free searches of the caller's company (first element); staff are not limited (null)",
        response: { 200: dataEnvelope(z.array(z.number().int().nullable())) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const remaining =
        user.role === 'customer' && user.customerId !== null
          ? await remainingSearches(db, user.customerId, config.trademarkFreeSearches)
          : null;
      return ok([remaining]);
    },
  );

  routes.get(
    '/api/trademark/register-times',
    {
      schema: {
        tags: ['trademarks'],
        summary: 'Per market, the newest application date in the data',
        response: { 200: dataEnvelope(registerTimesSchema) },
      },
    },
    async () => ok(await registerTimes(db)),
  );

  routes.get(
    '/api/trademark/consultant',
    {
      schema: {
        tags: ['trademarks'],
        summary: "The caller's trademark consultant",
        response: { 200: dataEnvelope(consultantInfo) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return ok(await consultantFor(db, request.user));
    },
  );

  routes.get(
    '/api/trademark/country-products',
    {
      schema: {
        tags: ['trademarks'],
        summary: 'Trademark registration products per country, for the purchase dialog',
        querystring: z.object({ type: z.enum(['1']) }),
        response: { 200: dataEnvelope(z.record(z.string(), productInfo)) },
      },
    },
    async (request) => ok(await trademarkProductsByCountry(db, request.locale === 'en-US')),
  );

  routes.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['trademarks'],
        summary: 'One product (a catalogue service) by id',
        params: idParams,
        querystring: z.object({ type: z.enum(['0']).optional() }),
        response: { 200: dataEnvelope(productInfo) },
      },
    },
    async (request) => ok(await productById(db, request.params.id, request.locale === 'en-US')),
  );

  routes.get(
    '/api/trademark/search/:searchId/report',
    {
      config: { rateLimit: REPORT_RATE },
      schema: {
        tags: ['trademarks'],
        summary: 'The search report (PDF) of a recorded search of the caller or their company; not charged',
        description:
          'Query, countries, classes, the per-class risk map, the top matches per country with the reason for ' +
          'each score, the data date of each register and the disclaimer, in `lang` (zh-CN by default). ' +
          "Another company's or an unknown searchId is 404; a search more than 24 hours old is 410.",
        params: z.object({ searchId: z.string().min(1).max(64) }),
        querystring: z.object({
          lang: z.enum(['zh-CN', 'en-US']).optional(),
          status: z
            .string()
            .optional()
            .transform((text) => (text ? text.split(',') : []))
            .pipe(z.array(z.enum(TRADEMARK_STATUSES))),
        }),
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const search = await searchForReport(db, request.user, request.params.searchId);
      const document = await reportDocument(deps, search, request.query.lang ?? request.locale, {
        statuses: request.query.status,
      });
      const pdf = await reportPdf(document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.byteLength)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );

  routes.get(
    '/api/trademark/mark-image/:dataset/:file',
    {
      schema: {
        tags: ['trademarks'],
        summary: 'The logo of a generated (demo) figurative mark, drawn by the product from the mark',
        params: z.object({ dataset: z.string().regex(/^[A-Z]{2,3}$/), file: z.string().regex(/^.+\.svg$/) }),
      },
    },
    async (request, reply) => {
      const applicationNumber = request.params.file.slice(0, -'.svg'.length);
      const mark = await db
        .selectFrom('marks')
        .select(['name'])
        .where('dataset', '=', request.params.dataset)
        .where('application_number', '=', applicationNumber)
        .where('generated', '=', 1)
        .executeTakeFirst();
      if (!mark) throw notFound();
      return (
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, the picture may still not run or load anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(markLogoSvg(request.params.dataset, applicationNumber, mark.name))
      );
    },
  );
}
