import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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

/** One validation failure as fastify-type-provider-zod reports it: the Zod issue's code as `keyword`, the rest in `params`. */
type ValidationIssue = {
  keyword?: string;
  instancePath?: string;
  params?: ZodIssueDetails;
};
type ZodIssueDetails = {
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: string[];
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

const TYPE_NAMES: Record<string, MessageKey> = {
  string: 'fieldType.string',
  number: 'fieldType.number',
  int: 'fieldType.int',
  boolean: 'fieldType.boolean',
  object: 'fieldType.object',
  array: 'fieldType.array',
};

function fieldMessage(
  request: FastifyRequest,
  code: string | undefined,
  issue: ZodIssueDetails,
  given: unknown,
): string {
  const minimum = Number(issue.minimum ?? 0);
  const maximum = Number(issue.maximum ?? 0);
  switch (code) {
    case 'invalid_type': {
      if (given === undefined || given === null) return request.t('field.required');
      const typeKey = TYPE_NAMES[issue.expected ?? ''];
      return request.t('field.invalidType', {
        expected: typeKey ? request.t(typeKey) : (issue.expected ?? ''),
      });
    }
    case 'too_small':
      if (issue.origin === 'string')
        return given === '' || minimum <= 1
          ? request.t('field.required')
          : request.t('field.tooShort', { minimum });
      if (issue.origin === 'array' || issue.origin === 'set') return request.t('field.tooFew', { minimum });
      return request.t('field.tooSmall', { minimum });
    case 'too_big':
      if (issue.origin === 'string') return request.t('field.tooLong', { maximum });
      if (issue.origin === 'array' || issue.origin === 'set')
        return request.t('field.tooManyItems', { maximum });
      return request.t('field.tooBig', { maximum });
    case 'invalid_value':
      return request.t('field.invalidValue');
    case 'unrecognized_keys':
      return request.t('field.unknownKey');
    case 'invalid_format':
      return issue.format === 'date' ? request.t('field.badDate') : request.t('field.invalid');
    default:
      return request.t('field.invalid');
  }
}

/** The value a failed check looked at, to tell a missing field from one of the wrong type. */
function valueAt(input: unknown, path: readonly string[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function validationFields(
  request: FastifyRequest,
  issues: ValidationIssue[],
  input: unknown,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const entry of issues) {
    const issue = entry.params ?? {};
    const path = (entry.instancePath ?? '').split('/').filter((part) => part !== '');
    const keys = entry.keyword === 'unrecognized_keys' ? (issue.keys ?? []) : [''];
    for (const key of keys) {
      const name = [...path, ...(key ? [key] : [])].join('.') || 'body';
      fields[name] ??= fieldMessage(request, entry.keyword, issue, valueAt(input, path));
    }
  }
  return fields;
}

const MAX_NAMED_FIELDS = 20;
const MAX_FIELD_NAME = 64;

function shortName(name: string): string {
  return name.length > MAX_FIELD_NAME ? `${name.slice(0, MAX_FIELD_NAME)}…` : name;
}

/** What each validation context checked, as the request carried it. */
function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
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
    // A body declared larger than the route takes is refused before it is read: the multipart parser would otherwise
    // wait for every byte of it (JSON routes already refuse it up front).
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    if (limit !== undefined && declared > limit)
      throw new HttpError(413, 'payloadTooLarge', { limit: formatBytes(limit) });
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
      const fields = validationFields(
        request,
        error.validation as ValidationIssue[],
        validatedInput(request, error.validationContext),
      );
      const prefix = error.validationContext === 'querystring' ? 'query.' : '';
      // A list of a thousand bad values names the first few, and an unknown key a client made up is cut short: the
      // answer stays short enough to read.
      const entries = Object.entries(fields);
      const named = Object.fromEntries(
        entries.slice(0, MAX_NAMED_FIELDS).map(([name, msg]) => [shortName(`${prefix}${name}`), msg]),
      );
      const more = entries.length > MAX_NAMED_FIELDS ? ', …' : '';
      return sendError(
        reply,
        400,
        request.t('validation', { fields: Object.keys(named).join(', ') + more }),
        named,
      );
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
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || request.raw.destroyed) {
      // The client went away mid-request (a cancelled upload): nothing failed here.
      request.log.info({ err: error }, 'client aborted');
      return sendError(reply, 400, request.t('badRequest'));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, request.t('internal'));
  });
});

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`%ED%A0%80`) or a path parameter longer than any id gets
 * the envelope like every other bad request, in the reader's language, instead of Fastify's own English body.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const locale = localeFromHeader(request.headers['accept-language']);
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void sendError(reply, status, translate(locale, 'badUrl'));
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (a negative or doubled Content-Length, headers too
 * large, too slow) is answered with the envelope before the connection closes. No header was read, so it is in the
 * default language.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'clientTimeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headersTooLarge']
        : [400, 'badRequest'];
  const body = JSON.stringify({ code: status, msg: translate('zh-CN', key) });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
