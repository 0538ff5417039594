import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { renderStoredNotice } from './render.ts';
import { chooseLanguage, rejectMaterials, testWorker, userIdOf } from './test-helpers.ts';

let t: TestApp;
let reviewer: TestClient;
let customer: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  reviewer = await t.loggedIn('rev', 'reviewer');
  customer = await t.loggedIn('alice', 'customer', 'Alice Ltd');
});
afterEach(() => t.close());

type Listed = { id: number; title: string; body: string };

const listed = async (client: TestClient, query = ''): Promise<Listed[]> => {
  const response = await client.get(`/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().rows;
};

const storedRows = () => t.ctx.db.selectFrom('notifications').selectAll().orderBy('id').execute();

/** A notification row as one written before params were kept (or with params as given), for alice. */
async function storedNotification(values: { type?: string; params: string | null; title: string }) {
  return (
    await t.ctx.db
      .insertInto('notifications')
      .values({
        user_id: await userIdOf(t, 'alice'),
        event_key: `test:${values.title}`,
        type: values.type ?? 'patent.materialsRejected',
        title: values.title,
        body: `${values.title} 的正文`,
        params: values.params,
        link: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('notifications in the reader’s language of now', () => {
  it('lists a notification written while the user read Chinese in English after the switch, and back', async () => {
    await rejectMaterials(t, reviewer, 'alice', 'signature page missing');
    await testWorker(t.ctx.db).drain();
    const [chinese] = await listed(customer);
    expect(chinese?.title).toMatch(/^专利订单 .* 资料被驳回$/);
    expect(chinese?.body).toContain('原因：signature page missing');

    await chooseLanguage(customer, 'en-US');
    const [english] = await listed(customer);
    expect(english?.id).toBe(chinese?.id);
    expect(english?.title).toMatch(/^Materials of patent order .* rejected$/);
    expect(english?.body).toContain('were rejected: signature page missing.');
    // The applicant's name was entered in Chinese and stays as entered.
    expect(english?.body).toContain('(测试申请人)');
    expect(await listed(customer, '?unreadOnly=1')).toEqual([english]);
    // What was stored is not rewritten: it stays the fallback.
    expect((await storedRows())[0]).toMatchObject({ title: chinese?.title, body: chinese?.body });

    await chooseLanguage(customer, 'zh-CN');
    expect(await listed(customer)).toEqual([chinese]);
  });

  it('lists one written in English in Chinese once the user reads Chinese', async () => {
    await chooseLanguage(customer, 'en-US');
    await rejectMaterials(t, reviewer, 'alice', 'blurry scan');
    await testWorker(t.ctx.db).drain();
    expect((await listed(customer))[0]?.title).toMatch(/^Materials of patent order/);
    await chooseLanguage(customer, 'zh-CN');
    const [row] = await listed(customer);
    expect(row?.title).toMatch(/^专利订单 .* 资料被驳回$/);
    expect(row?.body).toContain('原因：blurry scan');
  });

  it('stores the values of the text as data, which render the stored text again in the language it was written in', async () => {
    await rejectMaterials(t, reviewer, 'alice', 'signature page missing');
    await testWorker(t.ctx.db).drain();
    const [row] = await storedRows();
    if (!row?.params) throw new Error('no params stored');
    const params = JSON.parse(row.params) as Record<string, unknown>;
    expect(params).toMatchObject({
      orderNo: expect.stringMatching(/^P-TEST-\d+ \/ PT-TEST-\d+$/),
      title: '测试申请人',
      reason: 'signature page missing',
      from: { 'zh-CN': expect.any(String), 'en-US': expect.any(String) },
      to: { 'zh-CN': expect.any(String), 'en-US': expect.any(String) },
    });
    for (const value of Object.values(params)) {
      const isText = typeof value === 'string' || typeof value === 'number';
      const inBothLanguages =
        typeof value === 'object' && value !== null && Object.keys(value).sort().join() === 'en-US,zh-CN';
      expect(isText || inBothLanguages).toBe(true);
    }
    expect(renderStoredNotice(row, 'zh-CN')).toEqual({ title: row.title, body: row.body });
  });
});

describe('the stored text stands when a notification cannot be rendered again', () => {
  it('shows a row written before params were kept as it was written, in either language', async () => {
    await storedNotification({ params: null, title: '旧通知' });
    await chooseLanguage(customer, 'en-US');
    expect(await listed(customer)).toMatchObject([{ title: '旧通知', body: '旧通知 的正文' }]);
    await chooseLanguage(customer, 'zh-CN');
    expect(await listed(customer)).toMatchObject([{ title: '旧通知', body: '旧通知 的正文' }]);
  });

  it('shows rows with malformed or odd params as stored, and still lists the good ones', async () => {
    const odd: { title: string; params: string; type?: string }[] = [
      { title: 'malformed', params: '{"orderNo": "P-1", "title": ' },
      { title: 'empty text', params: '' },
      { title: 'json null', params: 'null' },
      { title: 'json array', params: '["P-1", "x", "y"]' },
      { title: 'json text', params: '"P-1"' },
      { title: 'null value', params: '{"orderNo": null, "title": "x", "reason": "y"}' },
      { title: 'nested', params: '{"orderNo": {"a": 1}, "title": "x", "reason": "y"}' },
      { title: 'one language', params: '{"orderNo": {"zh-CN": "P-1"}, "title": "x", "reason": "y"}' },
      { title: 'missing value', params: '{"orderNo": "P-1"}' },
      { title: 'inherited name', params: '{"orderNo": "P-1", "__proto__": {"title": "x", "reason": "y"}}' },
      { title: 'unknown type', params: '{"orderNo": "P-1"}', type: 'patent.retired' },
      { title: 'not a notification', params: '{"code": "1", "minutes": 5}', type: 'account.sms.resetCode' },
    ];
    for (const row of odd) await storedNotification(row);
    const good = await storedNotification({
      title: 'good',
      params: JSON.stringify({ orderNo: 'P-9', title: 'Acme', reason: 'blurry' }),
    });
    await chooseLanguage(customer, 'en-US');
    const rows = await listed(customer, '?pageSize=50');
    expect(rows.find((row) => row.id === good)?.title).toBe('Materials of patent order P-9 rejected');
    expect(
      rows
        .filter((row) => row.id !== good)
        .map((row) => ({ title: row.title, body: row.body }))
        .reverse(),
    ).toEqual(odd.map((row) => ({ title: row.title, body: `${row.title} 的正文` })));
  });

  it('renders values given per language in the reader’s language', () => {
    const row = {
      type: 'patent.moved',
      params: JSON.stringify({
        orderNo: 'P-1',
        title: '测试申请人',
        from: { 'zh-CN': '待审核', 'en-US': 'In review' },
        to: { 'zh-CN': '已提交', 'en-US': 'Filed' },
      }),
      title: 'stored',
      body: 'stored',
    };
    expect(renderStoredNotice(row, 'en-US').body).toBe(
      'Your patent order P-1 (测试申请人) moved from "In review" to "Filed".',
    );
    expect(renderStoredNotice(row, 'zh-CN').body).toContain('「待审核」');
    expect(renderStoredNotice(row, 'fr' as 'en-US')).toEqual({ title: 'stored', body: 'stored' });
  });
});
