import { defineConfig } from 'vitest/config';

const serverProject = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `server:${dialect}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * One run covers every workspace. Server tests run once on the embedded SQLite database and, when
 * TEST_DATABASE_URL is set, once more on PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vite.config.ts',
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
