import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { FileStorage } from '../files/storage.ts';
import { DEMO_ACCOUNTS } from './seed.ts';
import { isDemoSeeded, seedDemoOnce } from './seed-once.ts';

const MARKS = 2_000;
// Each seed hashes six passwords and draws agreement pages and PDFs: seconds, more under load.
const SEEDS_MS = 120_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const rowCount = async (table: keyof DB) =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every file under the storage folder, however deep. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.ctx.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** The test app's storage, failing on the given write: a fault part-way through the seed, after the marks. */
function failingOnPut(storage: FileStorage, failingPut: number): FileStorage {
  let puts = 0;
  return {
    ...storage,
    async stage(key, content) {
      puts += 1;
      if (puts === failingPut) throw new Error('injected storage failure');
      await storage.stage(key, content);
    },
  };
}

describe('seeding the demo once', () => {
  it(
    'leaves nothing behind when it fails part-way, and the next start seeds it whole',
    async () => {
      const interrupted = seedDemoOnce(t.ctx.db, 'demo-password', {
        marks: MARKS,
        storage: failingOnPut(t.ctx.storage, 12),
      });
      await expect(interrupted).rejects.toThrow('injected storage failure');
      expect(await isDemoSeeded(t.ctx.db)).toBe(false);
      for (const table of [
        'users',
        'customers',
        'services',
        'service_items',
        'marks',
        'files',
        'agreements',
      ] as const) {
        expect(await rowCount(table), table).toBe(0);
      }
      expect(await storedFiles()).toEqual([]);

      const next = await seedDemoOnce(t.ctx.db, 'demo-password', { marks: MARKS, storage: t.ctx.storage });
      expect(next.seeded).toBe(true);
      expect(await isDemoSeeded(t.ctx.db)).toBe(true);
      expect(await rowCount('users')).toBe(DEMO_ACCOUNTS.length);
      expect(await rowCount('marks')).toBe(MARKS);
      expect(await rowCount('agreements')).toBeGreaterThan(0);
      expect(await rowCount('patent_orders')).toBeGreaterThan(0);
      expect((await storedFiles()).length).toBe(await rowCount('files'));
    },
    SEEDS_MS,
  );

  it(
    'seeds once: a second start finds the marker and adds nothing',
    async () => {
      expect(
        (await seedDemoOnce(t.ctx.db, 'demo-password', { marks: MARKS, storage: t.ctx.storage })).seeded,
      ).toBe(true);
      const users = await rowCount('users');
      const files = await rowCount('files');
      expect(await seedDemoOnce(t.ctx.db, 'demo-password', { marks: MARKS, storage: t.ctx.storage })).toEqual(
        {
          seeded: false,
          reason: 'already seeded',
        },
      );
      expect(await rowCount('users')).toBe(users);
      expect(await rowCount('files')).toBe(files);
      expect(await rowCount('marks')).toBe(MARKS);
    },
    SEEDS_MS,
  );

  it(
    'leaves a database with users of its own alone',
    async () => {
      await t.user('owner', 'admin');
      expect(await seedDemoOnce(t.ctx.db, 'demo-password', { marks: MARKS, storage: t.ctx.storage })).toEqual(
        {
          seeded: false,
          reason: 'other data',
        },
      );
      expect(await rowCount('users')).toBe(1);
      expect(await rowCount('marks')).toBe(0);
      expect(await isDemoSeeded(t.ctx.db)).toBe(false);
    },
    SEEDS_MS,
  );

  it(
    'lets only one of two concurrent seeds write the demo',
    async () => {
      const seeds = await Promise.allSettled([
        seedDemoOnce(t.ctx.db, 'demo-password', { marks: MARKS, storage: t.ctx.storage }),
        seedDemoOnce(t.ctx.db, 'demo-password', { marks: MARKS, storage: t.ctx.storage }),
      ]);
      const seeded = seeds.filter((seed) => seed.status === 'fulfilled' && seed.value.seeded);
      expect(seeded).toHaveLength(1);
      expect(await rowCount('users')).toBe(DEMO_ACCOUNTS.length);
      expect(await rowCount('marks')).toBe(MARKS);
    },
    SEEDS_MS,
  );
});
