import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launchBrowser } from './browser.ts';
import { passSecondFactorInPage } from './second-factor.ts';
import { type RunningServer, startServer } from './server.ts';

export interface ServerOptions {
  /**
   * `full`: the demo's 200,000 trademarks, for files whose tests search them (result counts, paging, risk per
   * class). `small` (default): the same demo with 20,000, which starts several seconds sooner.
   */
  register?: 'full' | 'small';
}

/** The copy of the seeded demo a file starts from. */
export function demoData({ register = 'small' }: ServerOptions = {}): string {
  return inject(register === 'full' ? 'demoDataDir' : 'smallDemoDataDir');
}

/**
 * One production server (a fresh copy of the demo data, start-up work done) and one Chromium for the test file:
 * started before its tests, handed to `ready`, and stopped after them (closing the browser closes every context a
 * test opened in it). The server must exit cleanly on SIGTERM.
 */
export function useServerAndBrowser(
  ready: (server: RunningServer, browser: Browser) => void,
  options: ServerOptions = {},
) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Side by side: Chromium starts in the second or so the server spends loading its code.
    const [started, launched] = await Promise.allSettled([
      startServer({ dataFrom: demoData(options), warm: true }),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    // afterAll stops whichever did start.
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    ready(started.value, launched.value);
  });
  // CI keeps no screenshots: a failed test prints what each open page showed, to tell a slow page from a wrong one.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      for (const page of browser?.contexts().flatMap((context) => context.pages()) ?? []) {
        const text = await page
          .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 2000))
          .catch((error: unknown) => `(not readable: ${String(error)})`);
        console.error(`page at the failure: ${page.url()}\n${text}`);
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
    // SIGTERM: the server finishes what it is doing, closes the database and exits with 0.
    expect(await server?.stop()).toBe(0);
  });
}

export type Language = 'zh-CN' | 'en-US';
export type Viewport = { width: number; height: number };
export interface PageOptions {
  /** The product's language, chosen as a user does (remembered in the browser); the browser's locale matches it. */
  language?: Language;
  viewport?: Viewport;
  acceptDownloads?: boolean;
}

/** A test file's server and browser, and the two steps almost every browser test starts with. */
export interface E2E {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a context of its own (its own cookies and storage). */
  newPage(options?: PageOptions): Promise<Page>;
  /**
   * Opens `pathname`, is sent to the login page, logs in as a demo user (giving the second factor admin and finance
   * owe) and waits to be back at `pathname`.
   */
  logIn(pathname: string, username: string, options?: PageOptions): Promise<Page>;
}

export const DEMO_PASSWORD = 'demo123456';

/** A list's rows as a person sees them: table rows on a desktop, cards on a phone (`RowCards`). */
export const LIST_ROWS = '.ant-table-tbody tr.ant-table-row, [data-row-card]';
/** A list's body: the table's, or the cards' list on a phone. */
export const LIST_BODY = '.ant-table-tbody, [data-row-cards]';
const DESKTOP: Viewport = { width: 1440, height: 900 };

/** `useServerAndBrowser` for the file, with pages and logins built one way for every test. */
export function useE2E(options: ServerOptions = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  useServerAndBrowser((started, launched) => {
    server = started;
    browser = launched;
  }, options);
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the server and browser start before the tests');
    return value;
  };
  const e2e: E2E = {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async newPage({ language = 'zh-CN', viewport = DESKTOP, acceptDownloads = false } = {}) {
      const context = await e2e.browser.newContext({ viewport, locale: language, acceptDownloads });
      await context.addInitScript((chosen) => window.localStorage.setItem('kxt.language', chosen), language);
      return context.newPage();
    },
    async logIn(pathname, username, options) {
      const page = await e2e.newPage(options);
      await page.goto(`${e2e.server.baseUrl}${pathname}`);
      await page.waitForURL(/\/login/);
      // The form's ids, not its labels, so one login serves both languages.
      await page.locator('#login_username').fill(username);
      await page.locator('#login_password').fill(DEMO_PASSWORD);
      await page.locator('button[type=submit]').click();
      // Admin and finance owe a second factor after the password: given through the API, as their app would.
      await passSecondFactorInPage(page, e2e.server.baseUrl, username);
      await page.waitForURL((url) => url.pathname === pathname);
      return page;
    },
  };
  return e2e;
}

/**
 * Clicks `target` until `shown` appears, up to `attempts` clicks. On a loaded CI machine a click now and then did
 * nothing (the element was re-rendered between the press and the release); a person clicks again, and so does this.
 * A step that never shows `shown` still fails, with the last attempt's error.
 */
export async function clickUntilShown(target: Locator, shown: Locator, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    // Once the first click opened something over `target`, a later click cannot reach it: only `shown` counts.
    await target.click({ timeout: attempt === 1 ? undefined : 5_000 }).catch((error: unknown) => {
      if (attempt === 1) throw error;
    });
    try {
      await shown.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Checks a radio button or checkbox, clicking again if a busy page dropped the click (see `clickUntilShown`). */
export async function checkSurely(target: Locator, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await target.check();
      return;
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('did not change its state')) throw error;
    }
  }
}
