import { CSRF_COOKIE, CSRF_HEADER } from '@kxt/contracts/auth-constants';
import type { FilePurpose, StoredFile } from '@kxt/contracts/files';
import { currentLanguage, i18n } from '../../locales/i18n.ts';
import { loginPath } from '../routing/paths.ts';

/** Field errors of a 400 answer: field path (`a.b`) → message, already in the user's language. */
export type FieldErrors = Record<string, string>;

/** Any answer whose `code` is not 200, or no answer at all (`status` 0). `msg` is ready to show to the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly msg: string;
  readonly fields: FieldErrors;

  constructor(status: number, msg: string, fields: FieldErrors = {}) {
    super(msg);
    this.status = status;
    this.msg = msg;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
/** Query parameters; empty values are left out and lists are sent comma-separated (`country=US,DE`). */
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Do not show the message to the user: the caller shows it in place (a form, for example). */
  silent?: boolean;
  /**
   * false for the calls where 401 is a normal answer (login, me). Any other 401 means the session ended:
   * the cached user is cleared and the user is sent to the login page.
   */
  authRedirect?: boolean;
  signal?: AbortSignal;
}

/** A list answer without its `code` and `msg`: `rows`, `total` and whatever else the endpoint adds (`obj`, counts). */
export type ListResult<Row, Extra extends object = object> = { rows: Row[]; total: number } & Extra;

export interface ApiClientHooks {
  /** Shows an error message to the user. The app wires antd's message API; the default only logs. */
  notify: (msg: string) => void;
  /** The session ended. The app clears its cached user (the route guard then goes to the login page). */
  unauthorized: () => void;
}

/** What a 401 does without the app (the public signing page): the browser goes to the login page, and back after. */
export function sendToLoginPage(): void {
  window.location.assign(loginPath(window.location));
}

const defaultHooks: ApiClientHooks = {
  notify: (msg) => console.error(msg),
  unauthorized: sendToLoginPage,
};
let hooks: ApiClientHooks = defaultHooks;

/**
 * The API client stays free of UI libraries (the public signing page reuses it without antd), so the app tells it
 * how to show messages and what to do when the session ends. Returns a function that restores the previous hooks.
 */
export function setApiClientHooks(next: Partial<ApiClientHooks>): () => void {
  const previous = hooks;
  hooks = { ...hooks, ...next };
  return () => {
    hooks = previous;
  };
}

/** Query parameters as the query string carries them: empty values left out, lists comma-separated. */
export function queryEntries(query: QueryParams): [string, string][] {
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    entries.push([key, Array.isArray(value) ? value.join(',') : String(value)]);
  }
  return entries;
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const search = new URLSearchParams(queryEntries(query)).toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

let pendingCsrfToken: Promise<string> | null = null;

