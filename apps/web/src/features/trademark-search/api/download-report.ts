/** The file name the server gives in Content-Disposition (`filename*=UTF-8''…`), or a plain fallback. */
function fileNameOf(disposition: string | null): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  return encoded ? decodeURIComponent(encoded) : 'trademark-search-report.pdf';
}

/** A refusal with the server's message, ready to show (an expired or unknown search, for example). */
export class ReportError extends Error {
  override readonly name = 'ReportError';
}

/**
 * 下载查询报告: fetches the search's report PDF in `language` and hands it to the browser as a download. Loaded only
 * when the button is pressed (its own chunk), and imports nothing, so adding it moved no shared code between the
 * route's chunks. An error answer is thrown as a ReportError with the server's message, or `fallback`.
 */
export async function downloadReport(
  searchId: string,
  options: { language: string; status: string | undefined; fallback: string },
): Promise<void> {
  const query = new URLSearchParams({ lang: options.language });
  if (options.status) query.set('status', options.status);
  const url = `/api/trademark/search/${encodeURIComponent(searchId)}/report?${query}`;
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { 'Accept-Language': options.language },
    });
  } catch {
    throw new ReportError(options.fallback);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    throw new ReportError(typeof body?.msg === 'string' && body.msg ? body.msg : options.fallback);
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
