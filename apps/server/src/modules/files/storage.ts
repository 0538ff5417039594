import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** What the storage holds under one key: bytes moved into place, or bytes still under their temporary name. */
export interface StoredEntry {
  key: string;
  staged: boolean;
  modifiedAt: Date;
}

/**
 * Where file bytes live. The local folder is the embedded default; an S3-compatible store implements the same calls
 * when the product runs on several machines. Bytes are written under a temporary name (`stage`) and moved into place
 * (`publish`) only once the row naming them is committed; `keepFile` in `keep.ts` is the one caller of both.
 */
export interface FileStorage {
  /** Writes the bytes, flushed to disk, under the key's temporary name, where no reader looks. */
  stage(key: string, content: Uint8Array): Promise<void>;
  /** Moves staged bytes into place. Moving bytes already in place (another process got there first) is fine. */
  publish(key: string): Promise<void>;
  read(key: string): Readable;
  /** Removes the key's bytes, staged or in place. */
  remove(key: string): Promise<void>;
  /** Everything the storage holds, for the orphan sweep. */
  list(): AsyncIterable<StoredEntry>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
/** Keys never contain a dot, so a staged name can never be mistaken for a key. */
const STAGED_SUFFIX = '.part';

export function localFileStorage(root: string): FileStorage {
  const locate = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  const stagedPath = (key: string) => `${locate(key)}${STAGED_SUFFIX}`;

  async function* walk(dir: string): AsyncGenerator<StoredEntry> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full);
        continue;
      }
      if (!entry.isFile()) continue;
      const relative = path.relative(root, full).split(path.sep).join('/');
      const staged = relative.endsWith(STAGED_SUFFIX);
      const key = staged ? relative.slice(0, -STAGED_SUFFIX.length) : relative;
      // Anything not named like a key was not put here by the storage: leave it alone.
      if (!SAFE_KEY.test(key)) continue;
      const info = await stat(full).catch(() => undefined);
      if (info) yield { key, staged, modifiedAt: info.mtime };
    }
  }

  return {
    async stage(key, content) {
      const file = stagedPath(key);
      await mkdir(path.dirname(file), { recursive: true });
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(content);
        // On disk before the row commits, so a committed row never points at bytes lost to a power cut.
        await handle.datasync();
      } finally {
        await handle.close();
      }
    },
    async publish(key) {
      try {
        await rename(stagedPath(key), locate(key));
      } catch (error) {
        const alreadyInPlace =
          (error as NodeJS.ErrnoException).code === 'ENOENT' &&
          (await stat(locate(key)).then(
            () => true,
            () => false,
          ));
        if (!alreadyInPlace) throw error;
      }
    },
    read: (key) => createReadStream(locate(key)),
    async remove(key) {
      await rm(stagedPath(key), { force: true });
      await rm(locate(key), { force: true });
    },
    list: () => walk(root),
  };
}
