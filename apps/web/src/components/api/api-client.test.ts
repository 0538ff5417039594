import { CSRF_COOKIE, CSRF_HEADER } from '@kxt/contracts/auth-constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../locales/i18n.ts';
import { deferred, fail, mockApi, ok, setCookie } from '../../test/mock-api.ts';
import {
  ApiError,
  api,
  apiList,
  apiRequest,
  sendToLoginPage,
  setApiClientHooks,
  uploadFile,
} from './api-client.ts';

const notify = vi.fn<(msg: string) => void>();
const unauthorized = vi.fn<() => void>();
let restoreHooks: () => void;

beforeEach(() => {
  notify.mockReset();
  unauthorized.mockReset();
  restoreHooks = setApiClientHooks({ notify, unauthorized });
});
afterEach(() => restoreHooks());

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('requests', () => {
  it('sends JSON with Accept-Language, same-origin credentials and the CSRF cookie echoed in the header', async () => {
    setCookie(CSRF_COOKIE, 'token-from-cookie');
    const server = mockApi({ 'POST /api/things': ok({ id: 1 }) });

    await api.post('/api/things', { name: 'x' });

    const [call] = server.calls;
    expect(call?.headers.get(CSRF_HEADER)).toBe('token-from-cookie');
    expect(call?.headers.get('accept-language')).toBe('zh-CN');
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.body).toEqual({ name: 'x' });
    expect(server.fetch.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('fetches the CSRF token once when the cookie is missing, even for concurrent writes', async () => {
    const server = mockApi({
      'GET /api/auth/csrf': () => {
        setCookie(CSRF_COOKIE, 'fresh-token');
        return ok({ token: 'fresh-token' });
      },
      'POST /api/things': ok(null),
      'DELETE /api/things/1': ok(null),
    });

    await Promise.all([api.post('/api/things', {}), api.delete('/api/things/1')]);

    expect(server.callsTo('GET /api/auth/csrf')).toHaveLength(1);
    expect(server.callsTo('POST /api/things')[0]?.headers.get(CSRF_HEADER)).toBe('fresh-token');
    expect(server.callsTo('DELETE /api/things/1')[0]?.headers.get(CSRF_HEADER)).toBe('fresh-token');
  });

  it('sends no CSRF header and no body on GET, and encodes the query (lists comma-separated)', async () => {
    const server = mockApi({ 'GET /api/marks': ok([]) });

    await api.get('/api/marks', {
      search: 'KXT 商标',
      niceClass: [9, 25],
      page: 0,
      empty: '',
      gone: undefined,
    });

    const [call] = server.calls;
    expect(call?.headers.has(CSRF_HEADER)).toBe(false);
    expect(call?.body).toBeUndefined();
    expect(call?.url.search).toBe('?search=KXT+%E5%95%86%E6%A0%87&niceClass=9%2C25&page=0');
  });

  it('repeats a write once when the server refused the CSRF token and set a new cookie', async () => {
    setCookie(CSRF_COOKIE, 'stale');
    let attempts = 0;
    const server = mockApi({
      'POST /api/things': (call) => {
        attempts += 1;
        if (call.headers.get(CSRF_HEADER) === 'stale') {
          setCookie(CSRF_COOKIE, 'renewed');
          return fail(403, 'This page has expired');
        }
        return ok('done');
      },
    });

    await expect(api.post('/api/things', {})).resolves.toBe('done');
    expect(attempts).toBe(2);
    expect(server.calls[1]?.headers.get(CSRF_HEADER)).toBe('renewed');
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it('unwraps data from the envelope', async () => {
    mockApi({ 'GET /api/auth/me': ok({ id: 7, username: 'customer1' }) });
    await expect(apiRequest('/api/auth/me')).resolves.toEqual({ id: 7, username: 'customer1' });
  });

  it('unwraps a list into rows, total and the extra fields', async () => {
    mockApi({
      'GET /api/orders': {
        status: 200,
        body: { code: 200, msg: 'OK', rows: [{ id: 1 }], total: 41, obj: { statusTabs: [] } },
      },
    });
    await expect(apiList('/api/orders')).resolves.toEqual({
      rows: [{ id: 1 }],
      total: 41,
      obj: { statusTabs: [] },
    });
  });

  it('throws ApiError with status, msg and field errors, and shows the msg', async () => {
    mockApi({ 'POST /api/things': fail(400, 'Please check these fields: name', { name: 'is required' }) });
    setCookie(CSRF_COOKIE, 't');

    const error = await caught(api.post('/api/things', {}));

    expect(error).toMatchObject({
      status: 400,
      msg: 'Please check these fields: name',
      fields: { name: 'is required' },
    });
    expect(notify).toHaveBeenCalledWith('Please check these fields: name');
  });

  it('treats an envelope whose code is not 200 as an error even on HTTP 200', async () => {
    mockApi({ 'GET /api/odd': { status: 200, body: { code: 500, msg: 'Broken' } } });
    const error = await caught(apiRequest('/api/odd'));
    expect(error.status).toBe(500);
    expect(notify).toHaveBeenCalledWith('Broken');
  });

  it('does not show the msg when the caller handles it (silent)', async () => {
    mockApi({ 'GET /api/things': fail(409, 'Conflict') });
    await caught(api.get('/api/things', undefined, { silent: true }));
    expect(notify).not.toHaveBeenCalled();
  });

  it('explains an answer that is not our envelope (a proxy error page)', async () => {
    mockApi({ 'GET /api/things': { status: 502, text: '<html>Bad Gateway</html>' } });
    const error = await caught(api.get('/api/things'));
    expect(error.status).toBe(502);
    expect(error.msg).toBe(i18n.t('errors.unexpectedResponse', { status: 502 }));
  });

  it('turns a network failure into ApiError status 0 with a message in the UI language', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await i18n.changeLanguage('en-US');

    const error = await caught(api.get('/api/things'));

    expect(error.status).toBe(0);
    expect(error.msg).toBe('Network error: please check your connection and try again');
    expect(notify).toHaveBeenCalledWith(error.msg);
  });

  it('lets an abort through as an AbortError, without a message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(api.get('/api/things')).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('session end', () => {
  it('reports a 401 from an ordinary call as the end of the session', async () => {
    mockApi({ 'GET /api/things': fail(401, 'Please log in first') });
    await caught(api.get('/api/things'));
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 from login or me to the caller', async () => {
    setCookie(CSRF_COOKIE, 't');
    mockApi({
      'POST /api/auth/login': fail(401, 'Wrong username or password'),
      'GET /api/auth/me': fail(401, 'Please log in first'),
    });
    await caught(api.post('/api/auth/login', { username: 'a', password: 'b' }, { authRedirect: false }));
    await caught(apiRequest('/api/auth/me', { authRedirect: false }));
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('without the app, sends the browser to the login page remembering where it was', async () => {
    // The hooks another test file's app left do not matter: this is the behaviour the client starts with.
    restoreHooks();
    restoreHooks = setApiClientHooks({ notify, unauthorized: sendToLoginPage });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/trademark/patent',
      search: '?t=1',
      hash: '',
      assign,
    });
    mockApi({ 'GET /api/things': fail(401, 'Please log in first') });

    await caught(api.get('/api/things'));

    expect(assign).toHaveBeenCalledWith('/login?redirect=%2Ftrademark%2Fpatent%3Ft%3D1');
  });
});

/** A stand-in for XMLHttpRequest that records what was sent and lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers = new Headers();
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent = deferred<void>();

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    this.body = body;
    this.sent.resolve();
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadFile', () => {
  const stored = {
    id: 'f1',
    url: '/api/files/f1',
    name: 'receipt.pdf',
    type: 'application/pdf',
    size: 4,
    sha256: 'ab',
  };

  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setCookie(CSRF_COOKIE, 'upload-token');
  });

  it('posts the file as multipart field "file" with the CSRF header, reports progress and resolves the stored files', async () => {
    const progress: number[] = [];
    const file = new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' });

    const upload = uploadFile(file, { purpose: 'document', onProgress: (percent) => progress.push(percent) });
    await vi.waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    const xhr = FakeXhr.last as FakeXhr;
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
    xhr.answer(200, { code: 200, msg: 'OK', data: [stored] });

    await expect(upload).resolves.toEqual([stored]);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files?purpose=document');
    expect(xhr.headers.get(CSRF_HEADER)).toBe('upload-token');
    expect(xhr.headers.get('accept-language')).toBe('zh-CN');
    const sentFile = xhr.body?.get('file');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('receipt.pdf');
    expect(progress).toEqual([50, 100]);
  });

  it('rejects with ApiError and shows the msg when the server refuses the file', async () => {
    const upload = uploadFile(new Blob(['x']), { purpose: 'image' });
    await vi.waitFor(() => expect(FakeXhr.last?.body).not.toBeNull());
    (FakeXhr.last as FakeXhr).answer(400, { code: 400, msg: 'file type not supported' });

    const error = await caught(upload);
    expect(error).toMatchObject({ status: 400, msg: 'file type not supported' });
    expect(notify).toHaveBeenCalledWith('file type not supported');
  });
});
