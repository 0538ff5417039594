import { dataEnvelope } from '@kxt/contracts/envelope';
import { FILE_PURPOSES, filePurposeSchema, uploadResponse } from '@kxt/contracts/files';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http-error.ts';
import { ok } from '../../lib/envelope.ts';
import { receiveUpload } from './receive.ts';
import { findVisibleFile } from './service.ts';
import { scheduleFileSweeps } from './sweeper.ts';

const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_PURPOSES).map((rules) => rules.maxBytes));

export async function fileRoutes(app: FastifyInstance) {
  const { db, storage } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  scheduleFileSweeps(app);

  routes.post(
    '/api/files',
    {
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        tags: ['files'],
        summary: 'Upload one file (multipart field `file`); its content type is detected from the bytes',
        consumes: ['multipart/form-data'],
        querystring: z.object({ purpose: filePurposeSchema }),
        response: { 200: dataEnvelope(uploadResponse) },
      },
    },
    async (request) => {
      const stored = await receiveUpload(request, { db, storage }, request.query.purpose);
      return ok([stored], request.t('ok'));
    },
  );

  routes.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a file: its uploader, the same customer company, and staff only',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const file = await findVisibleFile(db, request.params.id, request.user);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('content-type', file.mime_type)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
        )
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(storage.read(file.storage_key));
    },
  );
}
