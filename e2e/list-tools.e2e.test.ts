import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickUntilShown, useE2E } from './harness.ts';

const e2e = useE2E();

/** The next answer of a list endpoint (GET) whose query matches. */
function nextList(page: Page, pathname: string, matches: (query: URLSearchParams) => boolean = () => true) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === pathname && response.request().method() === 'GET' && matches(url.searchParams);
  });
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe('back-office list tools', () => {
  it('exports the current filter as an Excel file a clerk can open: typed dates and amounts, one currency column', async () => {
    const page = await e2e.logIn('/admin/tax-declarations', 'consultant', { acceptDownloads: true });
    const filtered = nextList(
      page,
      '/api/admin/tax-declarations',
      (query) => query.get('keyword') === 'VATDE',
    );
    await page.getByRole('search').getByLabel('关键词').fill('VATDE');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const answer = (await (await filtered).json()) as { total: number };
    expect(answer.total).toBeGreaterThan(0);
    await page.getByText(`共 ${answer.total} 条`).waitFor();

    const download = page.waitForEvent('download');
    const excel = page.getByRole('menuitem', { name: 'Excel（.xlsx）' });
    await clickUntilShown(page.getByRole('button', { name: /导\s*出/ }), excel);
    // The progress dialog opens at once and a small export may close it as quickly; the notice stays a few seconds.
    const done = page.getByText('导出完成，文件已开始下载');
    await clickUntilShown(excel, page.getByRole('dialog', { name: '正在导出' }).or(done).first());
    const file = await (await download).path();
    await done.waitFor();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(expect.arrayContaining(['服务编号', '客户', '截止日期', '税额', '税额币种']));
    // One row per declaration of the filter, under the header.
    expect(sheet.actualRowCount).toBe(answer.total + 1);
    const first = sheet.getRow(2);
    const cell = (title: string) => first.getCell(header.indexOf(title) + 1).value;
    expect(String(cell('服务编号'))).toMatch(/^VATDE/);
    expect(cell('截止日期')).toBeInstanceOf(Date);
    expect(typeof cell('税额')).toBe('number');
    expect(['EUR', 'GBP', 'CNY', 'USD']).toContain(cell('税额币种'));
    await page.context().close();
  });

  it('revokes signing links in bulk: the confirmation states the count and the result names the row that failed', async () => {
    const page = await e2e.logIn('/admin/agreements', 'consultant');
    await rows(page).first().waitFor();
    // An open link and a signed agreement, whose link is not revoked.
    const signed = rows(page).filter({ hasText: '已签署' }).first();
    const open = rows(page).filter({ hasText: '已读' }).filter({ hasNotText: '已作废' }).first();
    const signedName = (await signed.locator('td').nth(3).innerText()).trim();
    await signed.locator('.ant-checkbox-wrapper').click();
    await open.locator('.ant-checkbox-wrapper').click();
    await page.getByText('已选择 2 项').waitFor();

    await page.getByRole('button', { name: '批量作废链接' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: '批量作废链接：2 条记录' }).waitFor();
    const reloaded = nextList(page, '/api/admin/agreements');
    await dialog.getByRole('button', { name: '批量作废链接' }).click();
    await page.getByText('成功 1 条，无需修改 0 条，失败 1 条').waitFor();
    await page.getByText(`深圳市星辰跨境电商有限公司 · ${signedName}`).waitFor();
    await page.getByText('协议已签署，签署链接无需作废').waitFor();
    await reloaded;
    await page.getByRole('button', { name: '知道了' }).click();
    // The selection is gone and the list shows the change: the read agreement's link is revoked now.
    await expect.poll(() => page.getByText(/已选择/).count()).toBe(0);
    await expect
      .poll(() => rows(page).filter({ hasText: '已读' }).filter({ hasText: '已作废' }).count())
      .toBe(1);
    await page.context().close();
  });

  it('a copied link reproduces the view (search, head and status tabs) for another user; 重置 restores every default', async () => {
    const first = await e2e.logIn('/admin/service-items', 'consultant');
    await first.getByRole('tab', { name: /^增值服务/ }).click();
    await first.getByRole('search').getByLabel('关键词').fill('EPR');
    await first.getByRole('button', { name: /查\s*询/ }).click();
    const tabbed = nextList(
      first,
      '/api/admin/service-items',
      (query) => query.get('keyword') === 'EPR' && query.get('status') === '2',
    );
    await first.getByRole('tab', { name: /^服务中/ }).click();
    const { total } = (await (await tabbed).json()) as { total: number };
    const shown = `共 ${total} 条`;
    await first.getByText(shown).waitFor();
    await expect.poll(() => new URL(first.url()).searchParams.get('status')).toBe('2');
    const link = first.url();
    await first.context().close();

    // Another user opens the link.
    const second = await e2e.logIn('/admin/service-items', 'reviewer');
    const linked = nextList(
      second,
      '/api/admin/service-items',
      (query) => query.get('keyword') === 'EPR' && query.get('status') === '2',
    );
    await second.goto(link);
    await linked;
    await second.getByText(shown).waitFor();
    expect(await second.getByRole('search').getByLabel('关键词').inputValue()).toBe('EPR');
    expect(await second.getByRole('tab', { name: /^增值服务/ }).getAttribute('aria-selected')).toBe('true');
    expect(await second.getByRole('tab', { name: /^服务中/ }).getAttribute('aria-selected')).toBe('true');

    // 重置: every filter, the head tab included, back to the defaults, and the address with them.
    const reset = nextList(second, '/api/admin/service-items', (query) => !query.has('keyword'));
    await second.getByRole('button', { name: /重\s*置/ }).click();
    await reset;
    await second.getByText('共 300 条').waitFor();
    expect(await second.getByRole('tab', { name: /^全部服务/ }).getAttribute('aria-selected')).toBe('true');
    expect(await second.getByRole('search').getByLabel('关键词').inputValue()).toBe('');
    expect(new URL(second.url()).search).toBe('');
    await second.context().close();
  });

  it('shows why a list could not be read, with 重试, instead of an empty list; 重试 loads it', async () => {
    const page = await e2e.logIn('/admin/customers', 'consultant');
    await page.getByText(/^共 \d+ 条$/).waitFor();
    await page.route('**/api/admin/customers?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 503, msg: '服务维护中，请稍后再试' }),
      }),
    );
    await page.getByRole('button', { name: '刷新' }).click();
    await page.locator('.ant-table').getByText('服务维护中，请稍后再试').waitFor();
    expect(await page.getByText('暂无数据').count()).toBe(0);
    expect(await page.getByText(/^共 \d+ 条$/).count()).toBe(0);

    await page.unroute('**/api/admin/customers?*');
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await page.getByText(/^共 \d+ 条$/).waitFor();
    expect(await rows(page).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
