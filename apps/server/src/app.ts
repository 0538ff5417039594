import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { accountLinkRoutes } from './modules/account-links/routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { agreementRoutes } from './modules/agreements/routes.ts';
import { verifyRoutes } from './modules/agreements/seal/verify-routes.ts';
import { signRoutes } from './modules/agreements/sign-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { deadlineRoutes } from './modules/deadlines/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { patentAdminRoutes } from './modules/patents/admin-routes.ts';
import { patentCustomerRoutes } from './modules/patents/customer-routes.ts';
// The patent module's part in payments: a paid fee moves the order on; a bought patent service opens an order.
import './modules/patents/payment-kind.ts';
import './modules/watches/payment-kind.ts';
import './modules/patents/purchase.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { serviceItemRoutes } from './modules/service-items/routes.ts';
import { serviceCatalogueRoutes } from './modules/services/routes.ts';
import { tableLayoutRoutes } from './modules/table-layouts/routes.ts';
import { tableViewRoutes } from './modules/table-views/routes.ts';
import { taxDeclarationRoutes } from './modules/tax-declarations/routes.ts';
import { trademarkRoutes } from './modules/trademarks/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { userAdminRoutes } from './modules/user-admin/routes.ts';
import { watchRoutes } from './modules/watches/routes.ts';
import { workbenchRoutes } from './modules/workbench/routes.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { clientErrorHandler, envelopePlugin, frameworkErrorHandler } from './plugins/envelope.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webPlugin } from './plugins/web.ts';
import { wellFormedTextPlugin } from './plugins/well-formed-text.ts';

export interface BuildAppOptions {
  /** The built web app to serve; absent in API tests. */
  webRoot?: string;
  logger?: boolean;
}

/** JSON bodies are small; uploads go through multipart with their own per-purpose limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole server from its plugins and modules. main.ts and every server test call this. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: ctx.config.logLevel,
          redact: [
            'req.headers.cookie',
            'req.headers["x-csrf-token"]',
            'req.headers.authorization',
            'res.headers["set-cookie"]',
          ],
        }
      : false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(envelopePlugin);
  await app.register(wellFormedTextPlugin);
  await app.register(cookie, { secret: ctx.config.sessionSecret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart);
  await app.register(csrfPlugin, { secret: ctx.config.sessionSecret });
  await app.register(sessionPlugin, { db: ctx.db });
  await app.register(openApiPlugin, { version: ctx.version });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(fileRoutes);
  await app.register(tableLayoutRoutes);
  await app.register(tableViewRoutes);
  await app.register(customerRoutes);
  await app.register(serviceCatalogueRoutes);
  await app.register(serviceItemRoutes);
  await app.register(taxDeclarationRoutes);
  await app.register(agreementRoutes);
  await app.register(signRoutes);
  await app.register(verifyRoutes);
  await app.register(trademarkRoutes);
  await app.register(watchRoutes);
  await app.register(patentCustomerRoutes);
  await app.register(patentAdminRoutes);
  await app.register(paymentRoutes);
  await app.register(notificationRoutes);
  await app.register(userAdminRoutes);
  await app.register(accountLinkRoutes);
  await app.register(twoFactorRoutes);
  await app.register(deadlineRoutes);
  await app.register(workbenchRoutes);

  await app.register(webPlugin, { root: options.webRoot ?? '' });
  return app;
}
