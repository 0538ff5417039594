import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/database.ts';
import {
  createTestApp,
  postgresUrlOf,
  type TestApp,
  type TestClient,
  testDialect,
} from '../../test/test-app.ts';
import { claimJobs, completeJob } from './outbox.ts';
import { setPreference } from './preferences.ts';
import { jobs, recordingSms, rejectMaterials, setContact, testWorker, userIdOf } from './test-helpers.ts';

let t: TestApp;
let reviewer: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('rev', 'reviewer');
  await t.user('alice', 'customer', 'Alice Ltd');
  await setContact(t, 'alice', { phone: '13800000000' });
  // Rejections go by text too for this user (by default only deadlines do).
  await setPreference(t.ctx.db, await userIdOf(t, 'alice'), 'patent.materialsRejected', {
    inApp: true,
    email: false,
    sms: true,
  });
});
afterEach(() => t.close());

const LEASE = 60_000;
const later = (ms: number) => () => new Date(Date.now() + ms);

describe('durable delivery', () => {
  it('a change committed while no worker ran is sent once by the next worker, and never again', async () => {
    await rejectMaterials(t, reviewer, 'alice', 'missing page');
    // The process that made the change is gone before any worker ran: a new one starts.
    const sms = recordingSms();
    const fresh = testWorker(t.ctx.db, { sms, owner: 'after-restart' });
    await fresh.drain();
    await fresh.drain();
    await testWorker(t.ctx.db, { sms, owner: 'another' }).drain();
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]?.phone).toBe('13800000000');
    expect((await jobs(t.ctx.db, 'sms'))[0]).toMatchObject({
      state: 'sent',
      attempts: 1,
      provider: 'recording',
    });
  });

  it('a worker killed holding a job: the job waits for its lease, then another worker sends it once', async () => {
    await rejectMaterials(t, reviewer, 'alice', 'missing page');
    await testWorker(t.ctx.db, { owner: 'fan-out' }).runOnce(); // fans out; the text may be sent too
    await t.ctx.db
      .updateTable('outbox_jobs')
      .set({ state: 'pending', attempts: 0 })
      .where('kind', '=', 'sms')
      .execute();
    const [claimed] = await claimJobs(t.ctx.db, 'dies', new Date(), LEASE, 10, ['sms']);
    expect(claimed).toBeDefined();
    const sms = recordingSms();
    const survivor = testWorker(t.ctx.db, { sms, owner: 'survivor', config: { leaseMs: LEASE } });
    expect(await survivor.runOnce()).toBe(0);
    expect(sms.sent).toHaveLength(0);
    await survivor.drain(later(LEASE + 1000));
    expect(sms.sent).toHaveLength(1);
    // The dead worker's late "done" changes nothing: its claim is gone.
    expect(await completeJob(t.ctx.db, claimed as NonNullable<typeof claimed>, new Date())).toBe(false);
    expect((await jobs(t.ctx.db, 'sms'))[0]).toMatchObject({ state: 'sent', lease_owner: null });
  });

  it('retries with a growing delay, marks the job failed after the last try with its error, and an admin resends it', async () => {
    await rejectMaterials(t, reviewer, 'alice', 'missing page');
    const sms = recordingSms();
    sms.failing = true;
    const worker = testWorker(t.ctx.db, { sms, config: { maxAttempts: 3 } });
    await worker.drain();
    let [job] = await jobs(t.ctx.db, 'sms');
    expect(job).toMatchObject({ state: 'pending', attempts: 1, last_error: 'provider down' });
    const firstDelay = Date.parse(job?.run_at ?? '') - Date.now();
    expect(firstDelay).toBeGreaterThan(20_000);
    await worker.drain(later(firstDelay + 1000));
    [job] = await jobs(t.ctx.db, 'sms');
    expect(job).toMatchObject({ state: 'pending', attempts: 2 });
    expect(Date.parse(job?.run_at ?? '') - Date.now()).toBeGreaterThan(firstDelay * 1.5);
    await worker.drain(later(3_600_000));
    [job] = await jobs(t.ctx.db, 'sms');
    expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: 'provider down' });
    await worker.drain(later(7_200_000));
    expect((await jobs(t.ctx.db, 'sms'))[0]?.attempts).toBe(3);

    const admin = await t.loggedIn('root', 'admin');
    const failed = (await admin.get('/api/admin/notifications/deliveries?channel=sms&state=failed')).json();
    expect(failed.total).toBe(1);
    expect(failed.rows[0]).toMatchObject({
      recipient: '13800000000',
      lastError: 'provider down',
      username: 'alice',
    });
    expect((await reviewer.get('/api/admin/notifications/deliveries?channel=sms')).statusCode).toBe(403);
    expect((await reviewer.post(`/api/admin/notifications/deliveries/${job?.id}/resend`)).statusCode).toBe(
      403,
    );
    expect((await admin.get('/api/admin/notifications/deliveries?channel=fax')).statusCode).toBe(400);

    sms.failing = false;
    expect((await admin.post(`/api/admin/notifications/deliveries/${job?.id}/resend`)).statusCode).toBe(200);
    await worker.drain();
    expect(sms.sent).toHaveLength(1);
    expect((await jobs(t.ctx.db, 'sms'))[0]).toMatchObject({ state: 'sent' });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'notification.resend')
      .execute();
    expect(audit).toHaveLength(1);
    // A message being sent or waiting has nothing to resend.
    await t.ctx.db
      .updateTable('outbox_jobs')
      .set({ state: 'pending' })
      .where('id', '=', job?.id ?? 0)
      .execute();
    expect((await admin.post(`/api/admin/notifications/deliveries/${job?.id}/resend`)).statusCode).toBe(404);
  });
});

/** A second connection pool to the test's database, as a second server process would have. */
async function secondProcessDb(): Promise<Database> {
  if (testDialect() === 'sqlite') return openDatabase({ dataDir: t.ctx.config.dataDir });
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.ctx.db);
  return openDatabase({
    url: postgresUrlOf(process.env.TEST_DATABASE_URL ?? '', rows[0]?.name ?? ''),
    dataDir: t.ctx.config.dataDir,
  });
}

describe('two processes on one database', () => {
  it('send each message once', async () => {
    const N = 12;
    for (let i = 0; i < N; i += 1) await rejectMaterials(t, reviewer, 'alice', `reason ${i}`);
    const other = await secondProcessDb();
    try {
      const a = recordingSms();
      const b = recordingSms();
      const one = testWorker(t.ctx.db, { sms: a, owner: 'process-1' });
      const two = testWorker(other.db, { sms: b, owner: 'process-2' });
      await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
      const texts = [...a.sent, ...b.sent].map((message) => message.text);
      expect(texts).toHaveLength(N);
      expect(new Set(texts).size).toBe(N);
      const notifications = await t.ctx.db.selectFrom('notifications').select('id').execute();
      expect(notifications).toHaveLength(N);
      const states = await t.ctx.db.selectFrom('outbox_jobs').select('state').execute();
      expect(states.every((row) => row.state === 'sent')).toBe(true);
    } finally {
      await other.close();
    }
  });
});
