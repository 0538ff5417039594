import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { refreshDatasetSummary, upsertMarks } from './repository.ts';
import { markRecord } from './test-marks.ts';

let t: TestApp;
let customer: TestClient;
let colleague: TestClient;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp({ trademarkFreeSearches: 4 });
  await upsertMarks(t.ctx.db, [
    markRecord('APPLE', { niceClass: [9, 42], dataset: 'US', applicationDate: '2024-05-02' }),
    markRecord('APPLE PAY', { niceClass: [36], dataset: 'UF', status: 'filed' }),
    markRecord('APPEL', { niceClass: [9], dataset: 'EM', status: 'ended' }),
    markRecord('APPLE', { niceClass: [30], dataset: 'DE' }),
    markRecord('APPLE', { niceClass: [29], dataset: 'JP', applicationDate: '2023-01-01' }),
    markRecord('BANANA', { niceClass: [9], dataset: 'US' }),
    markRecord('小米', { niceClass: [9], dataset: 'CN' }),
  ]);
  await refreshDatasetSummary(t.ctx.db);
  customer = await t.loggedIn('buyer', 'customer', 'Shared Co');
  colleague = await t.loggedIn('buyer2', 'customer', 'Shared Co');
  staff = await t.loggedIn('advisor', 'consultant');
});
afterAll(async () => {
  await t.close();
});

const search = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.request({ method: 'POST', url: '/api/trademark/search', payload: body, headers });

describe('trademark search', () => {
  it('finds similar marks in the expanded datasets with scores, signals and per-class risk', async () => {
    const response = await search(staff, { text: 'apple', datasets: 'US', classes: [9] });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.datasets).toEqual(['US', 'UF', 'EM', 'WO', 'WPP']);
    const names = data.results.map(
      (item: { name: string; dataset: string }) => `${item.name}/${item.dataset}`,
    );
    expect(names).toContain('APPLE/US');
    // An EU mark has no effect in the US: searched with the datasets, but not listed.
    expect(names).not.toContain('APPEL/EM');
    expect(names).not.toContain('APPLE/DE');
    expect(names).not.toContain('BANANA/US');
    const apple = data.results.find((item: { name: string }) => item.name === 'APPLE');
    expect(apple).toMatchObject({
      similarityScore: 100,
      signals: expect.arrayContaining(['exact']),
      niceClass: [9, 42],
    });
    expect(apple.goodsAndServices).toEqual({ '9': 'Computer software' });
    expect(data.niceClassStatistics['9']).toMatchObject({ maxSimilarityScore: 100, level: 'very_high_risk' });
    expect(data.classAssociations['9']).toEqual(expect.arrayContaining([38, 42]));
    expect(data.remainingSearches).toBeNull();
  });

  it('counts every match in the class statistics, not only the page', async () => {
    const data = (await search(staff, { text: 'apple', datasets: 'US', pageSize: 1 })).json().data;
    expect(data.results).toHaveLength(1);
    expect(data.total).toBeGreaterThanOrEqual(2);
    const counted = Object.values(data.niceClassStatistics as Record<string, { count: number }>).reduce(
      (sum, stat) => sum + stat.count,
      0,
    );
    expect(counted).toBeGreaterThanOrEqual(data.total);
  });

  it('brings in every EU member for one member, and filters by status', async () => {
    const data = (await search(staff, { text: 'apple', datasets: 'DE', status: 'registered' })).json().data;
    expect(data.datasets).toEqual(expect.arrayContaining(['FR', 'DE', 'IT', 'EM', 'WO', 'WPP']));
    expect(data.results.map((item: { dataset: string }) => item.dataset)).toContain('DE');
    expect(data.results.every((item: { status: string }) => item.status === 'registered')).toBe(true);
  });

  it('uses the stricter thresholds when only DE, JP, EM or GB is chosen', async () => {
    const body = { text: 'APPLE PIE', datasets: 'JP' };
    const single = (await search(staff, body)).json().data.niceClassStatistics['29'];
    expect(single.maxSimilarityScore).toBeGreaterThanOrEqual(80);
    expect(single.maxSimilarityScore).toBeLessThan(85);
    expect(single.level).toBe('high_risk');
    const both = (await search(staff, { ...body, datasets: 'JP,US' })).json().data.niceClassStatistics['29'];
    expect(both.level).toBe('very_high_risk');
  });

  it('takes the thresholds from the countries as chosen when the screen sends expanded datasets', async () => {
    const expanded = { text: 'APPLE PIE', datasets: 'JP,EM,WO,WPP' };
    const chosen = (await search(staff, { ...expanded, countries: 'JP' })).json().data.niceClassStatistics[
      '29'
    ];
    expect(chosen.level).toBe('high_risk');
    const unsaid = (await search(staff, expanded)).json().data.niceClassStatistics['29'];
    expect(unsaid.level).toBe('very_high_risk');
  });

  it('compares Chinese by pinyin', async () => {
    const data = (await search(staff, { text: 'XIAOMI', datasets: 'CN' })).json().data;
    expect(data.results.map((item: { name: string }) => item.name)).toContain('小米');
  });

  it.each([
    [{ datasets: 'US' }, '请输入商标名称', 'please enter trademark name'],
    [{ text: '', datasets: 'US' }, '请输入商标名称', 'please enter trademark name'],
    [{ text: '   ', datasets: 'US' }, '请输入非空白的关键词', 'please enter a non-blank keyword'],
    [{ text: 'apple' }, '请选择国家/地区', 'please choose country/region'],
    [{ text: 'apple', datasets: '' }, '请选择国家/地区', 'please choose country/region'],
  ])('answers %j with a message, in both languages', async (body, zh, en) => {
    const chinese = await search(customer, body);
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json()).toMatchObject({ code: 400, msg: zh });
    expect((await search(customer, body, { 'accept-language': 'en-US' })).json().msg).toBe(en);
  });

  it.each([
    [{ text: 'a', datasets: 'US', classes: [46] }],
    [{ text: 'a', datasets: 'US', status: 'lost' }],
    [{ text: 'a', datasets: 'usa!' }],
    [{ text: 'a'.repeat(101), datasets: 'US' }],
    [{ text: 'a', datasets: 'US', pageSize: 500 }],
    [{ text: 'a', datasets: 'US', page: -1 }],
    [{ text: 'a', datasets: 'US', extra: 1 }],
  ])('refuses malformed input %j with 400 and charges nothing', async (body) => {
    const before = (await customer.get('/api/trademark/search-count')).json().data[0];
    expect((await search(customer, body)).statusCode).toBe(400);
    expect((await customer.get('/api/trademark/search-count')).json().data[0]).toBe(before);
  });
});

