import { vi } from 'vitest';

/** One request the app made, as the mocked server saw it. */
export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface MockReply {
  status: number;
  body?: unknown;
  /** Raw text instead of JSON (a proxy's HTML error page, for example). */
  text?: string;
}

type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

export function ok(data: unknown): MockReply {
  return { status: 200, body: { code: 200, msg: 'OK', data } };
}

export function fail(status: number, msg: string, fields?: Record<string, string>): MockReply {
  return { status, body: { code: status, msg, ...(fields ? { fields } : {}) } };
}

/** Sets a cookie the way the server's Set-Cookie would (jsdom has no Cookie Store API). */
export function setCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

/**
 * Replaces `fetch` with a tiny server: handlers keyed by "METHOD /path" (query string ignored). Unhandled calls
 * answer 404 so a test fails loudly instead of hanging.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply = typeof handler === 'function' ? await handler(call) : (handler ?? fail(404, 'Not found'));
    const payload = reply.text ?? JSON.stringify(reply.body ?? null);
    return new Response(payload, {
      status: reply.status,
      headers: { 'content-type': reply.text === undefined ? 'application/json' : 'text/html' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetch: fetchMock,
    /** The calls to one endpoint, e.g. `callsTo('POST /api/auth/login')`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** A promise with its resolve function exposed, to hold a reply until the test has looked at a loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
