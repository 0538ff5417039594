import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markImagePath } from '@kxt/contracts/trademarks';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { refreshDatasetSummary, upsertMarks } from './repository.ts';
import { markRecord } from './test-marks.ts';

let t: TestApp;
let buyer: TestClient;
let colleague: TestClient;
let stranger: TestClient;
let searchId: string;
/** Where the rendered pages go, to be looked at (`REPORT_PNG_DIR` keeps them in a known place). */
const out = process.env.REPORT_PNG_DIR ?? mkdtempSync(join(tmpdir(), 'kxt-report-'));

beforeAll(async () => {
  t = await createTestApp({ trademarkFreeSearches: 5 });
  await upsertMarks(t.ctx.db, [
    markRecord('APPLE', {
      niceClass: [9, 42],
      dataset: 'US',
      applicationDate: '2021-05-02',
      registrationDate: '2022-11-08',
      owner: 'Apple Orchard Ltd',
    }),
    markRecord('APPEL', { niceClass: [9], dataset: 'US', status: 'filed', owner: 'Appel GmbH' }),
    markRecord('APPLE', {
      niceClass: [9],
      dataset: 'CN',
      owner: '深圳苹果科技有限公司',
      applicationDate: '2020-01-10',
    }),
    markRecord('APPLE', { niceClass: [30], dataset: 'CN', owner: 'Fruit Co' }),
    markRecord('BANANA', { niceClass: [9], dataset: 'US' }),
  ]);
  await refreshDatasetSummary(t.ctx.db);
  buyer = await t.loggedIn('report-buyer', 'customer', 'Report Co');
  colleague = await t.loggedIn('report-colleague', 'customer', 'Report Co');
  stranger = await t.loggedIn('report-other', 'customer', 'Other Co');
  const response = await buyer.request({
    method: 'POST',
    url: '/api/trademark/search',
    payload: { text: 'apple', datasets: 'US,CN', classes: [9] },
  });
  expect(response.statusCode, response.body).toBe(200);
  searchId = response.json().data.searchId;
});
afterAll(async () => {
  await t.close();
});

const report = (client: TestClient, id: string, query = '') =>
  client.request({ method: 'GET', url: `/api/trademark/search/${id}/report${query}` });

/** The PDF's text as poppler extracts it (layout kept), and page 1 rendered to PNG. */
function readPdf(bytes: Buffer, name: string) {
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, bytes);
  // poppler warns on every OpenType (CFF) font file pdf-lib embeds, which it then reads and draws correctly.
  const quiet = { stdio: ['ignore', 'pipe', 'ignore'] as ['ignore', 'pipe', 'ignore'] };
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { ...quiet, encoding: 'utf8' });
  execFileSync(
    'pdftoppm',
    ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, join(out, name)],
    quiet,
  );
  return { text, png: join(out, `${name}.png`) };
}

const remaining = async (client: TestClient) =>
  (await client.request({ method: 'GET', url: '/api/trademark/search-count' })).json().data[0];

