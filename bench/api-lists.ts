import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedServiceLists } from '../apps/server/src/modules/demo/service-lists.ts';
import { createUser } from '../apps/server/src/modules/users/service.ts';
import { pacedLoad } from './paced-load.ts';
import { percentile, writeResults } from './results-file.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'bench-password';

/** Mixed filters a back office sends: tabs, categories, keywords, overdue levels, deep pages, big pages. */
export const PATHS = [
  '/api/admin/service-items?pageNum=1&pageSize=10',
  '/api/admin/service-items?pageNum=1&pageSize=10&status=2',
  '/api/admin/service-items?pageNum=1&pageSize=10&categoryIdTopId=1&country=DE',
  '/api/admin/service-items?pageNum=1&pageSize=10&keyword=VATDE2',
  '/api/admin/service-items?pageNum=1&pageSize=10&keyword=%E6%98%9F%E8%BE%B0',
  '/api/admin/service-items?pageNum=1&pageSize=10&overdueStatus=3',
  '/api/admin/service-items?pageNum=1&pageSize=10&isArrears=1',
  '/api/admin/service-items?pageNum=50&pageSize=10&sort=serviceCode&order=ascend',
  '/api/admin/service-items?pageNum=1&pageSize=20&typeIdTopCode=increment&status=4',
  '/api/admin/service-items?pageNum=3&pageSize=100',
];

