import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage, StoredEntry } from '../modules/files/storage.ts';

export class ProcessKilled extends Error {
  constructor() {
    super('process killed');
  }
}

/** Where the simulated SIGKILL lands in a file write. */
export type CrashPoint = 'mid-write' | 'after-write' | 'before-move';

/**
 * A storage whose process is "killed" at one point of a write: the bytes written so far stay on disk, the call
 * throws ProcessKilled, and from then on nothing touches the disk (no cleanup runs), as after a SIGKILL.
 */
export function crashingStorage(inner: FileStorage, at: CrashPoint): FileStorage {
  let dead = false;
  const die = (): never => {
    dead = true;
    throw new ProcessKilled();
  };
  const alive = () => {
    if (dead) throw new ProcessKilled();
  };
  return {
    async stage(key, content) {
      alive();
      if (at === 'mid-write') {
        await inner.stage(key, content.subarray(0, Math.floor(content.byteLength / 2)));
        die();
      }
      await inner.stage(key, content);
      if (at === 'after-write') die();
    },
    async publish(key) {
      alive();
      if (at === 'before-move') die();
      await inner.publish(key);
    },
    read: (key) => inner.read(key),
    async remove(key) {
      alive();
      await inner.remove(key);
    },
    list: () => inner.list(),
  };
}

export async function storedEntries(storage: FileStorage): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for await (const entry of storage.list()) entries.push(entry);
  return entries;
}

/** Sets every file under `root` to have been written `ageMs` ago, as if the crash happened that long before. */
export async function ageFiles(root: string, ageMs: number) {
  const when = new Date(Date.now() - ageMs);
  const names = await readdir(root, { recursive: true });
  await Promise.all(names.map((name) => utimes(path.join(root, name), when, when)));
}
