import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/openapi.json, generated from the same zod schemas that validate requests. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'KXT platform API',
        description:
          'Every answer is `{ code, msg, data }` (lists `{ code, msg, rows, total }`) with `code` equal to the HTTP ' +
          'status. Writes need the `x-csrf-token` header echoing the `csrf_token` cookie.',
        version: options.version,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The docs page and its assets are public, like the document they show.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