describe('search report', () => {
  it('writes the report in Chinese with extractable text, a risk map and the reason for each score', async () => {
    const before = await remaining(buyer);
    const response = await report(buyer, searchId, '?lang=zh-CN');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('商标查询报告-apple.pdf'));
    const { text, png } = readPdf(response.rawPayload, 'report-zh');
    for (const expected of [
      'KXT 跨境服务平台',
      '商标查询报告',
      '查询条件',
      'apple',
      '美国 (US)',
      '中国 (CN)',
      '类别风险分布',
      '极高风险',
      '各国/地区近似商标',
      'APPLE',
      'Apple Orchard Ltd',
      '2022-11-08',
      '相似度 100%',
      '完全相同：忽略大小写、空格和标点后文字一致',
      '中国 (CN)：共 1 件近似商标',
      '深圳苹果科技有限公司',
      '数据日期',
      '数据更新至 2024-03-01',
      '欧盟知识产权局 (EM)',
      '免责声明',
      '不作为商标能否注册的法律依据',
      '数据来源于各国/地区知识产权局',
      '第1/2页',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/第\s?9\s?类/);
    // A class-30 mark is outside the searched class; BANANA is not similar.
    expect(text).not.toContain('Fruit Co');
    expect(text).not.toContain('BANANA');
    // Page 1 drawn: A4 at 80 dpi, with text on it and the very-high-risk cell of class 9 in its red.
    const page = PNG.sync.read(readFileSync(png));
    expect([page.width, page.height]).toEqual([662, 936]);
    let dark = 0;
    let red = 0;
    for (let i = 0; i < page.data.length; i += 4) {
      const [r, g, b] = [page.data[i] ?? 0, page.data[i + 1] ?? 0, page.data[i + 2] ?? 0];
      if (r < 100 && g < 100 && b < 100) dark += 1;
      if (Math.abs(r - 178) < 6 && Math.abs(g - 24) < 6 && Math.abs(b - 43) < 6) red += 1;
    }
    expect(dark).toBeGreaterThan(2_000);
    expect(red).toBeGreaterThan(1_000);
    // Building the report charged nothing.
    expect(await remaining(buyer)).toBe(before);
  });

  it('writes it in English when the reader reads English', async () => {
    const response = await report(buyer, searchId, '?lang=en-US');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('trademark-search-report-apple.pdf');
    const { text } = readPdf(response.rawPayload, 'report-en');
    for (const expected of [
      'KXT Cross-border Services',
      'Trademark search report',
      'United States (US)',
      'China (CN)',
      'Class 9',
      'Risk by class',
      'Very high',
      'Similarity 100%',
      'Identical once case, spacing and punctuation are ignored',
      'EU Intellectual Property Office (EUIPO) (EM)',
      'data up to 2024-03-01',
      'not a legal basis',
      'Page 1 of',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('商标查询报告');
  });

  it('has one section per country as chosen, not per dataset the search expanded them to', async () => {
    const search = await buyer.request({
      method: 'POST',
      url: '/api/trademark/search',
      payload: { text: 'apple', datasets: 'US,UF,DE,AT,EM,WO,WPP', countries: 'US,DE', classes: [9] },
    });
    const { text } = readPdf(
      (await report(buyer, search.json().data.searchId, '?lang=en-US')).rawPayload,
      'report-chosen',
    );
    expect(text).toContain('United States (US): 2 similar mark(s)');
    expect(text).toContain('Germany (DE): 0 similar mark(s)');
    expect(text).not.toContain('Austria (AT):');
    // Kept sorted by code, the form in which the same question asked again is recognised (search-reuse).
    expect(text).toContain('Countries/regions          Germany (DE), United States (US)');
  });

  it('follows the Accept-Language header without lang, and refuses an unknown lang', async () => {
    const english = await buyer.request({
      method: 'GET',
      url: `/api/trademark/search/${searchId}/report`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(readPdf(english.rawPayload, 'report-header').text).toContain('Trademark search report');
    const bad = await report(buyer, searchId, '?lang=fr-FR');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['query.lang']);
  });

  it("gives a colleague the company's report, and another company a 404", async () => {
    expect((await report(colleague, searchId)).statusCode).toBe(200);
    const other = await report(stranger, searchId);
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('该查询不存在，请重新查询');
  });

  it('answers an unknown search with 404 and a search over 24 hours old with 410', async () => {
    const unknown = await report(buyer, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('该查询不存在，请重新查询');
    const old = await buyer.request({
      method: 'POST',
      url: '/api/trademark/search',
      payload: { text: 'banana', datasets: 'US' },
    });
    const oldId = old.json().data.searchId;
    await t.ctx.db
      .updateTable('trademark_searches')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', oldId)
      .execute();
    const expired = await buyer.request({
      method: 'GET',
      url: `/api/trademark/search/${oldId}/report`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().msg).toBe(
      'This search is more than 24 hours old; please search again to download a report',
    );
  });

  it('needs a login', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/trademark/search/${searchId}/report` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('generated demo marks', () => {
  it('says plainly in the register times and the report that the marks are generated', async () => {
    await upsertMarks(t.ctx.db, [
      markRecord('DEMOLOGO', {
        dataset: 'JP',
        applicationNumber: '2024-000123',
        niceClass: [25],
        generated: true,
        imageUrl: markImagePath('JP', '2024-000123'),
        registrationDate: '2025-06-01',
        applicationDate: '2024-02-01',
      }),
    ]);
    await refreshDatasetSummary(t.ctx.db);
    const times = (await buyer.request({ method: 'GET', url: '/api/trademark/register-times' })).json().data;
    expect(times.JP).toEqual({ lastAppDate: '2025-06-01', generated: true });
    expect(times.US).toEqual({ lastAppDate: '2024-03-01', generated: false });

    const search = await buyer.request({
      method: 'POST',
      url: '/api/trademark/search',
      payload: { text: 'demologo', datasets: 'JP' },
    });
    const id = search.json().data.searchId;
    const zh = readPdf((await report(buyer, id, '?lang=zh-CN')).rawPayload, 'report-demo-zh').text;
    expect(zh).toContain('当前商标数据是系统生成的演示数据，并非任何知识产权局的数据');
    expect(zh).toContain('系统生成的演示数据');
    expect(zh).not.toContain('数据来源于各国/地区知识产权局');
    const en = readPdf((await report(buyer, id, '?lang=en-US')).rawPayload, 'report-demo-en').text;
    expect(en).toContain(
      'these trademarks are generated demo data, not data from any intellectual property office',
    );
  });

  it('serves the logo of a generated figurative mark itself, the same every time, and nothing for others', async () => {
    const url = markImagePath('JP', '2024-000123');
    const first = await buyer.request({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    expect(first.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(first.body).toContain('>DE</text>');
    expect((await buyer.request({ method: 'GET', url })).body).toBe(first.body);
    // An office mark (not generated) has no product-made picture.
    const office = await upsertMarks(t.ctx.db, [
      markRecord('REAL', { dataset: 'JP', applicationNumber: '2024-9' }),
    ]);
    expect(office).toBe(1);
    expect((await buyer.request({ method: 'GET', url: markImagePath('JP', '2024-9') })).statusCode).toBe(404);
    expect((await buyer.request({ method: 'GET', url: markImagePath('JP', 'nope') })).statusCode).toBe(404);
  });

  it('keeps the data date of a register at or after every date it holds', async () => {
    const rows = await t.ctx.db
      .selectFrom('marks')
      .innerJoin('trademark_datasets', 'trademark_datasets.code', 'marks.dataset')
      .select(['marks.application_date', 'marks.registration_date', 'trademark_datasets.last_app_date'])
      .execute();
    const late = rows.filter(
      (row) =>
        (row.application_date ?? '') > (row.last_app_date ?? '') ||
        (row.registration_date ?? '') > (row.last_app_date ?? ''),
    );
    expect(late).toEqual([]);
  });
});