describe('free search quota', () => {
  it('charges a new search, not paging or re-filtering with its searchId, and stops at zero', async () => {
    const start = (await customer.get('/api/trademark/search-count')).json().data[0];
    expect(start).toBe(4);
    const first = (await search(customer, { text: 'apple', datasets: 'US', pageSize: 1 })).json().data;
    expect(first.remainingSearches).toBe(3);
    const next = { text: 'apple', datasets: 'US', pageSize: 1, searchId: first.searchId };
    const page2 = (await search(customer, { ...next, page: 1 })).json().data;
    expect(page2.searchId).toBe(first.searchId);
    expect(page2.results[0].id).not.toBe(first.results[0].id);
    expect((await search(customer, { ...next, status: 'filed' })).json().data.remainingSearches).toBe(3);

    // The same company shares the allowance; a searchId is only reused by the user who made it.
    expect((await search(colleague, { ...next, page: 1 })).json().data.remainingSearches).toBe(2);
    await search(customer, { text: 'banana', datasets: 'US' });
    expect((await search(customer, { text: 'cherry', datasets: 'US' })).json().data.remainingSearches).toBe(
      0,
    );

    const refused = await search(customer, { text: 'durian', datasets: 'US' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().msg).toBe('您的免费查询次数已用完，下单后可解锁更多查询次数');
    expect((await search(customer, { ...next, page: 2 })).statusCode).toBe(200);
    expect((await customer.get('/api/trademark/search-count')).json()).toMatchObject({
      code: 200,
      data: [0],
    });
  });

  it('shows another chosen country of the same search under its searchId without charging again', async () => {
    const buyer = await t.loggedIn('tab-buyer', 'customer', 'Tab Co');
    const names = (data: { results: { name: string; dataset: string }[] }) =>
      data.results.map((item) => `${item.name}/${item.dataset}`);
    const body = { text: 'apple', datasets: 'US,DE' };
    const us = (await search(buyer, { ...body, country: 'US' })).json().data;
    expect(us.remainingSearches).toBe(3);
    expect(names(us)).toContain('APPLE/US');
    expect(names(us)).not.toContain('APPLE/DE');
    expect(us.datasets).toEqual(['US', 'UF', 'EM', 'WO', 'WPP']);

    const tab = { ...body, searchId: us.searchId };
    const de = (await search(buyer, { ...tab, country: 'DE' })).json().data;
    expect(de.searchId).toBe(us.searchId);
    expect(de.remainingSearches).toBe(3);
    expect(names(de)).toContain('APPLE/DE');
    expect(names(de)).not.toContain('APPLE/US');
    expect(de.datasets).toEqual(expect.arrayContaining(['DE', 'FR', 'EM']));
    expect(de.datasets).not.toContain('US');
    const filtered = (await search(buyer, { ...tab, country: 'DE', status: 'ended' })).json().data;
    expect(filtered.remainingSearches).toBe(3);
    expect(filtered.results.every((item: { status: string }) => item.status === 'ended')).toBe(true);

    // Without a tab the search covers every chosen country, as before; a country not chosen is refused.
    const all = (await search(buyer, tab)).json().data;
    expect(names(all)).toEqual(expect.arrayContaining(['APPLE/US', 'APPLE/DE']));
    expect(all.remainingSearches).toBe(3);
    const other = await search(buyer, { ...tab, country: 'JP' });
    expect(other.statusCode).toBe(400);
    expect((await buyer.get('/api/trademark/search-count')).json().data[0]).toBe(3);
    // A new text is a new search, tab or not.
    expect(
      (await search(buyer, { ...tab, text: 'banana', country: 'DE' })).json().data.remainingSearches,
    ).toBe(2);
  });

  it('charges no more searches than are left when many are sent at once', async () => {
    const rush = await t.loggedIn('rush-buyer', 'customer', 'Rush Co');
    const texts = Array.from({ length: 10 }, (_, index) => `rush ${index}`);
    const answers = await Promise.all(texts.map((text) => search(rush, { text, datasets: 'US' })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 402)).toHaveLength(texts.length - 4);
    expect((await rush.get('/api/trademark/search-count')).json().data[0]).toBe(0);
  });

  it('does not limit staff', async () => {
    expect((await staff.get('/api/trademark/search-count')).json().data).toEqual([null]);
  });

  it('needs a login', async () => {
    expect((await search(t.client(), { text: 'a', datasets: 'US' })).statusCode).toBe(401);
  });
});

describe('search screen data', () => {
  it('gives the newest application date per market', async () => {
    const data = (await customer.get('/api/trademark/register-times')).json().data;
    expect(data.US).toEqual({ lastAppDate: '2024-05-02', generated: false });
    expect(data.JP).toEqual({ lastAppDate: '2023-01-01', generated: false });
  });

  it("gives the customer's consultant", async () => {
    const consultantId = await t.user('tm-expert', 'consultant');
    await t.ctx.db
      .updateTable('users')
      .set({ phone: '13900000000', wechat_code: 'https://u.wechat.com/x' })
      .where('id', '=', consultantId)
      .execute();
    await t.ctx.db
      .updateTable('customers')
      .set({ owner_user_id: consultantId })
      .where('name', '=', 'Shared Co')
      .execute();
    expect((await customer.get('/api/trademark/consultant')).json().data).toEqual({
      nickName: 'tm-expert',
      phonenumber: '13900000000',
      wechatCode: 'https://u.wechat.com/x',
    });
  });

  it('lists trademark registration products per country and one product by id', async () => {
    const service = await t.ctx.db
      .insertInto('services')
      .values({
        name: '美国商标注册',
        name_en: 'US trademark registration',
        type_code: 'basic',
        category_id: 3,
        country: 'US',
        price: 260_000,
        currency: 'CNY',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const products = (await customer.get('/api/trademark/country-products?type=1')).json().data;
    expect(products.US).toMatchObject({
      id: service.id,
      name: '美国商标注册',
      price: 260_000,
      currency: 'CNY',
    });
    expect(
      (await customer.get(`/api/products/${service.id}?type=0`, { 'accept-language': 'en' })).json().data
        .name,
    ).toBe('US trademark registration');
    expect((await customer.get('/api/products/999999?type=0')).statusCode).toBe(404);
    expect((await customer.get('/api/trademark/country-products?type=9')).statusCode).toBe(400);
  });
});
