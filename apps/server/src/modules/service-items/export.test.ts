import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let staff: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.loggedIn('ops', 'admin');
  const f = listFixtures(t.ctx.db);
  const owes = await f.customer('欠费公司', { isArrears: true });
  const clean = await f.customer('=SUM(A1) 贸易, "有限" 公司');
  const vat = await f.service('德国VAT 注册及申报', { country: 'DE', categoryId: 1 });
  for (let index = 0; index < 1203; index += 1) {
    await f.item(`VAT${String(index).padStart(5, '0')}`, index % 2 ? owes : clean, vat, {
      status: index % 3 === 0 ? 3 : 2,
      createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
    });
  }
  ids.first = 1;
});
afterAll(async () => {
  await t.close();
});

const exportOf = (query: string, language = 'zh-CN') =>
  staff.get(`/api/admin/service-items/export?${query}`, { 'accept-language': language });

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('service item export', () => {
  it('writes every filtered row to .xlsx in the list order, with typed cells and the chosen columns', async () => {
    const response = await exportOf('format=xlsx&columns=serviceCode,status,startDate,createdAt&status=3');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="kxt-service-items-.*\.xlsx"/,
    );
    expect(response.headers['x-export-rows']).toBe('401');
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, '服务编号', '状态', '开始日期', '创建时间']);
    expect(sheet.rowCount).toBe(402);
    // Newest first, as the list shows; batches follow on without a gap or a repeat.
    const codes = Array.from({ length: 401 }, (_, index) => sheet.getRow(index + 2).getCell(1).value);
    expect(codes[0]).toBe('VAT01200');
    expect(codes.at(-1)).toBe('VAT00000');
    expect(new Set(codes).size).toBe(401);
    const row = sheet.getRow(2);
    expect(row.getCell(2).value).toBe('已暂停');
    expect(row.getCell(3).value).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(4).value).toBeInstanceOf(Date);
  });

  it('reads more than one batch without losing or repeating a row, in ascending order too', async () => {
    const response = await exportOf('format=csv&columns=serviceCode&sort=serviceCode&order=ascend');
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(1204);
    expect(lines.slice(1, 3)).toEqual(['VAT00000', 'VAT00001']);
    expect(lines.at(-1)).toBe('VAT01202');
  });

  it('writes UTF-8 CSV with a BOM, labels in the reader language, quoting and no formulas', async () => {
    const response = await exportOf(
      'format=csv&columns=customerName,serviceCode,isArrears&sort=serviceCode&order=ascend&timeZone=Asia/Shanghai',
      'en-US',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Customer,Service code,Customer in arrears');
    expect(lines[1]).toBe(`"'=SUM(A1) 贸易, ""有限"" 公司",VAT00000,No`);
    expect(lines[2]).toBe('欠费公司,VAT00001,Yes');
  });

  it('writes times in the reader time zone', async () => {
    const response = await exportOf(
      'format=csv&columns=createdAt&sort=serviceCode&order=ascend&timeZone=Asia/Shanghai',
    );
    expect(response.body.split('\r\n')[1]).toBe('2026-01-01 08:00:00');
  });

  it('exports only the selected rows when ids are given', async () => {
    const picked = await t.ctx.db
      .selectFrom('service_items')
      .select('id')
      .where('service_code', 'in', ['VAT00007', 'VAT00100'])
      .execute();
    const response = await exportOf(
      `format=csv&columns=serviceCode&sort=serviceCode&order=ascend&ids=${picked.map((row) => row.id).join(',')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-export-rows']).toBe('2');
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['服务编号', 'VAT00007', 'VAT00100']);
  });

  it('refuses unknown columns, formats, ids and filters with a 400 or 404, and sends no file', async () => {
    for (const query of [
      'format=xlsx&columns=serviceCode,password',
      'format=pdf&columns=serviceCode',
      'format=csv&columns=',
      'format=csv',
      'format=csv&columns=serviceCode&status=9',
      'format=csv&columns=serviceCode&ids=abc',
      'format=csv&columns=serviceCode&timeZone=Mars/Base',
    ]) {
      const response = await exportOf(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe(400);
    }
    const missing = await exportOf('format=csv&columns=serviceCode&ids=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toContain('不存在');
  });

  it('is for staff only', async () => {
    const customer = await t.loggedIn('buyer', 'customer');
    expect(
      (await customer.get('/api/admin/service-items/export?format=csv&columns=serviceCode')).statusCode,
    ).toBe(403);
    expect(
      (await t.client().get('/api/admin/service-items/export?format=csv&columns=serviceCode')).statusCode,
    ).toBe(401);
  });
});
