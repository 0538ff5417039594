import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error.ts';

const NUL = '\u0000';
const ENCODED_NUL = /%00/i;
/** Bodies nest a few levels; a deeper one is walked no further (zod rejects what it does not expect). */
const MAX_DEPTH = 32;

/** Whether a parsed body holds a NUL character in any string, key or value. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL) || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * No text the product keeps or searches may hold a NUL character: PostgreSQL refuses it in text (the request would
 * fail as a server error), and no name, keyword or code has one. A request carrying one in its path, query or JSON
 * body is a 400 before any route sees it. Multipart fields are checked where a route reads them.
 */
export const noNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (ENCODED_NUL.test(request.url) || request.url.includes(NUL)) throw new HttpError(400, 'badRequest');
  });
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body)) throw new HttpError(400, 'badRequest');
  });
});
