import {
  agreementInfo as agreementInfoSchema,
  confirmBody,
  getInfoBody,
  sendCodeBody,
  sendCodeResult,
  signatureUploadResult,
  verifyCodeBody,
} from '@kxt/contracts/agreements';
import { dataEnvelope } from '@kxt/contracts/envelope';
import { FILE_PURPOSES } from '@kxt/contracts/files';
import { SIGN_CODE_MAX } from '@kxt/contracts/signing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error.ts';
import { clientInfo } from '../../lib/client.ts';
import { ok } from '../../lib/envelope.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { readingMultipart } from '../files/receive.ts';
import type { IncomingFile } from '../files/service.ts';
import { sendSignCode, verifySignCode } from './identity.ts';
import { agreementForLink, agreementInfo, confirm, fileForLink, uploadSignature } from './signing.ts';

/**
 * Requests a minute per client address and per link code. The code is 192 random bits, so these do not guard
 * against guessing; they bound the work one leaked link or one client can cause (signing writes a PDF). Like the
 * login cap, they are counted per server process.
 */
const LIMITS = {
  getInfo: { perIp: 60, perCode: 30 },
  // The code's own limits (a minute apart, five an hour, five wrong) are in identity.ts; these bound the calls.
  sendCode: { perIp: 20, perCode: 10 },
  verifyCode: { perIp: 30, perCode: 10 },
  confirm: { perIp: 30, perCode: 10 },
  upload: { perIp: 20, perCode: 6 },
  // A page loads every agreement page image through this.
  file: { perIp: 600, perCode: 300 },
} as const;
const WINDOW = '1 minute';
const WINDOW_MS = 60_000;

const SIGNATURE_MAX_BYTES = FILE_PURPOSES.signature.maxBytes;

/** The public calls of the signing page: no login and no CSRF token; the link code is the credential. */
export async function signRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const publicRoute = (limit: keyof typeof LIMITS) => ({
    access: 'public' as const,
    csrf: false,
    rateLimit: { max: LIMITS[limit].perIp, timeWindow: WINDOW },
  });

  /** A per-code counter: the code is only known once the body is read, after the per-address check. */
  const perCode = (limit: keyof typeof LIMITS) => {
    const codes = new WeakMap<FastifyRequest, string>();
    const check = app.createRateLimit({
      max: LIMITS[limit].perCode,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `kxt-${limit}:${codes.get(request) ?? ''}`,
    });
    return async (request: FastifyRequest, code: string) => {
      codes.set(request, sha256Hex(code));
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new HttpError(429, 'tooManyRequests');
    };
  };
  const limitCode = {
    getInfo: perCode('getInfo'),
    confirm: perCode('confirm'),
    upload: perCode('upload'),
    file: perCode('file'),
    sendCode: perCode('sendCode'),
    verifyCode: perCode('verifyCode'),
  };

  routes.post(
    '/api/kxt/sendCode',
    {
      config: publicRoute('sendCode'),
      schema: {
        tags: ['signing'],
        summary:
          "Send a one-time code by SMS to the agreement's signer (one a minute, five an hour per link)",
        body: sendCodeBody,
        response: { 200: dataEnvelope(sendCodeResult) },
      },
    },
    async (request) => {
      await limitCode.sendCode(request, request.body.code);
      const row = await agreementForLink(ctx, request.body.code);
      const result = await sendSignCode(ctx, row, clientInfo(request), request.locale);
      return ok(result, request.t('ok'));
    },
  );

  routes.post(
    '/api/kxt/verifyCode',
    {
      config: publicRoute('verifyCode'),
      schema: {
        tags: ['signing'],
        summary:
          'Confirm the code and consent to sign electronically; the pad opens after this. Five wrong codes lock the link',
        body: verifyCodeBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await limitCode.verifyCode(request, request.body.code);
      const row = await agreementForLink(ctx, request.body.code);
      await verifySignCode(ctx, row, request.body, clientInfo(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.post(
    '/api/kxt/getInfo',
    {
      config: publicRoute('getInfo'),
      schema: {
        tags: ['signing'],
        summary: 'The agreement a signing link opens: name, read and signed status, page images',
        body: getInfoBody,
        response: { 200: dataEnvelope(agreementInfoSchema) },
      },
    },
    async (request) => {
      await limitCode.getInfo(request, request.body.code);
      return ok(await agreementInfo(ctx, request.body.code, clientInfo(request)), request.t('ok'));
    },
  );

  routes.post(
    '/api/kxt/confirm',
    {
      config: publicRoute('confirm'),
      schema: {
        tags: ['signing'],
        summary:
          'status 1: the signer has read the agreement; status 2 with url: signs it with the uploaded image',
        body: confirmBody,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      await limitCode.confirm(request, request.body.code);
      await confirm(ctx, request.body, clientInfo(request));
      return ok(null, request.t('ok'));
    },
  );

  routes.post(
    '/api/kxt/upload',
    {
      config: publicRoute('upload'),
      bodyLimit: SIGNATURE_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['signing'],
        summary:
          'Upload the signature (multipart fields `code` and `file`): PNG or JPEG, at most 2 MB, not blank',
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(signatureUploadResult) },
      },
    },
    async (request) => {
      let code: string | undefined;
      let file: IncomingFile | undefined;
      await readingMultipart(
        async () => {
          const parts = request.parts({
            limits: { fileSize: SIGNATURE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
          });
          for await (const part of parts) {
            if (part.type === 'field') {
              if (part.fieldname === 'code' && typeof part.value === 'string') code = part.value.trim();
              continue;
            }
            const content = await part.toBuffer();
            if (part.fieldname === 'file')
              file = { name: part.filename, content, truncated: part.file.truncated };
          }
        },
        { key: 'file.tooLarge', maxBytes: SIGNATURE_MAX_BYTES },
      );
      if (!code || code.length > SIGN_CODE_MAX || code.includes('\u0000')) {
        throw new HttpError(400, 'validation', { fields: 'code' }, { code: 'field.required' });
      }
      await limitCode.upload(request, code);
      if (!file) throw new HttpError(400, 'file.missing');
      return ok(await uploadSignature(ctx, code, file, clientInfo(request)), request.t('ok'));
    },
  );

  routes.get(
    '/api/kxt/file/:fileId',
    {
      config: { access: 'public', rateLimit: { max: LIMITS.file.perIp, timeWindow: WINDOW } },
      schema: {
        tags: ['signing'],
        summary: 'A page or signature image of the agreement the code opens; every request checks the code',
        params: z.object({ fileId: z.uuid() }),
        querystring: z.object({ code: z.string().trim().min(1).max(SIGN_CODE_MAX) }),
      },
    },
    async (request, reply) => {
      await limitCode.file(request, request.query.code);
      const file = await fileForLink(ctx, request.query.code, request.params.fileId);
      return reply
        .header('content-type', file.mime_type)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(ctx.storage.read(file.storage_key));
    },
  );
}
