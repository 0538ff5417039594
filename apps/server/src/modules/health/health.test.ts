import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('system endpoints', () => {
  it('reports health with the database kind and version, without a login', async () => {
    const response = await t.client().get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: testDialect(),
      version: 'test',
      searchIndex: expect.stringMatching(/^(building|ready)$/),
    });
  });

  it('says whether the trademark search index is built yet', async () => {
    const fresh = await createTestApp();
    try {
      const health = async () => (await fresh.client().get('/api/health')).json().searchIndex;
      expect(await health()).toBe('building');
      await fresh.ctx.trademarks.index.ready();
      expect(await health()).toBe('ready');
    } finally {
      await fresh.close();
    }
  });

  it('publishes the OpenAPI document with the auth and file routes', async () => {
    const response = await t.client().get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/me',
        '/api/files',
        '/api/files/{id}',
        '/api/health',
      ]),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('serves the browsable API docs', async () => {
    const response = await t.client().get('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
