import type { Socket } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { clientErrorHandler, envelopePlugin } from './envelope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('error envelope', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const response = await t.client().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username": "a", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: '请求体不是有效的 JSON' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.client().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(413);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.client().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(415);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.client().get('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
  });

  it('rejects unknown fields nowhere silently: extra fields are ignored only where the schema allows it', async () => {
    const response = await t.client().post('/api/auth/login', { username: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      username: expect.any(String),
      password: expect.any(String),
    });
  });
});

describe('field messages say what is wrong with each field', () => {
  let logins = 0;
  const post = async (payload: unknown, language = 'zh-CN') => {
    const client = await t.loggedIn(`fields-${++logins}`, 'admin');
    return client.request({
      method: 'POST',
      url: '/api/table-views/patents',
      payload: payload as string,
      headers: { 'accept-language': language },
    });
  };

  it('names a missing field as required, not as badly formatted', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: '必填', query: '必填' });
  });

  it('says how long a text may be, and that an empty one is missing', async () => {
    const tooLong = await post({ name: 'x'.repeat(41), query: 'a=1' });
    expect(tooLong.json().fields).toEqual({ name: '最多 40 个字符' });
    const empty = await post({ name: '', query: 'a=1' }, 'en-US');
    expect(empty.json().fields).toEqual({ name: 'is required' });
  });

  it('names the type a field should have, in the reader language', async () => {
    const zh = await post({ name: 12, query: 'a=1', isDefault: 'yes' });
    expect(zh.json().fields).toEqual({
      name: '类型不正确，应为文本',
      isDefault: '类型不正确，应为true 或 false',
    });
    const en = await post({ name: 12, query: 'a=1' }, 'en-US');
    expect(en.json().fields).toEqual({ name: 'must be text' });
  });

  it('names each unknown field rather than the whole body', async () => {
    const response = await post({ name: 'a', query: 'a=1', zzz: 1, yyy: 2 });
    expect(response.json().fields).toEqual({ zzz: '不支持的字段', yyy: '不支持的字段' });
  });

  it('names the first twenty fields of a thousand, and cuts a made-up key short', async () => {
    const extra = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
    const many = await post({ name: 'a', query: 'a=1', ...extra });
    expect(Object.keys(many.json().fields)).toHaveLength(20);
    expect(many.json().msg).toMatch(/^请检查以下字段：k0, k1, .*k19, …$/);
    const long = await post({ name: 'a', query: 'a=1', ['x'.repeat(5000)]: 1 });
    expect(long.json().fields).toEqual({ [`${'x'.repeat(64)}…`]: '不支持的字段' });
  });

  it('says an impossible calendar date is not a date', async () => {
    const client = await t.loggedIn('fields-dates', 'admin');
    const response = await client.get('/api/admin/deadlines?from=2026-02-30&to=2026-03-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'query.from': '不是有效的日期（格式如 2026-01-31）' });
  });
});

describe('URLs the router cannot read', () => {
  it('answer an undecodable URL with the envelope in the reader language', async () => {
    const response = await t.client().get('/api/table-layouts/%ED%A0%80', { 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: 'The address is malformed; please check the link' });
  });

  it('answer a path parameter longer than any id with the envelope, without echoing the URL', async () => {
    const response = await t.client().get(`/api/account-links/${'a'.repeat(300)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: 414, msg: '网址格式不正确，请检查链接' });
  });

  it('answer a request Node cannot parse with the envelope before closing', () => {
    const written: string[] = [];
    let destroyed = false;
    const socket = {
      destroyed: false,
      writable: true,
      write: (chunk: string) => written.push(chunk),
      destroy: () => {
        destroyed = true;
      },
    } as unknown as Socket;
    clientErrorHandler(
      Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_CONTENT_LENGTH' }),
      socket,
    );
    const [head, body] = (written[0] ?? '').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body ?? '')}`);
    expect(JSON.parse(body ?? '')).toEqual({ code: 400, msg: '请求参数有误' });
    expect(destroyed).toBe(true);
  });
});

describe('real faults', () => {
  it('answer 500 without a stack trace or the error text', async () => {
    const app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    app.get('/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: '服务器开小差了，请稍后再试' });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
    await app.close();
  });
});
