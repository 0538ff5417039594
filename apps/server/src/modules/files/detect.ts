import { fileTypeFromBuffer } from 'file-type';

/** The content type read from the bytes themselves; the name and the browser's claim are never trusted. */
export async function detectMimeType(content: Uint8Array): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(content);
  return detected?.mime;
}
