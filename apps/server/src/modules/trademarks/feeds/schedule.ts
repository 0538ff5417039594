import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { scanFeeds } from './scan.ts';

/**
 * Scans the configured trademark feeds once the server listens and then every `TRADEMARK_FEED_MINUTES`; new
 * deliveries become import batches, and the search index picks their marks up as it does any import. A pass is never
 * overlapped by the next; closing the server stops the timer and waits for a pass under way.
 */
export function scheduleFeedImports(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const feeds = config.feeds;
  if (!feeds || feeds.feeds.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const scan = () => {
    if (running) return;
    running = scanFeeds(db, feeds.feeds, {
      settleMs: feeds.settleSeconds * 1000,
      downloadDir: path.join(config.dataDir, 'feed-downloads'),
      log: app.log,
    })
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'trademark feed scan failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onListen', async () => {
    scan();
    if (feeds.intervalMinutes > 0) {
      timer = setInterval(scan, feeds.intervalMinutes * 60_000);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
