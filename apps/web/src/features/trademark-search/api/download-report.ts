import { ApiError, buildUrl } from '../../../components/api/api-client.ts';
import { currentLanguage, i18n } from '../../../locales/i18n.ts';

/** The file name the server gives in Content-Disposition (`filename*=UTF-8''…`), or a plain fallback. */
function fileNameOf(disposition: string | null): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  return encoded ? decodeURIComponent(encoded) : 'trademark-search-report.pdf';
}

/**
 * 下载查询报告: fetches the search's report PDF in the reader's language and hands it to the browser as a download.
 * Loaded only when the button is pressed (this module is its own chunk), so the route's first load stays as it was.
 * An error answer (an expired or unknown search) is thrown as an ApiError with the server's message.
 */
export async function downloadReport(searchId: string, status: string | undefined): Promise<void> {
  const language = currentLanguage();
  const url = buildUrl(`/api/trademark/search/${encodeURIComponent(searchId)}/report`, {
    lang: language,
    status,
  });
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { 'Accept-Language': language } });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    const msg =
      typeof body?.msg === 'string'
        ? body.msg
        : i18n.t('errors.unexpectedResponse', { status: response.status });
    throw new ApiError(response.status, msg);
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