/** The CSRF token: the cookie the server set on any earlier answer, or a fresh one from /api/auth/csrf. */
async function csrfToken(options: RequestOptions): Promise<string> {
  const cookie = readCookie(CSRF_COOKIE);
  if (cookie) return cookie;
  // Concurrent writes share one token request.
  pendingCsrfToken ??= apiRequest<{ token: string }>('/api/auth/csrf', {
    silent: options.silent,
    authRedirect: false,
  })
    .then((data) => readCookie(CSRF_COOKIE) ?? data.token)
    .finally(() => {
      pendingCsrfToken = null;
    });
  return pendingCsrfToken;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asFieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Shows the error (unless silent), ends the session on 401 (unless expected), and returns it for throwing. */
function report(error: ApiError, options: RequestOptions): ApiError {
  if (!options.silent) hooks.notify(error.msg);
  if (error.status === 401 && options.authRedirect !== false) hooks.unauthorized();
  return error;
}

function networkError(options: RequestOptions): ApiError {
  return report(new ApiError(0, i18n.t('errors.network')), options);
}

/** Checks the `{ code, msg, ... }` envelope: returns it when `code` is 200, throws an ApiError otherwise. */
function settle(status: number, payload: unknown, options: RequestOptions): Record<string, unknown> {
  const envelope = isRecord(payload) ? payload : null;
  const code = typeof envelope?.code === 'number' ? envelope.code : status;
  if (envelope && code === 200 && status >= 200 && status < 300) return envelope;
  const msg =
    typeof envelope?.msg === 'string' && envelope.msg
      ? envelope.msg
      : i18n.t('errors.unexpectedResponse', { status });
  throw report(new ApiError(code === 200 ? status : code, msg, asFieldErrors(envelope?.fields)), options);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function baseHeaders(): Headers {
  return new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
}

async function send(
  path: string,
  options: RequestOptions,
  retried = false,
): Promise<Record<string, unknown>> {
  const method = options.method ?? 'GET';
  const headers = baseHeaders();
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  let sentToken: string | null = null;
  if (method !== 'GET') {
    sentToken = await csrfToken(options);
    headers.set(CSRF_HEADER, sentToken);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError(options);
  }

  // A CSRF refusal comes with a new cookie (the old one had expired or was planted): send once more with it.
  // The refusal happens before any handler runs, so repeating the write is safe.
  if (response.status === 403 && sentToken !== null && !retried) {
    const renewed = readCookie(CSRF_COOKIE);
    if (renewed && renewed !== sentToken) return send(path, options, true);
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError(options);
  }
  return settle(response.status, parseJson(text), options);
}

/** One call to the API; resolves with the envelope's `data`. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await send(path, options);
  return envelope.data as T;
}

/** One call to a list endpoint; resolves with `{ rows, total, ...extra }`. */
export async function apiList<Row, Extra extends object = object>(
  path: string,
  options: RequestOptions = {},
): Promise<ListResult<Row, Extra>> {
  const { code: _code, msg: _msg, ...rest } = await send(path, options);
  const rows = Array.isArray(rest.rows) ? (rest.rows as Row[]) : [];
  const total = typeof rest.total === 'number' ? rest.total : rows.length;
  return { ...(rest as Extra), rows, total };
}

type Options = Omit<RequestOptions, 'method' | 'body' | 'query'>;

/** Shorthands over apiRequest / apiList. */
export const api = {
  get: <T = unknown>(path: string, query?: QueryParams, options?: Options) =>
    apiRequest<T>(path, { ...options, query }),
  list: <Row, Extra extends object = object>(path: string, query?: QueryParams, options?: Options) =>
    apiList<Row, Extra>(path, { ...options, query }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

export interface SendFileOptions {
  /** Called with 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
}

export interface UploadOptions extends SendFileOptions {
  purpose: FilePurpose;
}

/**
 * POSTs one file as multipart field `file` to `path` and answers the envelope's `data`. Uses XMLHttpRequest because
 * fetch cannot report upload progress. Errors behave as in apiRequest; an abort rejects with a DOMException named
 * AbortError.
 */
export async function sendFile<T>(path: string, file: Blob, options: SendFileOptions = {}): Promise<T> {
  const requestOptions: RequestOptions = { silent: options.silent, signal: options.signal };
  const token = await csrfToken(requestOptions);
  return new Promise<T>((resolve, reject) => {
    const abortError = () => new DOMException('The upload was aborted', 'AbortError');
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    baseHeaders().forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      try {
        const envelope = settle(xhr.status, parseJson(xhr.responseText), requestOptions);
        options.onProgress?.(100);
        resolve(envelope.data as T);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(networkError(requestOptions));
    xhr.ontimeout = () => reject(networkError(requestOptions));
    xhr.onabort = () => reject(abortError());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'file');
    xhr.send(form);
  });
}

/** Uploads one file for later use (`POST /api/files?purpose=…`); the answer lists the stored file. */
export async function uploadFile(file: Blob, options: UploadOptions): Promise<StoredFile[]> {
  const data = await sendFile<unknown>(buildUrl('/api/files', { purpose: options.purpose }), file, options);
  return Array.isArray(data) ? (data as StoredFile[]) : [];
}
