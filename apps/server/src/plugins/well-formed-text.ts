import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';

const ENCODED_NUL = /%00/i;
/**
 * Characters no text the product keeps may hold (`unusable`): NUL, which PostgreSQL refuses in text (the request
 * would fail as a server error); a lone UTF-16 surrogate (`"\ud800"` in JSON), which no encoding can store and which
 * would come back as replacement characters; and the replacement character itself, which is what bytes that are not
 * UTF-8 decode to. With the `u` flag a surrogate pair is one code point, so only lone halves match.
 */
const UNUSABLE = /\uFFFD|[\uD800-\uDFFF]/u;
const NUL = '\u0000';

function unusable(text: string): boolean {
  return text.includes(NUL) || UNUSABLE.test(text);
}

/** Bodies nest a few levels; a deeper one is walked no further (zod rejects what it does not expect). */
const MAX_DEPTH = 32;

/** Whether a parsed body or query holds an unusable character (`unusable`) in any string, key or value. */
export function holdsUnusableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unusable(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnusableText(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (unusable(key) || holdsUnusableText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * A request carrying an unusable character in its path, query or JSON body is a 400 before any route sees it, so
 * nothing stores text that would later fail or read back differently. Multipart fields are checked where a route
 * reads them.
 */
export const wellFormedTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (ENCODED_NUL.test(request.url) || request.url.includes(NUL)) throw new HttpError(400, 'badRequest');
  });
  app.addHook('preValidation', async (request) => {
    if (holdsUnusableText(request.body) || holdsUnusableText(request.query))
      throw new HttpError(400, 'badText');
  });
});
