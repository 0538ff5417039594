import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstLoadScriptBytes, KB, loggedInContext } from './budget.ts';
import { useServerAndBrowser } from './harness.ts';
import type { RunningServer } from './server.ts';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

const BACK_OFFICE_BUDGET = 300 * KB;

describe('first-load JavaScript budgets (gzipped)', () => {
  it.each([
    ['customer portal', 'customer1', '/', 'main'],
    ['back office', 'admin', '/admin', 'main'],
    ['trademark search', 'customer1', '/trademark/search', 'main h1'],
  ])('%s stays within 300 KB', async (_, username, path, ready) => {
    const context = await loggedInContext(browser, server.baseUrl, username);
    const { gzipBytes, scripts } = await firstLoadScriptBytes(context, `${server.baseUrl}${path}`, ready);
    console.log(`${path}: ${(gzipBytes / KB).toFixed(1)} KB gzipped in ${scripts.length} scripts`);
    // BUDGET_LIST=1 names the scripts, to find what grew.
    if (process.env.BUDGET_LIST) console.log(scripts.map((script) => script.split('/').pop()).join('\n'));
    expect(gzipBytes).toBeLessThanOrEqual(BACK_OFFICE_BUDGET);
    await context.close();
  });

  it('sends the built scripts compressed', async () => {
    const html = await (await fetch(`${server.baseUrl}/login`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const response = await fetch(`${server.baseUrl}${script}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});
