import { MAX_TABLE_VIEWS } from '@kxt/contracts/table-views';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loggedIn('alice', 'consultant');
  bob = await t.loggedIn('bob', 'consultant');
});
afterAll(async () => {
  await t.close();
});

const LIST = '/api/table-views/admin.service-items';
const views = async (client: TestClient, url = LIST) =>
  (await client.get(url)).json().data as { id: number; name: string; query: string; isDefault: boolean }[];
const patch = (client: TestClient, id: number, body: unknown) =>
  client.request({ method: 'PATCH', url: `${LIST}/${id}`, payload: body as Record<string, unknown> });
const remove = (client: TestClient, id: number) => client.request({ method: 'DELETE', url: `${LIST}/${id}` });

describe('saved views of a list', () => {
  let overdue: number;
  let vat: number;

  it('keeps named views per user and list, one of them the default', async () => {
    expect(await views(alice)).toEqual([]);
    const first = await alice.post(LIST, {
      name: ' 逾期的VAT ',
      query: 'keyword=VAT&overdueStatus=3',
      isDefault: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    overdue = first.json().data.id;
    vat = (await alice.post(LIST, { name: 'VAT', query: 'keyword=VAT' })).json().data.id;
    expect(await views(alice)).toEqual([
      { id: vat, name: 'VAT', query: 'keyword=VAT', isDefault: false },
      { id: overdue, name: '逾期的VAT', query: 'keyword=VAT&overdueStatus=3', isDefault: true },
    ]);
    // Another user and another list see none of them.
    expect(await views(bob)).toEqual([]);
    expect(await views(alice, '/api/table-views/admin.customers')).toEqual([]);
  });

  it('moves the default: marking one unmarks the other', async () => {
    expect((await patch(alice, vat, { isDefault: true })).statusCode).toBe(200);
    const marked = (await views(alice)).filter((view) => view.isDefault).map((view) => view.id);
    expect(marked).toEqual([vat]);
    expect((await patch(alice, vat, { isDefault: false })).json().data.isDefault).toBe(false);
  });

  it('renames and changes a view, but not into a name already taken (409)', async () => {
    expect((await patch(alice, vat, { name: 'VAT 服务中', query: 'keyword=VAT&status=2' })).statusCode).toBe(
      200,
    );
    const taken = await patch(alice, vat, { name: '逾期的VAT' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toContain('逾期的VAT');
    expect((await alice.post(LIST, { name: '逾期的VAT', query: '' })).statusCode).toBe(409);
  });

  it("refuses another user's view (404) and bad input (400), changing nothing", async () => {
    expect((await patch(bob, vat, { name: 'mine' })).statusCode).toBe(404);
    expect((await remove(bob, vat)).statusCode).toBe(404);
    for (const body of [
      { name: '', query: '' },
      { name: 'x'.repeat(41), query: '' },
      { name: 'ok', query: '?keyword=VAT' },
      { name: 'ok', query: 'a'.repeat(2001) },
      { name: 'ok', query: '', shared: true },
    ]) {
      expect((await alice.post(LIST, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(alice, vat, {})).statusCode).toBe(400);
    expect((await alice.post('/api/table-views/bad key!', { name: 'x', query: '' })).statusCode).toBe(400);
    expect((await views(alice)).map((view) => view.name)).toEqual(['VAT 服务中', '逾期的VAT']);
  });

  it(`keeps at most ${MAX_TABLE_VIEWS} views per list`, async () => {
    for (let i = (await views(alice)).length; i < MAX_TABLE_VIEWS; i++) {
      expect((await alice.post(LIST, { name: `v${i}`, query: `pageSize=${i}` })).statusCode).toBe(200);
    }
    const over = await alice.post(LIST, { name: 'one too many', query: '' });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toContain(String(MAX_TABLE_VIEWS));
  });

  it('deletes a view', async () => {
    expect((await remove(alice, overdue)).statusCode).toBe(200);
    expect((await views(alice)).some((view) => view.id === overdue)).toBe(false);
    expect((await remove(alice, overdue)).statusCode).toBe(404);
  });
});
