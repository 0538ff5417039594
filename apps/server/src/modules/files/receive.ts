import { FILE_PURPOSES, type FilePurpose, type StoredFile } from '@kxt/contracts/files';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { HttpError, unauthorized } from '../../http-error.ts';
import { formatBytes } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { assertMayUpload, type IncomingFile, storeFile } from './service.ts';
import type { FileStorage } from './storage.ts';

/** The request body limit of an upload route for a purpose: its file limit plus room for the multipart framing. */
export const uploadBodyLimit = (purpose: FilePurpose) => FILE_PURPOSES[purpose].maxBytes + 64 * 1024;

/**
 * Reads the multipart field `file` of an upload and keeps it under the purpose's rules (type by content, size), as
 * the caller's file. Every route that takes an upload goes through here.
 */
export async function receiveUpload(
  request: FastifyRequest,
  deps: { db: Kysely<DB>; storage: FileStorage },
  purpose: FilePurpose,
): Promise<StoredFile> {
  const user = request.user;
  if (!user) throw unauthorized();
  assertMayUpload(user, purpose);
  const file = await readUploadedFile(request, FILE_PURPOSES[purpose].maxBytes);
  return storeFile(deps, purpose, file, { userId: user.id, customerId: user.customerId });
}

/**
 * The multipart field `file` of a request, in memory: a missing field or a second file is a 400 and a file over
 * `maxBytes` a 413,
 * each with its message (`messages` lets a route word them its own way).
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  messages: { missing: MessageKey; tooLarge: MessageKey } = {
    missing: 'file.missing',
    tooLarge: 'file.tooLarge',
  },
): Promise<IncomingFile> {
  return readingMultipart(
    async () => {
      // Every part is read, so that a second file is refused (FST_FILES_LIMIT: "one file at a time") rather than
      // dropped while the first is kept as if it were all that was sent.
      let file: IncomingFile | undefined;
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
        if (part.type === 'field') continue;
        const content = await part.toBuffer();
        if (part.fieldname === 'file')
          file = { name: part.filename, content, truncated: part.file.truncated };
      }
      if (!file) throw new HttpError(400, messages.missing);
      return file;
    },
    { key: messages.tooLarge, maxBytes },
  );
}

/**
 * Runs `read`, which parses a multipart body, and words what the client sent wrong: a file over the route's limit is
 * a 413 with the route's message (`tooLarge`), and a body that is not multipart as it claims (no boundary, cut
 * short, a broken part header), which the parser reports with a plain Error and would be answered as a server
 * failure, is a 400. Other errors with a status or a code (our own, the other limits) pass unchanged.
 */
export async function readingMultipart<T>(
  read: () => Promise<T>,
  tooLarge: { key: MessageKey; maxBytes: number },
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const known = error as { code?: unknown; statusCode?: unknown };
    if (known.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, tooLarge.key, { limit: formatBytes(tooLarge.maxBytes) });
    }
    if (error instanceof HttpError || known.code !== undefined || known.statusCode !== undefined) throw error;
    throw new HttpError(400, 'multipartMalformed');
  }
}
