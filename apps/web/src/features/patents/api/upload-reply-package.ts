import { CSRF_COOKIE, CSRF_HEADER } from '@kxt/contracts/auth';
import { ApiError, api } from '../../../components/api/api-client.ts';
import { currentLanguage, i18n } from '../../../locales/i18n.ts';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

async function csrfToken(): Promise<string> {
  const cookie = readCookie(CSRF_COOKIE);
  if (cookie) return cookie;
  const data = await api.get<{ token: string }>('/api/auth/csrf', undefined, { silent: true });
  return readCookie(CSRF_COOKIE) ?? data.token;
}

/**
 * POST /api/patent/services/:id/reply-package (multipart `file`) with upload progress; the order moves to 6. The
 * shared uploadFile only posts to /api/files, so this call carries its own XMLHttpRequest. Rejects with an ApiError
 * (not shown: the dialog shows it).
 */
export async function uploadReplyPackage(
  id: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ answerDataUrl: string; status: number }> {
  const token = await csrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/patent/services/${id}/reply-package`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { code?: number; msg?: string; data?: unknown; fields?: Record<string, string> } | null =
        null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body?.code === 200) {
        onProgress(100);
        resolve(body.data as { answerDataUrl: string; status: number });
        return;
      }
      const status = body?.code ?? xhr.status;
      const msg = body?.msg || i18n.t('errors.unexpectedResponse', { status });
      reject(new ApiError(status, msg, body?.fields ?? {}));
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t('errors.network')));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
