import type { Kysely } from 'kysely';
import { inOneTransaction } from '../../db/one-transaction.ts';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { FileStorage } from '../files/storage.ts';
import { type DemoAccount, type DemoSeedOptions, isDatabaseEmpty, seedDemo } from './seed.ts';

export type DemoSeedOutcome =
  | { seeded: true; accounts: readonly DemoAccount[] }
  | { seeded: false; reason: 'already seeded' | 'other data' };

export async function isDemoSeeded(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('demo_seed').select('id').executeTakeFirst()) !== undefined;
}

/**
 * Seeds the demo once, all or nothing: every record and the marker that says so are one transaction, so a failed or
 * killed seed leaves the database as it was and the next start seeds again. A database that holds users but no
 * marker belongs to someone else (or predates the marker) and is left alone. Files the seed stored are removed
 * again when it rolls back; those of a killed seed are orphans for the file storage's sweep.
 */
export async function seedDemoOnce(
  db: Kysely<DB>,
  password: string,
  options: DemoSeedOptions & { onSeeding?: () => void } = {},
): Promise<DemoSeedOutcome> {
  if (await isDemoSeeded(db)) return { seeded: false, reason: 'already seeded' };
  if (!(await isDatabaseEmpty(db))) return { seeded: false, reason: 'other data' };
  options.onSeeding?.();
  const stored: string[] = [];
  const storage = options.storage && recordingKeys(options.storage, stored);
  try {
    const accounts = await inOneTransaction(db, async (trx) => {
      // The marker goes first: a second process seeding at the same time waits on it, then finds it taken.
      await trx.insertInto('demo_seed').values({ id: 1, seeded_at: nowIso() }).execute();
      return seedDemo(trx, password, { ...options, storage });
    });
    return { seeded: true, accounts };
  } catch (error) {
    // A file that will not go now is an orphan for the file storage's sweep; the seed's own error matters more.
    await Promise.allSettled(stored.map((key) => options.storage?.remove(key)));
    if (await isDemoSeeded(db)) return { seeded: false, reason: 'already seeded' };
    throw error;
  }
}

/** The same storage, noting the key of every file written through it. */
function recordingKeys(storage: FileStorage, keys: string[]): FileStorage {
  return {
    ...storage,
    async stage(key, content) {
      keys.push(key);
      await storage.stage(key, content);
    },
  };
}
