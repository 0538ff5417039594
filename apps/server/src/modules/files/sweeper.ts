import type { FastifyInstance } from 'fastify';
import { DEFAULT_FILE_SWEEP } from './config.ts';
import { sweepOrphanFiles } from './sweep.ts';

/**
 * Sweeps orphaned file bytes once the server listens (so bytes left by a crash go at start-up) and then every
 * `FILE_SWEEP_MINUTES`; closing the server stops the timer and waits for a pass under way.
 */
export function scheduleFileSweeps(app: FastifyInstance) {
  const { db, storage, config } = app.ctx;
  const { intervalMinutes, graceMinutes } = config.fileSweep ?? DEFAULT_FILE_SWEEP;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    // A slow pass is never overlapped by the next one.
    if (running) return;
    running = sweepOrphanFiles({ db, storage }, { graceMs: graceMinutes * 60_000 })
      .then((counts) => {
        if (counts.stagedRemoved + counts.unreferencedRemoved + counts.published > 0) {
          app.log.info(counts, 'file sweep: orphaned files removed, committed files moved into place');
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'file sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onListen', async () => {
    sweep();
    if (intervalMinutes > 0) {
      timer = setInterval(sweep, intervalMinutes * 60_000);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
