import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './envelope.ts';

/** `/sign`, `/sign/` and `/sign?code=…`: the public signing page. */
const isSignPath = (url: string) => /^\/sign\/?(\?|$)/.test(url);

/**
 * Serves the built web app and answers deep links such as /trademark/patent with index.html, so the browser's
 * router takes over. Unknown /api paths stay JSON 404s.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasBuild = existsSync(path.join(options.root, 'index.html'));
  const hasSignPage = existsSync(path.join(options.root, 'sign.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders(reply, filePath) {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/api?');
    if (wantsPage && hasBuild) {
      // The public signing page is its own small entry, without the app's code.
      const page = hasSignPage && isSignPath(request.url) ? 'sign.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return sendError(reply, 404, request.t('notFound'));
  });
});
