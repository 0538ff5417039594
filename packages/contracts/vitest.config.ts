import { defineConfig } from 'vitest/config';

// Same allowance as the other projects: CI's two cores are shared by three test workers.
export default defineConfig({
  test: { name: 'contracts', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
