import type { AgreementInfo, SendCodeResult } from '@kxt/contracts/agreements';
import { SIGNATURE_FILE_NAME } from '@kxt/contracts/signing';

/**
 * The signing page's calls (spec §7). They need no session and no CSRF token (the link code is the credential),
 * and their answers are judged as the spec says (getInfo succeeds with code 0 or 200), so the page has this small
 * client instead of the back office's.
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}

/** No answer at all: the page offers to try again. */
export class NetworkError extends Error {}

async function call<T>(path: string, body: BodyInit, language: string, json: boolean): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body,
      headers: {
        Accept: 'application/json',
        'Accept-Language': language,
        ...(json ? { 'Content-Type': 'application/json' } : {}),
      },
    });
  } catch {
    throw new NetworkError();
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // An answer that is not our JSON (a proxy's error page): judged by its HTTP status below.
  }
  if (payload && typeof payload === 'object' && typeof (payload as Envelope<T>).code === 'number') {
    const envelope = payload as Envelope<T>;
    return {
      code: envelope.code,
      msg: typeof envelope.msg === 'string' ? envelope.msg : '',
      data: envelope.data,
    };
  }
  return { code: response.status, msg: '' };
}

const post = <T>(path: string, body: unknown, language: string) =>
  call<T>(path, JSON.stringify(body), language, true);

/** Success codes of the info call (spec §7: 0 or 200). */
export const isInfoSuccess = (code: number) => code === 0 || code === 200;

export const getInfo = (code: string, language: string) =>
  post<AgreementInfo | null>('/api/kxt/getInfo', { code }, language);

export const confirmRead = (code: string, language: string) =>
  post<null>('/api/kxt/confirm', { code, status: 1 }, language);

export const confirmSigned = (code: string, url: string, language: string) =>
  post<null>('/api/kxt/confirm', { code, url, status: 2 }, language);

/** The drawn signature as multipart `code` + `file` (signature.png); the answer's first item carries the url. */
export function uploadSignature(code: string, signature: Blob, language: string) {
  const form = new FormData();
  form.append('code', code);
  form.append('file', signature, SIGNATURE_FILE_NAME);
  return call<{ url: string }[]>('/api/kxt/upload', form, language, false);
}

/**
 * The link code from the page's query string, URL-decoded. Read by hand rather than with URLSearchParams, which
 * would turn a `+` into a space.
 */
export function readCode(search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const part of query.split('&')) {
    const [key, ...rest] = part.split('=');
    if (key !== 'code') continue;
    const raw = rest.join('=');
    let code = raw;
    try {
      code = decodeURIComponent(raw);
    } catch {
      // Not valid percent-encoding: use it as it came.
    }
    return code.trim() || null;
  }
  return null;
}

export const sendCode = (code: string, language: string) =>
  post<SendCodeResult>('/api/kxt/sendCode', { code }, language);

export const verifyCode = (code: string, otp: string, consentVersion: string, language: string) =>
  post<null>('/api/kxt/verifyCode', { code, otp, consent: true, consentVersion, language }, language);
