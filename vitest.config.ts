import { defineConfig } from 'vitest/config';

const serverProject = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `server:${dialect}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share one module graph per worker: a server test file spent ~2 s importing the app (Fastify, pdf.js,
    // the canvas) before its first test, more than most files take to run. Each test still gets its own database.
    isolate: false,
  },
});

/**
 * One run covers every workspace. Server tests run once on the embedded SQLite database and, when
 * TEST_DATABASE_URL is set, once more on PostgreSQL.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's two. Server tests wait on PostgreSQL and
    // the disk as much as on the CPU, so three workers keep both cores busy (npm test took 14 min with one).
    maxWorkers: 3,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vite.config.ts',
      'apps/web/vitest.apart.config.ts',
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
