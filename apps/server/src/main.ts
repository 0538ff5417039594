import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { openContext } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { agreementLinksOf } from './modules/agreements/demo.ts';
import { configureSeal, SELF_SIGNED_FILE } from './modules/agreements/seal/seal-key.ts';
import { prepareSigning } from './modules/agreements/signing.ts';
import { seedDemoOnce } from './modules/demo/seed-once.ts';
import { workerFor } from './modules/notifications/worker.ts';

const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  const ctx = await openContext(config);
  const seal = configureSeal(config);
  const sealMessages = {
    configured: `Signed PDFs are sealed with the certificate of SIGNING_CERT_P12 (${seal.subject}).`,
    reused: `Signed PDFs are sealed with the self-signed certificate in ${path.join(config.dataDir, SELF_SIGNED_FILE)} (${seal.subject}); set SIGNING_CERT_P12 to use a CA-issued one.`,
    generated: `WARNING: no SIGNING_CERT_P12 set: made a self-signed seal certificate at ${path.join(config.dataDir, SELF_SIGNED_FILE)} (${seal.subject}). PDF readers will show its issuer as unknown; set SIGNING_CERT_P12 and SIGNING_CERT_PASSWORD for a CA-issued one.`,
  };
  (seal.origin === 'generated' ? console.warn : console.log)(
    `${sealMessages[seal.origin]}${seal.tsaUrl ? ` Time stamps from ${seal.tsaUrl}.` : ''}`,
  );
  const demo = config.demoSeed
    ? await seedDemoOnce(ctx.db, config.demoPassword, {
        storage: ctx.storage,
        marks: config.demoMarks,
        onSeeding: () =>
          console.log('Seeding the demo data in one transaction (a start stopped now seeds again)…'),
      })
    : undefined;
  if (demo && !demo.seeded && demo.reason === 'other data') {
    console.warn(
      'Demo data not seeded: the database has users but no demo marker (its own data, or a demo half-seeded by an ' +
        'older version). Start on an empty database to get the demo.',
    );
  }
  if (demo?.seeded) {
    const accounts = demo.accounts;
    console.warn(
      [
        '',
        'WARNING: demo accounts were created. They share one known password; never use them in production.',
        ...accounts.map(
          (a) => `  ${a.username.padEnd(12)} ${a.role.padEnd(11)} password: ${config.demoPassword}`,
        ),
        '',
      ].join('\n'),
    );
  }
  if (config.payments?.sandbox) {
    console.warn(
      'WARNING: payments go through the built-in sandbox, where anyone holding a payment link can approve it. ' +
        'Configure WeChat Pay or Alipay (the sandbox then turns off) or set PAYMENT_SANDBOX=0 before taking real money.',
    );
  }
  const app = await buildApp(ctx, { webRoot: WEB_ROOT, logger: true });
  // The notification outbox runs in this process (NOTIFY_WORKER=0 leaves it to other processes).
  const worker = workerFor(ctx.db, config, (line) => app.log.info(line));
  app.addHook('onClose', async () => worker?.stop());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await ctx.trademarks.index.stop();
      await ctx.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  worker?.start();
  // Load or build the trademark index now rather than on the first search.
  const indexStarted = Date.now();
  ctx.trademarks.index.log = (message, details) => app.log.info(details, message);
  ctx.trademarks.index
    .ready()
    .then(() =>
      app.log.info(
        { ...ctx.trademarks.index.describe(), ms: Date.now() - indexStarted },
        'trademark index ready',
      ),
    )
    .catch((error: unknown) => app.log.error({ err: error }, 'trademark index build failed'));
  prepareSigning().catch((error: unknown) => app.log.error({ err: error }, 'signing worker failed to start'));
  console.log(
    `\nKXT platform is running at http://localhost:${config.port} (database: ${ctx.databaseKind}, data: ${path.relative(process.cwd(), config.dataDir) || '.'})\n`,
  );
  if (config.demoSeed) {
    const links = await agreementLinksOf(ctx.db, 'customer1');
    if (links.length > 0) {
      console.log(
        [
          'Demo signing links (customer1):',
          ...links.map((link) => `  ${link.state.padEnd(8)} http://localhost:${config.port}${link.path}`),
          '',
        ].join('\n'),
      );
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
