import path from 'node:path';
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ageFiles, crashingStorage, ProcessKilled, storedEntries } from '../../test/crashing-storage.ts';
import { multipart, SAMPLE_FILES } from '../../test/multipart.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { seedDemoAgreements } from '../agreements/demo.ts';
import { demoPatentCustomers, seedDemoPatents } from '../patents/demo.ts';
import { defaultPaymentConfig } from '../payments/config.ts';
import { DEFAULT_FILE_SWEEP } from './config.ts';
import { keepFile, type NewFile } from './keep.ts';
import { sweepOrphanFiles } from './sweep.ts';

const GRACE_MS = DEFAULT_FILE_SWEEP.graceMinutes * 60_000;
/** Older than the grace period: what a restart finds some time after a crash. */
const LONG_AGO = GRACE_MS + 60_000;

let t: TestApp;
let admin: TestClient;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin1', 'admin');
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const storageRoot = () => path.join(t.ctx.config.dataDir, 'files');
const document: NewFile = {
  purpose: 'document',
  name: 'a.pdf',
  mimeType: 'application/pdf',
  ownerUserId: null,
  customerId: null,
};
const fileRows = () => t.ctx.db.selectFrom('files').selectAll().execute();
const sweep = () => sweepOrphanFiles(t.ctx, { graceMs: GRACE_MS });

/** Starts the server as `npm start` does (its sweep runs once it listens), then stops it after that sweep. */
async function restart() {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.close();
}

/** The database refuses to insert a files row, as when the disk is full or the connection drops. */
const filesInsertFails: KyselyPlugin = {
  transformQuery(args) {
    if (InsertQueryNode.is(args.node) && args.node.into?.table.identifier.name === 'files') {
      throw new Error('insert failed');
    }
    return args.node;
  },
  transformResult: async (args) => args.result,
};

