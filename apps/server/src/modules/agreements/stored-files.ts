import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { DB, FileRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { insertFile } from '../files/repository.ts';
import type { FileStorage } from '../files/storage.ts';

export interface FileDeps {
  db: Kysely<DB>;
  storage: FileStorage;
}

export async function readStoredFile(
  storage: FileStorage,
  file: Pick<FileRow, 'storage_key'>,
): Promise<Buffer> {
  return buffer(storage.read(file.storage_key));
}

/**
 * Keeps a file the server made itself (the signed page, the signed PDF): bytes through the storage, a metadata row
 * with its SHA-256. Its purpose is not an upload purpose, so nobody can send one in.
 */
export async function storeGeneratedFile(
  deps: FileDeps,
  file: { purpose: string; name: string; mimeType: string; content: Uint8Array; customerId: number },
): Promise<FileRow> {
  const id = randomUUID();
  const storageKey = `${nowIso().slice(0, 7)}/${id}`;
  await deps.storage.put(storageKey, file.content);
  const row: FileRow = {
    id,
    owner_user_id: null,
    customer_id: file.customerId,
    purpose: file.purpose,
    original_name: file.name,
    mime_type: file.mimeType,
    size: file.content.byteLength,
    sha256: sha256Hex(file.content),
    storage_key: storageKey,
    created_at: nowIso(),
  };
  try {
    await insertFile(deps.db, row);
  } catch (error) {
    await deps.storage.remove(storageKey);
    throw error;
  }
  return row;
}

/** Drops generated files again when the change they were made for did not happen. */
export async function removeGeneratedFiles(deps: FileDeps, files: FileRow[]): Promise<void> {
  if (files.length === 0) return;
  await deps.db
    .deleteFrom('files')
    .where(
      'id',
      'in',
      files.map((file) => file.id),
    )
    .execute();
  for (const file of files) await deps.storage.remove(file.storage_key);
}
