import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { passSecondFactor } from './second-factor.ts';

/** A browser context already logged in as `username` (through the API, as the login form would). */
export async function loggedInContext(
  browser: Browser,
  baseUrl: string,
  username: string,
  password = 'demo123456',
) {
  const context = await browser.newContext();
  const csrf = await context.request.get(`${baseUrl}/api/auth/csrf`);
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const login = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { username, password },
    headers: { 'x-csrf-token': token },
  });
  if (!login.ok()) throw new Error(`login ${username} failed: ${await login.text()}`);
  await passSecondFactor(context.request, baseUrl, username);
  return context;
}

/**
 * The gzipped size of every script a first visit to `path` loads (empty cache): what the architecture's
 * first-load budgets count.
 */
export async function firstLoadScriptBytes(context: BrowserContext, url: string, readySelector: string) {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto(url);
  await page.locator(readySelector).first().waitFor();
  await page.waitForLoadState('networkidle');
  let gzipBytes = 0;
  for (const script of scripts) {
    const response = await context.request.get(script);
    gzipBytes += gzipSync(await response.body(), { level: 9 }).length;
  }
  await page.close();
  return { gzipBytes, scripts: [...scripts] };
}

export const KB = 1024;
