import { defineConfig } from 'vitest/config';

/** Browser tests against the production build served by the real server; run by `npm run test:e2e`. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