/** The production server on a seeded data folder and a random port, without the demo: what the list benches ask. */
export function startBenchServer(dataDir: string, env: Record<string, string> = {}) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { server, baseUrl: `http://127.0.0.1:${port}` };
}
export async function waitForHealth(baseUrl: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/** Logs the bench user in; answers the Cookie header a browser would then send (session and CSRF token). */
export async function login(baseUrl: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: `csrf_token=${token}` },
    body: JSON.stringify({ username: 'bench', password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${await response.text()}`);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  return `${(session ?? '').split(';')[0] ?? ''}; csrf_token=${token}`;
}

/**
 * A data folder (and database) holding the bench user and `items` service items and tax declarations for one
 * customer per 20 items: what the list benches serve. A PostgreSQL load is vacuumed after it.
 */
export async function seedBenchLists(dataDir: string, items: number, env: Record<string, string> = {}) {
  const ctx = await openContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }));
  try {
    // A consultant: admins and finance owe a second factor after the password, which the bench does not give.
    const owner = await createUser(ctx.db, { username: 'bench', password: PASSWORD, role: 'consultant' });
    await seedServiceLists(ctx.db, {
      customers: Math.max(60, Math.round(items / 20)),
      serviceItems: items,
      declarations: items,
      ownerUserIds: [owner],
      vacuum: true,
    });
  } finally {
    await ctx.close();
  }
}

export async function runApiListsBench(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      items: { type: 'string', default: '100000' },
      // A PostgreSQL server (postgres://user@host:port/db): the bench makes a database of its own there and drops it.
      'database-url': { type: 'string', default: process.env.DATABASE_URL },
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '8' },
      // A data folder to seed once and keep: later runs with the same folder skip the seeding. With a PostgreSQL
      // server the bench database is kept too, named after the folder.
      'data-dir': { type: 'string' },
    },
  });
  const items = Number(values.items);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const warmupSeconds = Number(values.warmup);
  const keptDir = values['data-dir'];
  const dataDir = keptDir ?? (await mkdtemp(path.join(tmpdir(), 'kxt-bench-lists-')));
  if (keptDir) await mkdir(keptDir, { recursive: true });
  const reuse = keptDir !== undefined && existsSync(path.join(keptDir, 'seeded'));
  const database = values['database-url']
    ? await benchDatabase(values['database-url'], keptDir ? { keptFor: keptDir, reuse } : undefined)
    : undefined;
  const databaseEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  try {
    const seedStarted = performance.now();
    if (!reuse) {
      await seedBenchLists(dataDir, items, databaseEnv);
      if (keptDir) await writeFile(path.join(keptDir, 'seeded'), String(items));
    }
    const seedMs = performance.now() - seedStarted;

    const { server, baseUrl } = startBenchServer(dataDir, databaseEnv);
    try {
      await waitForHealth(baseUrl);
      const cookie = await login(baseUrl);
      // Warm up before measuring: the statement caches, every pooled connection's prepared statements, the JIT, and
      // the work a server does once after it starts listening (loading the off-loop worker), which takes a core for
      // the first seconds. The warm-up load is the measured one, its results left out.
      for (const route of PATHS) await fetch(`${baseUrl}${route}`, { headers: { cookie } });
      await pacedLoad({ baseUrl, paths: PATHS, rate, seconds: warmupSeconds, headers: { cookie } });

      const load = await pacedLoad({ baseUrl, paths: PATHS, rate, seconds, headers: { cookie } });
      const latencies = load.latencies;
      // Also the most the server answers with ten connections kept busy (autocannon, closed loop).
      const saturation = await autocannon({
        url: baseUrl,
        connections: 10,
        duration: Math.min(10, seconds),
        headers: { cookie },
        requests: PATHS.map((route) => ({ method: 'GET' as const, path: route })),
      });
      latencies.sort((a, b) => a - b);
      const summary = {
        database: database ? 'postgres' : 'sqlite',
        serviceItems: items,
        targetRate: rate,
        achievedRate: Math.round((latencies.length / seconds) * 10) / 10,
        requests: latencies.length,
        errors: load.errors,
        maxThroughputRps: Math.round(saturation.requests.average),
        p50Ms: round(percentile(latencies, 50)),
        p95Ms: round(percentile(latencies, 95)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(latencies.at(-1) ?? Number.NaN),
        seedSeconds: round(seedMs / 1000),
        target: { p95Ms: 25, rate: 200 },
      };
      const meetsTarget = summary.p95Ms <= 25 && summary.errors === 0 && summary.achievedRate >= rate * 0.95;
      console.table({
        database: summary.database,
        'service items': summary.serviceItems,
        'requests/s (target)': `${summary.achievedRate} (${rate})`,
        requests: summary.requests,
        errors: summary.errors,
        'p50 ms': summary.p50Ms,
        'p95 ms (target ≤ 25)': summary.p95Ms,
        'p99 ms': summary.p99Ms,
        'max ms': summary.maxMs,
        'max throughput req/s (autocannon, 10 connections)': summary.maxThroughputRps,
      });
      const byPath = [...load.latenciesByPath].map(([route, times]) => {
        times.sort((a, b) => a - b);
        return {
          path: route.replace('/api/admin/service-items?', ''),
          'p50 ms': round(percentile(times, 50)),
          'p95 ms': round(percentile(times, 95)),
          'max ms': round(times.at(-1) ?? Number.NaN),
        };
      });
      console.table(byPath);
      console.log(meetsTarget ? 'TARGET MET: p95 ≤ 25 ms at the target rate' : 'TARGET MISSED');
      await writeResults(`api-lists-${summary.database}-${items}`, { ...summary, meetsTarget, byPath });
    } finally {
      // Gone before its database is dropped, so its pool does not see the connections cut.
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
  } finally {
    if (!keptDir) await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/**
 * The bench's database on the given PostgreSQL server: a fresh one named for this run and dropped afterwards, or
 * one named after a kept data folder, made anew unless it is reused and never dropped.
 */
async function benchDatabase(serverUrl: string, kept?: { keptFor: string; reuse: boolean }) {
  const name = kept
    ? `kxt_bench_lists_${path
        .basename(kept.keptFor)
        .replace(/[^a-z0-9]/gi, '_')
        .toLowerCase()}`
    : `kxt_bench_lists_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (!kept?.reuse) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => (kept ? Promise.resolve() : admin(`drop database if exists ${name} with (force)`)),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
