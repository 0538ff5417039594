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
  const customer = await f.customer('星辰贸易');
  const vat = await f.service();
  const item = await f.item('VATDE0001', customer, vat);
  ids.euro = await f.declaration(item, -20, undefined, { amount: 12_345, currency: 'EUR' });
  ids.yen = await f.declaration(item, 10, undefined, { amount: 5_000, currency: 'JPY' });
  ids.pound = await f.declaration(item, -40, { by: 'us' }, { amount: 99, currency: 'GBP' });
});
afterAll(async () => {
  await t.close();
});

const exportOf = (query: string, language = 'zh-CN') =>
  staff.get(`/api/admin/tax-declarations/export?${query}`, { 'accept-language': language });

describe('tax declaration export', () => {
  it('writes each amount as a number in major units beside its own currency, never a sum', async () => {
    const response = await exportOf(
      'format=xlsx&columns=dueDate,amount,status,daysOverdue&sort=dueDate&order=ascend',
    );
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('税务申报');
    expect(sheet?.getRow(1).values).toEqual([undefined, '截止日期', '税额', '税额币种', '状态', '逾期天数']);
    const rows = [2, 3, 4].map((index) => sheet?.getRow(index));
    expect(rows.map((row) => [row?.getCell(2).value, row?.getCell(3).value])).toEqual([
      [0.99, 'GBP'],
      [123.45, 'EUR'],
      [5000, 'JPY'],
    ]);
    expect(rows[1]?.getCell(2).numFmt).toBe('#,##0.00');
    expect(rows[1]?.getCell(4).value).toBe('已逾期');
    expect(rows[1]?.getCell(5).value).toBe(20);
    expect(sheet?.rowCount).toBe(4);
  });

  it('exports the chosen tab only, and in English with English labels', async () => {
    const response = await exportOf('format=csv&columns=amount,declaredBy,status&status=declared', 'en-US');
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['Amount,Amount currency,Declared by,Status', '0.99,GBP,By us,Declared']);
  });

  it('exports the selected rows, and refuses ids that do not exist', async () => {
    const selected = await exportOf(
      `format=csv&columns=amount&ids=${ids.yen},${ids.euro}&sort=dueDate&order=ascend`,
    );
    expect(
      selected.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual(['税额,税额币种', '123.45,EUR', '5000,JPY']);
    expect((await exportOf(`format=csv&columns=amount&ids=${ids.yen},424242`)).statusCode).toBe(404);
    expect((await exportOf('format=csv&columns=amount,serviceName')).statusCode).toBe(400);
  });

  it('keeps the list’s order by days overdue: the overdue first, the rest after', async () => {
    const response = await exportOf('format=csv&columns=amount,daysOverdue&sort=daysOverdue&order=descend');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[1]).toBe('123.45,EUR,20');
    expect(lines.slice(2).sort()).toEqual(['0.99,GBP,0', '5000,JPY,0'].sort());
  });
});

describe('tax declaration totals', () => {
  it('sums 税额 per currency over the filter and tab, never across currencies', async () => {
    const all = await staff.get('/api/admin/tax-declarations?pageSize=1');
    expect(all.json().amountTotals).toEqual([
      { currency: 'EUR', amount: 12_345 },
      { currency: 'GBP', amount: 99 },
      { currency: 'JPY', amount: 5_000 },
    ]);
    const overdue = await staff.get('/api/admin/tax-declarations?status=overdue');
    expect(overdue.json().amountTotals).toEqual([{ currency: 'EUR', amount: 12_345 }]);
    const none = await staff.get('/api/admin/tax-declarations?keyword=nothing-matches');
    expect(none.json().amountTotals).toEqual([]);
  });
});
