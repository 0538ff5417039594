import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/mock-api.ts';
import { getInfo, NetworkError, readCode, uploadSignature } from './api.ts';

describe('readCode', () => {
  it('reads the code URL-decoded, keeping a plus sign', () => {
    expect(readCode('?code=abc%2Bdef%2F%3D')).toBe('abc+def/=');
    expect(readCode('?code=a+b')).toBe('a+b');
    expect(readCode('?x=1&code=AbC_-9&y=2')).toBe('AbC_-9');
    expect(readCode('code=raw')).toBe('raw');
  });

  it('finds nothing without a query, without a code or with an empty one', () => {
    for (const search of ['', '?', '?x=1', '?code=', '?code=%20', '?codes=1'])
      expect(readCode(search)).toBeNull();
  });

  it('keeps a code that is not valid percent-encoding as it came', () => {
    expect(readCode('?code=100%')).toBe('100%');
  });
});

describe('signing calls', () => {
  it('sends the language and answers the envelope, whatever its code', async () => {
    const api = mockApi({ 'POST /api/kxt/getInfo': fail(410, '签署链接已过期') });
    expect(await getInfo('c1', 'en-US')).toEqual({ code: 410, msg: '签署链接已过期', data: undefined });
    const call = api.callsTo('POST /api/kxt/getInfo')[0];
    expect(call?.body).toEqual({ code: 'c1' });
    expect(call?.headers.get('accept-language')).toBe('en-US');
    expect(call?.headers.has('x-csrf-token')).toBe(false);
  });

  it('judges an answer that is not JSON by its HTTP status', async () => {
    mockApi({ 'POST /api/kxt/getInfo': { status: 502, text: '<html>Bad gateway</html>' } });
    expect(await getInfo('c1', 'zh-CN')).toEqual({ code: 502, msg: '' });
  });

  it('throws NetworkError when there is no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getInfo('c1', 'zh-CN')).rejects.toBeInstanceOf(NetworkError);
  });

  it('uploads the signature as multipart code + file named signature.png', async () => {
    const api = mockApi({ 'POST /api/kxt/upload': ok([{ url: '/api/kxt/file/f1?code=c1' }]) });
    const result = await uploadSignature('c1', new Blob(['png'], { type: 'image/png' }), 'zh-CN');
    expect(result.data?.[0]?.url).toBe('/api/kxt/file/f1?code=c1');
    const form = api.fetch.mock.calls[0]?.[1]?.body as FormData;
    expect(form.get('code')).toBe('c1');
    expect((form.get('file') as File).name).toBe('signature.png');
  });
});
