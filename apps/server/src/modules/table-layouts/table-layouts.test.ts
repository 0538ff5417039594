import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loggedIn('alice', 'admin');
  bob = await t.loggedIn('bob', 'finance');
});
afterAll(async () => {
  await t.close();
});

const fieldInfo = JSON.stringify({
  checkedKeys: ['serviceCode', 'customerName', 'actions'],
  tableColums: [
    { key: 'customerName', fixed: 'left', show: true },
    { key: 'serviceCode', show: true, width: 160 },
    { key: 'remark', show: false },
    { key: 'actions', fixed: 'right', show: true },
  ],
});
const put = (client: TestClient, moduleKey: string, body: unknown) =>
  client.request({
    method: 'PUT',
    url: `/api/table-layouts/${moduleKey}`,
    payload: body as Record<string, unknown>,
  });

describe('saved table layouts', () => {
  it('are empty until saved, then kept per user and table', async () => {
    expect((await alice.get('/api/table-layouts/service-items')).json()).toMatchObject({
      code: 200,
      data: null,
    });
    const saved = await put(alice, 'service-items', { id: null, moduleKey: 'service-items', fieldInfo });
    expect(saved.statusCode).toBe(200);
    expect((await alice.get('/api/table-layouts/service-items')).json().data).toEqual({
      id: saved.json().data.id,
      moduleKey: 'service-items',
      fieldInfo,
    });
    expect((await bob.get('/api/table-layouts/service-items')).json().data).toBeNull();
    expect((await alice.get('/api/table-layouts/customers')).json().data).toBeNull();
  });

  it('replace the earlier layout instead of adding one', async () => {
    const next = JSON.stringify({ checkedKeys: ['actions'], tableColums: [{ key: 'actions' }] });
    await put(alice, 'tax', { moduleKey: 'tax', fieldInfo });
    await put(alice, 'tax', { moduleKey: 'tax', fieldInfo: next });
    expect((await alice.get('/api/table-layouts/tax')).json().data.fieldInfo).toBe(next);
    const rows = await t.ctx.db
      .selectFrom('table_layouts')
      .selectAll()
      .where('module_key', '=', 'tax')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['text that is not JSON', '{"checkedKeys": ['],
    ['JSON without tableColums', JSON.stringify({ checkedKeys: [] })],
    ['extra keys', JSON.stringify({ checkedKeys: [], tableColums: [], script: 'x' })],
    [
      'a wrongly typed column',
      JSON.stringify({ checkedKeys: [], tableColums: [{ key: 'a', fixed: 'middle' }] }),
    ],
    ['an object instead of text', { checkedKeys: [], tableColums: [] }],
  ])('refuse %s with 400 and keep the old layout', async (_, badFieldInfo) => {
    await put(bob, 'orders', { moduleKey: 'orders', fieldInfo });
    const response = await put(bob, 'orders', { moduleKey: 'orders', fieldInfo: badFieldInfo });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('fieldInfo');
    expect((await bob.get('/api/table-layouts/orders')).json().data.fieldInfo).toBe(fieldInfo);
  });

  it('refuse a body for another table and a malformed key', async () => {
    expect((await put(bob, 'orders', { moduleKey: 'other', fieldInfo })).statusCode).toBe(400);
    expect((await bob.get('/api/table-layouts/bad%20key')).statusCode).toBe(400);
  });

  it('need a login', async () => {
    expect((await t.client().get('/api/table-layouts/orders')).statusCode).toBe(401);
  });
});
