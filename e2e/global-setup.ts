import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the server seeded with the demo and closed cleanly; each test file starts on a copy. */
    demoDataDir: string;
    /**
     * The same demo with a tenth of its trademarks, for files that never search them: a start builds the search
     * index in about a second instead of ten.
     */
    smallDemoDataDir: string;
  }
}

/**
 * Seeds the demo once per run rather than once per test file: seeding (200,000 marks, hashed passwords, demo
 * files) is the heaviest part of a start and took over a minute per file with the cores busy. The full demo and the
 * small one are seeded side by side, one per core.
 */
export default async function seedDemoOnce(project: TestProject) {
  const [full, small] = await Promise.all([seed(), seed({ DEMO_MARKS: String(SMALL_DEMO_MARKS) })]);
  project.provide('demoDataDir', full);
  project.provide('smallDemoDataDir', small);
  return () => Promise.all([full, small].map((dir) => rm(dir, { recursive: true, force: true })));
}

const SMALL_DEMO_MARKS = 20_000;

async function seed(env?: Record<string, string>): Promise<string> {
  // Seeding runs before the server listens and is several times slower on a loaded machine.
  const server = await startServer({ deadlineMs: 600_000, ...(env ? { env } : {}) });
  const code = await server.stop({ keepData: true });
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output()}`);
  return server.dataDir;
}
