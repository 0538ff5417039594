import { buffer } from 'node:stream/consumers';
import type { FileRow } from '../../db/schema.ts';
import { type FileDeps, keepFile } from '../files/keep.ts';
import type { FileStorage } from '../files/storage.ts';

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
export function storeGeneratedFile(
  deps: FileDeps,
  file: { purpose: string; name: string; mimeType: string; content: Uint8Array; customerId: number },
): Promise<FileRow> {
  const { content, ...described } = file;
  return keepFile(deps, { ...described, ownerUserId: null }, content);
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
