import type { AttachedFile } from '@kxt/contracts/patents';
import type { Kysely } from 'kysely';
import { selectForUpdate } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import type { FileStorage } from '../files/storage.ts';

const FILE_URL = /^\/api\/files\/([0-9a-f-]{36})$/;

export const fileIdOf = (url: string) => FILE_URL.exec(url)?.[1] ?? '';

/** Field path → file url, for the files a staff dialog attaches. */
export function attachedPaths(field: string, files: AttachedFile[] | undefined): [string, string][] {
  return (files ?? []).map((file, index) => [`${field}.${index}.url`, file.url]);
}

const invalid = (path: string, key: MessageKey) => new HttpError(400, key, {}, { [path]: key });

/**
 * The PDFs staff attach to an order in the §5 dialogs: each must exist, be a PDF uploaded as a `document`, and not
 * belong to another customer. Attaching hands a staff upload to the order's customer (its `customer_id`), which is
 * what lets the customer download it (files are visible to their uploader, the same company, and staff).
 */
export async function claimOrderPdfs(trx: Kysely<DB>, customerId: number, paths: [string, string][]) {
  if (paths.length === 0) return;
  const ids = paths.map(([, url]) => fileIdOf(url));
  // Locked, so a file two orders of different customers claim at once goes to one of them and the other is refused.
  const rows = await selectForUpdate(
    trx,
    trx
      .selectFrom('files')
      .select(['id', 'purpose', 'mime_type', 'customer_id'])
      .where('id', 'in', ids)
      .orderBy('id'),
  ).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [path, url] of paths) {
    const file = byId.get(fileIdOf(url));
    if (!file || (file.customer_id !== null && file.customer_id !== customerId)) {
      throw invalid(path, 'patent.fileInvalid');
    }
    if (file.purpose !== 'document' || file.mime_type !== 'application/pdf')
      throw invalid(path, 'patent.pdfOnly');
  }
  await trx
    .updateTable('files')
    .set({ customer_id: customerId })
    .where('id', 'in', ids)
    .where('customer_id', 'is', null)
    .execute();
}

/** Every file url inside a materials document, with its path (`materials.drawings.0.url`). */
export function materialFileUrls(value: unknown, path = 'materials'): [string, string][] {
  if (typeof value === 'string') return FILE_URL.test(value.trim()) ? [[path, value.trim()]] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => materialFileUrls(item, `${path}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => materialFileUrls(item, `${path}.${key}`));
  }
  return [];
}

/** Materials may only reference files the customer's own company uploaded. */
export async function assertCustomerFiles(
  db: Kysely<DB>,
  user: { id: number; customerId: number | null },
  paths: [string, string][],
) {
  if (paths.length === 0) return;
  const rows = await db
    .selectFrom('files')
    .select(['id', 'owner_user_id', 'customer_id'])
    .where(
      'id',
      'in',
      paths.map(([, url]) => fileIdOf(url)),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [path, url] of paths) {
    const file = byId.get(fileIdOf(url));
    const own =
      file &&
      (file.owner_user_id === user.id || (file.customer_id !== null && file.customer_id === user.customerId));
    if (!own) throw invalid(path, 'patent.materialsFileInvalid');
  }
}

/** Drops a file that was kept for a change that did not happen. */
export async function discardFile(deps: { db: Kysely<DB>; storage: FileStorage }, id: string) {
  const row = await deps.db.selectFrom('files').select('storage_key').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  await deps.db.deleteFrom('files').where('id', '=', id).execute();
  await deps.storage.remove(row.storage_key);
}