describe('a crash between writing the bytes and committing their row', () => {
  it('leaves nothing when the row insert fails', async () => {
    const deps = { db: t.ctx.db.withPlugin(filesInsertFails), storage: t.ctx.storage };
    await expect(keepFile(deps, document, SAMPLE_FILES.pdf)).rejects.toThrow('insert failed');
    expect(await storedEntries(t.ctx.storage)).toEqual([]);
    expect(await fileRows()).toEqual([]);
  });

  it.each(['mid-write', 'after-write'] as const)(
    'leaves, when the process is killed %s, only a temporary file that start-up sweeps away',
    async (at) => {
      const storage = crashingStorage(t.ctx.storage, at);
      await expect(keepFile({ db: t.ctx.db, storage }, document, SAMPLE_FILES.pdf)).rejects.toThrow(
        ProcessKilled,
      );
      expect(await fileRows()).toEqual([]);
      expect((await storedEntries(t.ctx.storage)).map((entry) => entry.staged)).toEqual([true]);

      await ageFiles(storageRoot(), LONG_AGO);
      await restart();
      expect(await storedEntries(t.ctx.storage)).toEqual([]);
    },
  );

  it('leaves nothing after the sweep when the transaction holding the row rolls back', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await keepFile({ db: trx, storage: t.ctx.storage }, document, SAMPLE_FILES.pdf);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await fileRows()).toEqual([]);

    expect((await storedEntries(t.ctx.storage)).map((entry) => entry.staged)).toEqual([false]);

    await ageFiles(storageRoot(), LONG_AGO);
    await restart();
    expect(await storedEntries(t.ctx.storage)).toEqual([]);
  });

  it('moves the bytes into place when the kill came after the commit, so the file downloads again', async () => {
    const storage = crashingStorage(t.ctx.storage, 'before-move');
    await expect(keepFile({ db: t.ctx.db, storage }, document, SAMPLE_FILES.pdf)).rejects.toThrow(
      ProcessKilled,
    );
    const [row] = await fileRows();
    if (!row) throw new Error('the row should have committed');

    // No grace period applies: the row is committed, so the bytes are wanted now.
    expect(await sweep()).toEqual({ stagedRemoved: 0, unreferencedRemoved: 0, published: 1 });
    expect((await storedEntries(t.ctx.storage)).map((entry) => entry.staged)).toEqual([false]);
    const download = await admin.get(`/api/files/${row.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
  });
});

describe('the orphan sweep', () => {
  it('never removes a committed file, however old', async () => {
    const upload = await admin.request({
      method: 'POST',
      url: '/api/files?purpose=document',
      ...multipart([{ name: 'file', filename: 'kept.pdf', content: SAMPLE_FILES.pdf }]),
    });
    expect(upload.statusCode).toBe(200);
    await ageFiles(storageRoot(), 365 * 24 * 3600_000);

    await restart();
    expect(await sweepOrphanFiles(t.ctx, { graceMs: 0 })).toEqual({
      stagedRemoved: 0,
      unreferencedRemoved: 0,
      published: 0,
    });
    expect((await storedEntries(t.ctx.storage)).map((entry) => entry.staged)).toEqual([false]);
  });

  it('keeps bytes written within the grace period, whose row may still be on its way', async () => {
    await expect(
      keepFile(
        { db: t.ctx.db, storage: crashingStorage(t.ctx.storage, 'after-write') },
        document,
        SAMPLE_FILES.pdf,
      ),
    ).rejects.toThrow(ProcessKilled);
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await keepFile({ db: trx, storage: t.ctx.storage }, document, SAMPLE_FILES.pdf);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await storedEntries(t.ctx.storage)).toHaveLength(2);

    await restart();
    expect(await storedEntries(t.ctx.storage)).toHaveLength(2);
    await ageFiles(storageRoot(), LONG_AGO);
    expect(await sweep()).toEqual({ stagedRemoved: 1, unreferencedRemoved: 1, published: 0 });
  });

  it('runs again every FILE_SWEEP_MINUTES while the server listens', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const scheduled = await createTestApp({
      fileSweep: { intervalMinutes: 5, graceMinutes: 1 },
      // Only this sweeper's timer should fire when the clock moves on.
      payments: { ...defaultPaymentConfig(), sweepSeconds: 0 },
    });
    try {
      await scheduled.app.listen({ port: 0, host: '127.0.0.1' });
      await expect(
        keepFile(
          { db: scheduled.ctx.db, storage: crashingStorage(scheduled.ctx.storage, 'after-write') },
          document,
          SAMPLE_FILES.pdf,
        ),
      ).rejects.toThrow(ProcessKilled);
      await ageFiles(path.join(scheduled.ctx.config.dataDir, 'files'), 2 * 60_000);

      vi.advanceTimersByTime(5 * 60_000);
      await scheduled.app.close();
      expect(await storedEntries(scheduled.ctx.storage)).toEqual([]);
    } finally {
      await scheduled.close();
    }
  });

  it('finds every file the demo seed wrote (pages, signature, signed page and PDF, patent documents) committed', async () => {
    const adminUserId = await t.user('admin', 'admin');
    const reviewerUserId = await t.user('reviewer', 'reviewer');
    const customerUserId = await t.user('customer1', 'customer', '深圳市星辰跨境电商有限公司');
    const { customer_id } = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', customerUserId)
      .executeTakeFirstOrThrow();
    await seedDemoAgreements(t.ctx, { adminUserId, customerId: customer_id as number });
    await seedDemoPatents(t.ctx, {
      reviewerUserId,
      customers: await demoPatentCustomers(t.ctx.db, ['customer1']),
    });

    const before = await storedEntries(t.ctx.storage);
    expect(before.length).toBe((await fileRows()).length);
    expect(before.every((entry) => !entry.staged)).toBe(true);
    expect(await sweepOrphanFiles(t.ctx, { graceMs: 0 })).toEqual({
      stagedRemoved: 0,
      unreferencedRemoved: 0,
      published: 0,
    });
  });
});
