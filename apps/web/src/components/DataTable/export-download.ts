import { EXPORT_ROWS_HEADER } from '@kxt/contracts/list-export';
import { i18n } from '../../locales/i18n.ts';

/** How far a download has come: bytes received, and rows (CSV lines) when the format shows them. */
export interface ExportProgress {
  rows: number;
  totalRows: number;
  bytes: number;
}

/** A refusal with the server's message (too many rows, a row that no longer exists), ready to show. */
export class ExportError extends Error {
  override readonly name = 'ExportError';
}

function fileNameOf(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

/**
 * Fetches an export and hands it to the browser as a download, reporting progress as the stream arrives (the total
 * rows come in a header before the first byte). Loaded only when an export starts. A refusal is thrown as an
 * ExportError with the server's message, or `fallback`; an abort through `signal` throws the AbortError.
 */
export async function downloadExport(
  url: string,
  options: {
    fallback: string;
    fileName: string;
    signal: AbortSignal;
    onProgress: (progress: ExportProgress) => void;
  },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { 'Accept-Language': i18n.language },
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ExportError(options.fallback);
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    throw new ExportError(typeof body?.msg === 'string' && body.msg ? body.msg : options.fallback);
  }
  const totalRows = Number(response.headers.get(EXPORT_ROWS_HEADER) ?? 0);
  const countLines = response.headers.get('content-type')?.startsWith('text/csv') ?? false;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: ExportProgress = { rows: 0, totalRows, bytes: 0 };
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    // CSV: one line per row after the header.
    if (countLines) for (const byte of value) if (byte === 10) progress.rows += 1;
    options.onProgress({ ...progress, rows: Math.max(0, Math.min(totalRows, progress.rows - 1)) });
  }
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response.headers.get('content-disposition'), options.fileName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
