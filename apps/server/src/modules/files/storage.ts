import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live. The local folder is the embedded default; an S3-compatible store implements the same
 * three calls when the product runs on several machines.
 */
export interface FileStorage {
  put(key: string, content: Uint8Array): Promise<void>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export function localFileStorage(root: string): FileStorage {
  const locate = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, content) {
      const file = locate(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content, { flag: 'wx' });
    },
    read: (key) => createReadStream(locate(key)),
    async remove(key) {
      await rm(locate(key), { force: true });
    },
  };
}
