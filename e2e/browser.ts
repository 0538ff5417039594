import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, started with the flags this machine needs (no sandbox as root, no background networking).
 * Every page it opens sees a system that asks for reduced motion, so the app's dialogs open and close at once: on a
 * loaded machine a click aimed at a dialog's button while the dialog still zooms in can miss it. (Chromium's own
 * `--force-prefers-reduced-motion` switch has no effect headless, so contexts ask for it; `newPage` goes through
 * `newContext` too.)
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}
