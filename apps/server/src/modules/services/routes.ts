import { categoryCode, SERVICE_CATEGORIES } from '@kxt/contracts/business';
import { statusListEnvelope } from '@kxt/contracts/paging';
import { STAFF_ROLES } from '@kxt/contracts/roles';
import { serviceListQuery, serviceRow } from '@kxt/contracts/service-catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okList } from '../../lib/envelope.ts';
import { toStatusTabList } from '../../lib/list.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { listServices, serviceSource } from './repository.ts';

const sourceSchema = z
  .object({
    serviceCode: z.string(),
    customerId: z.number().int(),
    customerName: z.string(),
    country: z.string(),
  })
  .nullable();

export async function serviceCatalogueRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/services',
    {
      config: { access: STAFF_ROLES },
      schema: {
        tags: ['service-items'],
        summary:
          'The service catalogue, with counts per top category; `findValue` names the service code 去新服务 came from',
        querystring: serviceListQuery,
        response: { 200: statusListEnvelope(serviceRow).extend({ source: sourceSchema }) },
      },
    },
    async (request) => {
      const { rows, total, counts } = await listServices(db, request.query, request.locale);
      const source = request.query.findValue ? await serviceSource(db, request.query.findValue) : null;
      const statusTabList = toStatusTabList(
        counts,
        SERVICE_CATEGORIES.map((category) => String(category.id)),
        (status) =>
          request.t(
            status === 'all' ? 'tab.all' : (`category.${categoryCode(Number(status))}` as MessageKey),
          ),
      );
      return okList(rows, total, { statusTabList, source });
    },
  );
}
