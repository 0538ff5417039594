import { dataEnvelope } from '@kxt/contracts/envelope';
import { VERIFY_API, VERIFY_MAX_BYTES } from '@kxt/contracts/seal';
import { verifyResult } from '@kxt/contracts/verify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../../http-error.ts';
import { ok } from '../../../lib/envelope.ts';
import { readUploadedFile } from '../../files/receive.ts';
import { isPdf, verifySealedPdf } from './verify.ts';

/** Checks a minute per client address: each reads up to 20 MB and checks a signature. */
const CHECKS_PER_MINUTE = 10;

/**
 * The public verification of signed agreement PDFs. No login, and no CSRF token: it changes nothing and reveals
 * nothing a cross-site request could use (the answer goes to the page that sent the file, not to another site).
 */
export async function verifyRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    VERIFY_API,
    {
      config: {
        access: 'public',
        csrf: false,
        rateLimit: { max: CHECKS_PER_MINUTE, timeWindow: '1 minute' },
      },
      bodyLimit: VERIFY_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['signing'],
        summary:
          'Check a signed agreement PDF (multipart field `file`, at most 20 MB): intact, tampered, unknown or unsigned',
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(verifyResult) },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request, VERIFY_MAX_BYTES, {
        missing: 'verify.fileMissing',
        tooLarge: 'verify.tooLarge',
      });
      if (file.content.byteLength === 0 || !isPdf(file.content)) throw new HttpError(415, 'verify.notPdf');
      return ok(await verifySealedPdf(db, Buffer.from(file.content)), request.t('ok'));
    },
  );
}
