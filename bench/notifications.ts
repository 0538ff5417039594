import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app.ts';
import { openContext } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { smtpSender } from '../apps/server/src/modules/notifications/channels/email.ts';
import { sandboxSms } from '../apps/server/src/modules/notifications/channels/sms.ts';
import { defaultNotifyConfig } from '../apps/server/src/modules/notifications/config.ts';
import { OutboxWorker } from '../apps/server/src/modules/notifications/worker.ts';
import { createUser } from '../apps/server/src/modules/users/service.ts';
import { TestClient } from '../apps/server/src/test/test-app.ts';
import { percentile, writeResults } from './results-file.ts';

const PASSWORD = 'bench-password';
const COMPANIES = 1000;

/**
 * `npm run bench -- notifications [--events 10000] [--concurrency 8]`: a reviewer rejects `events` patent orders'
 * materials over HTTP (each a domain event written to the outbox in the request's transaction); the outbox worker
 * then fans every event out (an in-app notification and an email per recipient) and sends the emails to a local SMTP
 * server. Measures: the p50/p95 of the writing request with the worker idle and again while the worker drains
 * (what the outbox costs the request), how long the fan-out of all in-app notifications takes, and how long until
 * the SMTP server has received every email. DATABASE_URL runs it on PostgreSQL.
 */
export async function runNotificationsBench(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { events: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '8' } },
  });
  const events = Number(values.events);
  const concurrency = Number(values.concurrency);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kxt-bench-notify-'));

  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NOTIFY_WORKER: '0' });
  const ctx = await openContext(config);
  const app = await buildApp(ctx);
  await app.ready();
  try {
    const seedStarted = performance.now();
    await createUser(ctx.db, { username: 'bench-reviewer', password: PASSWORD, role: 'reviewer' });
    const orderIds = await seed(ctx.db, events);
    const seedMs = performance.now() - seedStarted;
    const reviewer = new TestClient(app);
    await reviewer.login('bench-reviewer', PASSWORD);

    const reject = async (id: number) => {
      const started = performance.now();
      const response = await reviewer.post(`/api/admin/patents/${id}/materials-review`, {
        decision: 'reject',
        reason: '资料不全',
      });
      if (response.statusCode !== 200) throw new Error(`reject ${id}: ${response.body}`);
      return performance.now() - started;
    };
    const writeAll = async (ids: number[]) => {
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < ids.length) {
            const id = ids[next++] as number;
            times.push(await reject(id));
          }
        }),
      );
      return times.sort((a, b) => a - b);
    };

    // The writes while no worker runs: the request pays only for its outbox row.
    const quietCount = Math.floor(events * 0.8);
    const writesStarted = performance.now();
    const quiet = await writeAll(orderIds.slice(0, quietCount));
    const quietMs = performance.now() - writesStarted;

    // The worker starts on the backlog while the remaining writes arrive.
    const worker = new OutboxWorker({
      db: ctx.db,
      config: { ...defaultNotifyConfig(), pollMs: 100 },
      channels: { email: smtpSender(`smtp://127.0.0.1:${smtpPort}`, 'bench@kxt.example'), sms: sandboxSms() },
      baseUrl: 'http://localhost',
      batch: 200,
      concurrency: 8,
    });
    const deliveryStarted = performance.now();
    worker.start();
    const busy = await writeAll(orderIds.slice(quietCount));

    const countOf = async (table: 'notifications') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let inAppMs = Number.NaN;
    while (true) {
      const inApp = await countOf('notifications');
      if (Number.isNaN(inAppMs) && inApp >= events) inAppMs = performance.now() - deliveryStarted;
      if (received >= events) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const emailsMs = performance.now() - deliveryStarted;
    await worker.stop();
    const failed = await ctx.db.selectFrom('outbox_jobs').select('id').where('state', '!=', 'sent').execute();

    const results = {
      database: ctx.databaseKind,
      events,
      concurrency,
      seedMs: Math.round(seedMs),
      writes: {
        idleWorker: {
          requests: quiet.length,
          perSecond: Math.round(quiet.length / (quietMs / 1000)),
          p50Ms: round(percentile(quiet, 50)),
          p95Ms: round(percentile(quiet, 95)),
        },
        busyWorker: {
          requests: busy.length,
          p50Ms: round(percentile(busy, 50)),
          p95Ms: round(percentile(busy, 95)),
        },
      },
      delivery: {
        inAppNotifications: await countOf('notifications'),
        allInAppMs: Math.round(inAppMs),
        emailsReceived: received,
        allEmailsMs: Math.round(emailsMs),
        emailsPerSecond: Math.round(received / (emailsMs / 1000)),
        notSent: failed.length,
      },
    };
    console.table({
      'write p50 / p95 (worker idle)': `${results.writes.idleWorker.p50Ms} / ${results.writes.idleWorker.p95Ms} ms`,
      'write p50 / p95 (worker draining)': `${results.writes.busyWorker.p50Ms} / ${results.writes.busyWorker.p95Ms} ms`,
      'all in-app notifications': `${results.delivery.allInAppMs} ms`,
      'all emails received': `${results.delivery.allEmailsMs} ms (${results.delivery.emailsPerSecond}/s)`,
    });
    await writeResults('notifications', results);
  } finally {
    await app.close();
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

/** One customer user with an address per company, and `events` orders at 2 (materials submitted) spread over them. */
async function seed(db: Awaited<ReturnType<typeof openContext>>['db'], events: number): Promise<number[]> {
  const at = new Date().toISOString();
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    const customerIds: number[] = [];
    for (let c = 0; c < COMPANIES; c += 1) {
      const customer = await trx
        .insertInto('customers')
        .values({ name: `Bench Co ${c}`, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      customerIds.push(customer.id);
      await trx
        .insertInto('users')
        .values({
          username: `bench-c${c}`,
          password_hash: 'not-a-login',
          display_name: `Customer ${c}`,
          email: `c${c}@bench.example`,
          role: 'customer',
          customer_id: customer.id,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    for (let i = 0; i < events; i += 1) {
      const order = await trx
        .insertInto('patent_orders')
        .values({
          service_code: `PT-B-${i}`,
          service_id: 1,
          order_no: `ORD-B-${i}`,
          parent_order_no: `P-B-${i}`,
          customer_id: customerIds[i % COMPANIES] as number,
          country_id: 44,
          service_name: '外观专利注册',
          apply_name: 'enterprise',
          apply_title: `申请人 ${i}`,
          patent_type: 1,
          status: 2,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(order.id);
    }
  });
  return ids;
}
