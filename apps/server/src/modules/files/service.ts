import type { CurrentUser } from '@kxt/contracts/auth';
import { FILE_PURPOSES, type FilePurpose, type StoredFile } from '@kxt/contracts/files';
import { isStaffRole } from '@kxt/contracts/roles';
import type { Kysely } from 'kysely';
import type { DB, FileRow } from '../../db/schema.ts';
import { forbidden, HttpError, notFound } from '../../http-error.ts';
import { formatBytes } from '../../locales/translate.ts';
import { detectMimeType } from './detect.ts';
import { type FileDeps, keepFile } from './keep.ts';
import { findFile } from './repository.ts';

export interface IncomingFile {
  name: string;
  content: Uint8Array;
  /** True when the upload was cut at the purpose's size limit. */
  truncated: boolean;
}

export interface FileOwner {
  userId: number | null;
  customerId: number | null;
}

export const fileUrl = (id: string) => `/api/files/${id}`;

export function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    url: fileUrl(row.id),
    name: row.original_name,
    type: row.mime_type,
    size: row.size,
    sha256: row.sha256,
  };
}

/** Checks an upload against its purpose's rules, then keeps the bytes and a metadata row. Nothing is kept on refusal. */
export async function storeFile(
  deps: FileDeps,
  purpose: FilePurpose,
  file: IncomingFile,
  owner: FileOwner,
): Promise<StoredFile> {
  const rules = FILE_PURPOSES[purpose];
  if (file.truncated || file.content.byteLength > rules.maxBytes) {
    throw new HttpError(413, 'file.tooLarge', { limit: formatBytes(rules.maxBytes) });
  }
  if (file.content.byteLength === 0) throw new HttpError(400, 'file.empty');
  const mimeType = await detectMimeType(file.content);
  if (!mimeType || !(rules.mimeTypes as readonly string[]).includes(mimeType)) {
    throw new HttpError(415, 'file.typeNotSupported');
  }
  const row = await keepFile(
    deps,
    {
      purpose,
      name: cleanFileName(file.name),
      mimeType,
      ownerUserId: owner.userId,
      customerId: owner.customerId,
    },
    file.content,
  );
  return toStoredFile(row);
}

export function assertMayUpload(user: CurrentUser, purpose: FilePurpose) {
  if (FILE_PURPOSES[purpose].staffOnly && !isStaffRole(user.role)) throw forbidden();
}

/** A file is visible to the user who uploaded it, to users of the same customer company, and to staff. */
export async function findVisibleFile(db: Kysely<DB>, id: string, user: CurrentUser): Promise<FileRow> {
  const row = await findFile(db, id);
  if (!row) throw notFound();
  if (isStaffRole(user.role)) return row;
  const ownsIt =
    row.owner_user_id === user.id || (row.customer_id !== null && row.customer_id === user.customerId);
  if (!ownsIt) throw notFound();
  return row;
}

/** Direction controls: with U+202E, `invoice\u202Egnp.exe` displays as "invoiceexe.png", a program dressed as a picture. */
const DIRECTION_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Keeps the name readable for the download header while dropping paths, control and direction characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127).join('');
  return printable.replace(DIRECTION_CONTROLS, '').trim().slice(0, 200) || 'file';
}
