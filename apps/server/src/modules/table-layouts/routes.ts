import { dataEnvelope } from '@kxt/contracts/envelope';
import { moduleKeySchema, saveTableLayout, tableLayout } from '@kxt/contracts/table-layouts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, unauthorized } from '../../http-error.ts';
import { ok } from '../../lib/envelope.ts';
import { nowIso } from '../../lib/time.ts';

/** Each user's saved column layout per table (`moduleKey`): what the shared table restores before first render. */
export async function tableLayoutRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ moduleKey: moduleKeySchema });

  routes.get(
    '/api/table-layouts/:moduleKey',
    {
      schema: {
        tags: ['table-layouts'],
        summary: "The caller's saved layout of a table, or null",
        params,
        response: { 200: dataEnvelope(tableLayout.nullable()) },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const row = await db
        .selectFrom('table_layouts')
        .select(['id', 'module_key', 'field_info'])
        .where('user_id', '=', request.user.id)
        .where('module_key', '=', request.params.moduleKey)
        .executeTakeFirst();
      return ok(row ? { id: row.id, moduleKey: row.module_key, fieldInfo: row.field_info } : null);
    },
  );

  routes.put(
    '/api/table-layouts/:moduleKey',
    {
      schema: {
        tags: ['table-layouts'],
        summary:
          "Save the caller's layout of a table (fieldInfo: JSON text with checkedKeys and tableColums)",
        params,
        body: saveTableLayout,
        response: { 200: dataEnvelope(tableLayout) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      const { moduleKey } = request.params;
      if (request.body.moduleKey !== moduleKey) throw badRequest();
      const values = {
        user_id: user.id,
        module_key: moduleKey,
        field_info: request.body.fieldInfo,
        updated_at: nowIso(),
      };
      const row = await db
        .insertInto('table_layouts')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'module_key'])
            .doUpdateSet({ field_info: values.field_info, updated_at: values.updated_at }),
        )
        .returning(['id', 'module_key', 'field_info'])
        .executeTakeFirstOrThrow();
      return ok({ id: row.id, moduleKey: row.module_key, fieldInfo: row.field_info }, request.t('ok'));
    },
  );
}
