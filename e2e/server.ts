import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HealthResponse } from '@kxt/contracts/health';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HEALTH_POLL_MS = 200;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM; resolves with the exit code once the process is gone, then deletes the data folder unless kept. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
}

export interface StartOptions {
  /** A data folder to start from (copied, never changed); without it the server seeds the demo itself. */
  dataFrom?: string;
  /**
   * Hand the server over only once its start-up work is done (the trademark index built), so a test's requests do
   * not compete with it for the CPU; otherwise as soon as it answers.
   */
  warm?: boolean;
  /** How long start-up may take before it is an error carrying the server's output. */
  deadlineMs?: number;
  env?: Record<string, string>;
}

/**
 * The production server (built web app, demo data) on a fresh data folder and a free port. `E2E_SERVER_LOG_DIR`
 * keeps each server's output there (`E2E_SERVER_LOG_LEVEL=info` adds every request with its time).
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-e2e-'));
  if (options.dataFrom) await cp(options.dataFrom, dataDir, { recursive: true });
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: '1',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: RunningServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => log,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (process.env.E2E_SERVER_LOG_DIR) {
        await writeFile(path.join(process.env.E2E_SERVER_LOG_DIR, `server-${port}.log`), log);
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
  try {
    await waitUntilServing(server, child, options);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitUntilServing(server: RunningServer, child: ChildProcess, options: StartOptions) {
  const deadlineMs = options.deadlineMs ?? 150_000;
  const deadline = Date.now() + deadlineMs;
  let health: HealthResponse | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok) {
        health = (await response.json()) as HealthResponse;
        if (!options.warm || health.searchIndex === 'ready') return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  const state = health ? `answering, search index ${health.searchIndex}` : 'not answering';
  throw new Error(`server not ready after ${deadlineMs / 1000} s (${state}):\n${server.output()}`);
}
