import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, FileRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { insertFile } from './repository.ts';
import type { FileStorage } from './storage.ts';

export interface FileDeps {
  db: Kysely<DB>;
  storage: FileStorage;
}

export interface NewFile {
  purpose: string;
  /** The name offered on download, already cleaned. */
  name: string;
  mimeType: string;
  ownerUserId: number | null;
  customerId: number | null;
}

/**
 * The one way the server keeps bytes: written under a temporary name, the metadata row committed, then moved into
 * place. A crash before the commit leaves only a temporary file, which the sweep removes; a crash after it leaves a
 * committed row with its bytes still under the temporary name, which the sweep moves into place. Inside a caller's
 * transaction the row commits later, so the bytes move right after the insert (readers in the transaction need
 * them); should that transaction roll back, the sweep removes the unreferenced bytes after its grace period.
 */
export async function keepFile(deps: FileDeps, file: NewFile, content: Uint8Array): Promise<FileRow> {
  const id = randomUUID();
  const createdAt = nowIso();
  // The key ends with the row's id: the sweep finds a key's row by its primary key.
  const storageKey = `${createdAt.slice(0, 7)}/${id}`;
  const row: FileRow = {
    id,
    owner_user_id: file.ownerUserId,
    customer_id: file.customerId,
    purpose: file.purpose,
    original_name: file.name,
    mime_type: file.mimeType,
    size: content.byteLength,
    sha256: sha256Hex(content),
    storage_key: storageKey,
    created_at: createdAt,
  };
  await deps.storage.stage(storageKey, content);
  try {
    await insertFile(deps.db, row);
  } catch (error) {
    // Failing to clean up must not hide why the insert failed; the sweep removes what is left.
    await deps.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
  await deps.storage.publish(storageKey);
  return row;
}

/** The row id a storage key ends with (see `keepFile`). */
export const fileIdOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);
