import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error.ts';
import {
  formatBytes,
  type Locale,
  localeFromHeader,
  type MessageParams,
  translate,
} from '../locales/translate.ts';
import type { MessageKey } from '../locales/zh-CN.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t(key: MessageKey, params?: MessageParams): string;
  }
}

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: { issue?: ZodIssueLike };
};
type ZodIssueLike = {
  code?: string;
  path?: PropertyKey[];
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: string[];
  input?: unknown;
};

/** Fastify's own error codes that are the caller's fault, mapped to our status and message. */
const FRAMEWORK_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'payloadTooLarge' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: 'payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'badRequest' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, key: 'unsupportedMediaType' },
  FST_FILES_LIMIT: { status: 400, key: 'file.tooMany' },
  FST_PARTS_LIMIT: { status: 413, key: 'payloadTooLarge' },
  FST_FIELDS_LIMIT: { status: 413, key: 'payloadTooLarge' },
  FST_PROTO_VIOLATION: { status: 400, key: 'badRequest' },
};

function fieldMessage(request: FastifyRequest, issue: ZodIssueLike | undefined): string {
  switch (issue?.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? request.t('field.required')
        : request.t('field.invalidType', { expected: issue.expected ?? '' });
    case 'too_small':
      return request.t('field.tooSmall', { minimum: Number(issue.minimum ?? 0) });
    case 'too_big':
      return request.t('field.tooBig', { maximum: Number(issue.maximum ?? 0) });
    case 'invalid_value':
      return request.t('field.invalidValue');
    case 'unrecognized_keys':
      return request.t('field.unknownKey');
    default:
      return request.t('field.invalid');
  }
}

function validationFields(request: FastifyRequest, issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const entry of issues) {
    const issue = entry.params?.issue;
    const keys = issue?.code === 'unrecognized_keys' ? (issue.keys ?? []) : [''];
    for (const key of keys) {
      const pathParts = [...(issue?.path ?? []).map(String), ...(key ? [key] : [])];
      const name =
        pathParts.join('.') || entry.instancePath?.replace(/^\//, '').replaceAll('/', '.') || 'body';
      fields[name] ??= fieldMessage(request, issue);
    }
  }
  return fields;
}

export function sendError(
  reply: FastifyReply,
  status: number,
  msg: string,
  fields?: Record<string, string>,
): FastifyReply {
  return reply.code(status).send({ code: status, msg, ...(fields ? { fields } : {}) });
}

/**
 * Every answer is the `{ code, msg, ... }` envelope with `code` equal to the HTTP status; bad input is a 4xx naming
 * what was wrong, and a real fault is a 500 whose body never carries the stack.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: MessageParams) {
    return translate(this.locale, key, params);
  });
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([name, key]) => [name, request.t(key, error.params)]),
          )
        : undefined;
      return sendError(reply, error.status, request.t(error.messageKey, error.params), fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(request, error.validation as ValidationIssue[]);
      const prefix = error.validationContext === 'querystring' ? 'query.' : '';
      const named = Object.fromEntries(
        Object.entries(fields).map(([name, msg]) => [`${prefix}${name}`, msg]),
      );
      return sendError(reply, 400, request.t('validation', { fields: Object.keys(named).join(', ') }), named);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) {
      const limit = known.status === 413 ? formatBytes(request.routeOptions.bodyLimit ?? 1024 * 1024) : '';
      return sendError(reply, known.status, request.t(known.key, { limit }));
    }
    if (error.statusCode === 429) return sendError(reply, 429, request.t('tooManyRequests'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, error.statusCode, request.t('badRequest'));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, request.t('internal'));
  });
});
