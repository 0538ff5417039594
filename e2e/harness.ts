import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * One production server (a fresh copy of the demo data, start-up work done) and one Chromium for the test file:
 * started before its tests, handed to `ready`, and stopped after them (closing the browser closes every context a
 * test opened in it). The server must exit cleanly on SIGTERM.
 */
export function useServerAndBrowser(ready: (server: RunningServer, browser: Browser) => void) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer({ dataFrom: inject('demoDataDir'), warm: true });
    browser = await launchBrowser();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    // SIGTERM: the server finishes what it is doing, closes the database and exits with 0.
    expect(await server?.stop()).toBe(0);
  });
}
