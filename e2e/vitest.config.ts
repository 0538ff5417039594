import { defineConfig } from 'vitest/config';

/** Browser tests against the production build served by the real server; run by `npm run test:e2e`. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // The patent flow is ~30 s on an idle machine and took 68 s with the cores oversubscribed; each step still has
    // Playwright's own 30 s limit, so this only bounds the whole flow.
    testTimeout: 180_000,
    // A start (copy, listen, index build) takes ~15 s on an idle 2-core machine and over a minute on a loaded one.
    hookTimeout: 180_000,
    // One file at a time: a file is a server, a Chromium with several pages and the test runner, which is what two
    // cores carry. Tests wait on conditions (locators, responses, expect.poll), never on fixed sleeps.
    fileParallelism: false,
    expect: { poll: { timeout: 15_000 } },
  },
});
