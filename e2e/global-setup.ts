import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the server seeded with the demo and closed cleanly; each test file starts on a copy. */
    demoDataDir: string;
  }
}

/**
 * Seeds the demo once per run rather than once per test file: seeding (200,000 marks, hashed passwords, demo
 * files) is the heaviest part of a start and took over a minute per file with the cores busy.
 */
export default async function seedDemoOnce(project: TestProject) {
  // Seeding runs before the server listens and is several times slower on a loaded machine.
  const server = await startServer({ deadlineMs: 600_000 });
  const code = await server.stop({ keepData: true });
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output()}`);
  project.provide('demoDataDir', server.dataDir);
  return () => rm(server.dataDir, { recursive: true, force: true });
}
