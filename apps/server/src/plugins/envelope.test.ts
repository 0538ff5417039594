import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { envelopePlugin } from './envelope.ts';

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
