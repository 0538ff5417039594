// PostgreSQL start-with-demo smoke test (`.ci/run` runs it after `npm test`):
//   1. on a fresh database, start the server with DEMO_SEED=1 and kill -9 it while the seed is writing marks: the
//      database must hold nothing of the demo;
//   2. start again: the whole demo is seeded and served (health, logins, lists, a trademark search), then SIGTERM
//      stops the server cleanly;
//   3. start a third time: nothing is seeded twice.
// The database is dropped afterwards, pass or fail. SMOKE_DATABASE_URL (else TEST_DATABASE_URL, else the local
// postgres) names the server to create it on.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = new URL(
  process.env.SMOKE_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
);
const databaseName = `kxt_smoke_${process.pid}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
const DEMO_PASSWORD = 'smoke-demo-password';
const DEMO_MARKS = 200_000;
const TOTAL_LIMIT_MS = 10 * 60_000;
const SEED_LIMIT_MS = 5 * 60_000;

const startedAt = Date.now();
const say = (text) => console.log(`[smoke +${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${text}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function check(ok, what) {
  if (!ok) throw new Error(`smoke check failed: ${what}`);
  say(`ok: ${what}`);
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const firstValue = async (sql) =>
  withClient(databaseUrl, async (client) => Object.values((await client.query(sql)).rows[0])[0]);
const scalar = async (sql) => Number(await firstValue(sql));

const servers = [];

/** The server as `npm start` runs it (web build or not), its output kept for the failure report. */
function startServer(port, dataDir) {
  const output = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DEMO_SEED: '1',
      DEMO_PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => output.push(...String(chunk).split('\n').filter(Boolean)));
  }
  const server = {
    child,
    output,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
  };
  servers.push(server);
  return server;
}

async function until(what, limitMs, probe) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await sleep(250);
  }
  throw new Error(`smoke: timed out after ${limitMs / 1000}s waiting for ${what}`);
}

async function waitForHealth(server, base) {
  await until('/api/health', SEED_LIMIT_MS, async () => {
    if (!server.running()) throw new Error('smoke: the server exited before it answered /api/health');
    try {
      return (await fetch(`${base}/api/health`)).ok;
    } catch {
      return false;
    }
  });
}

/** A cookie-keeping caller that echoes the CSRF token, as the web app does. */
function apiClient(base) {
  const cookies = new Map();
  const call = async (method, url, body) => {
    const headers = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && cookies.has('csrf_token')) headers['x-csrf-token'] = cookies.get('csrf_token');
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
    }
    const json = await response.json().catch(() => ({}));
    return { status: response.status, json };
  };
  return {
    get: (url) => call('GET', url),
    post: (url, body) => call('POST', url, body),
    async login(username) {
      await call('GET', '/api/auth/csrf');
      const answer = await call('POST', '/api/auth/login', { username, password: DEMO_PASSWORD });
      check(answer.status === 200, `${username} logs in (${answer.status})`);
    },
  };
}

async function stop(server, signal) {
  if (!server.running()) return server.exited;
  server.child.kill(signal);
  return server.exited;
}

async function crashWhileSeeding(port, dataDir) {
  const server = startServer(port, dataDir);
  say('start 1: waiting for the seed to write marks, then kill -9');
  await until('the seed to write marks', SEED_LIMIT_MS, async () => {
    if (!server.running()) throw new Error('smoke: the server exited during the first seed');
    return (
      (await scalar(
        `select count(*) from pg_locks l join pg_class c on c.oid = l.relation
         where c.relname = 'marks' and l.mode = 'RowExclusiveLock' and l.pid <> pg_backend_pid()`,
      )) > 0
    );
  });
  const { signal } = await stop(server, 'SIGKILL');
  check(signal === 'SIGKILL', 'the server was killed in the middle of seeding');
  check((await scalar('select count(*) from demo_seed')) === 0, 'no demo marker after the kill');
  check((await scalar('select count(*) from users')) === 0, 'no demo users after the kill');
  check((await scalar('select count(*) from marks')) === 0, 'no marks after the kill');
}

async function seedAndServe(port, dataDir) {
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  try {
    say('start 2: seeding again');
    await waitForHealth(server, base);
    const health = await (await fetch(`${base}/api/health`)).json();
    check(health.data?.database === 'postgres' || health.database === 'postgres', 'health says postgres');
    check((await scalar('select count(*) from demo_seed')) === 1, 'the demo marker is written');
    check((await scalar('select count(*) from marks')) === DEMO_MARKS, `${DEMO_MARKS} marks`);
    check((await scalar('select count(*) from agreements')) >= 5, 'demo agreements');
    check((await scalar('select count(*) from patent_orders')) > 0, 'demo patent orders');

    // The reviewer: admin and finance owe a second factor after the password, which this smoke test does not give.
    const staff = apiClient(base);
    await staff.login('reviewer');
    const items = await staff.get('/api/admin/service-items?pageSize=10');
    check(
      items.status === 200 && items.json.total >= 300,
      `reviewer lists service items (${items.json.total})`,
    );
    // A name the demo corpus holds in the US register, so the search has something with effect there to find.
    const usName = await firstValue("select name from marks where dataset = 'US' order by id limit 1");
    const search = await staff.post('/api/trademark/search', { text: usName, datasets: 'US' });
    check(
      search.status === 200 && search.json.data.results.some((item) => item.name === usName),
      `a trademark search for ${usName} finds it (${search.json.data?.total} marks)`,
    );
    const customer = apiClient(base);
    await customer.login('customer1');
    const patents = await customer.get('/api/patent/services?pageSize=10');
    check(
      patents.status === 200 && patents.json.total > 0,
      `customer1 lists patent orders (${patents.json.total})`,
    );
  } finally {
    const { code, signal } = await stop(server, 'SIGTERM');
    check(code === 0, `SIGTERM stops the server cleanly (code ${code}, signal ${signal})`);
  }
}

async function startAgain(port, dataDir) {
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  try {
    say('start 3: nothing to seed');
    await waitForHealth(server, base);
    check((await scalar('select count(*) from users')) === 6, 'still the six demo users');
    check((await scalar('select count(*) from marks')) === DEMO_MARKS, `still ${DEMO_MARKS} marks`);
    check(!server.output.some((line) => line.includes('Seeding the demo data')), 'no second seed');
  } finally {
    await stop(server, 'SIGTERM');
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kxt-smoke-'));
  const port = await freePort();
  await withClient(serverUrl.toString(), (client) => client.query(`create database ${databaseName}`));
  say(`database ${databaseName}, port ${port}`);
  let overTime;
  const limit = new Promise((_, reject) => {
    overTime = setTimeout(
      () => reject(new Error(`smoke: over the ${TOTAL_LIMIT_MS / 60_000} minute limit`)),
      TOTAL_LIMIT_MS,
    );
  });
  try {
    await Promise.race([
      limit,
      (async () => {
        await crashWhileSeeding(port, dataDir);
        await seedAndServe(port, dataDir);
        await startAgain(port, dataDir);
      })(),
    ]);
    say('PostgreSQL start-with-demo smoke test passed');
  } catch (error) {
    const last = servers.at(-1);
    if (last) console.error(['--- last server output ---', ...last.output.slice(-40)].join('\n'));
    throw error;
  } finally {
    clearTimeout(overTime);
    for (const server of servers) await stop(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await withClient(serverUrl.toString(), (client) =>
      client.query(`drop database if exists ${databaseName} with (force)`),
    );
    say(`dropped ${databaseName}`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
