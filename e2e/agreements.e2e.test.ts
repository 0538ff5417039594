import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';
import { passSecondFactorInPage } from './second-factor.ts';
import { confirmIdentityOnPage, DEMO_SIGNER_MOBILE } from './sign-identity.ts';
import { stroke, waitForPadInPlace } from './sign-pad.ts';

const e2e = useE2E();

const LIST = '/api/admin/agreements';

/** The next answer of the agreement list. */
function nextList(page: Page) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === LIST && response.request().method() === 'GET',
  );
}

/** Opens the link on a phone, agrees, signs with two strokes and submits; resolves once in view mode. */
async function signOnPhone(link: string, agreementName: string) {
  const context = await e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  await page.goto(link);
  await expect.poll(() => page.title()).toBe(agreementName);
  await page.getByRole('img', { name: '协议第 1 页' }).waitFor();

  // Agree through 温馨提示, which ticks the box and opens the pad.
  await page.getByRole('button', { name: '确认签署' }).click();
  await page.getByText('温馨提示').waitFor();
  await page.getByRole('button', { name: '同意并签署' }).click();
  await confirmIdentityOnPage(page, e2e.browser, e2e.server.baseUrl);
  await waitForPadInPlace(page);
  await stroke(page, [
    [0.1, 0.5],
    [0.25, 0.3],
    [0.4, 0.6],
    [0.55, 0.35],
  ]);
  await stroke(page, [
    [0.15, 0.75],
    [0.6, 0.7],
  ]);
  const upload = page.waitForResponse((response) => response.url().endsWith('/api/kxt/upload'));
  await page.getByRole('button', { name: '提交' }).click();
  expect((await upload).status()).toBe(200);
  await page.getByText('协议已签署').waitFor();
  await context.close();
}

describe('the agreements back office', () => {
  it('an admin creates an agreement, copies its link, sees it signed and downloads the signed PDF', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width: 1600, height: 1000 },
      locale: 'zh-CN',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${e2e.server.baseUrl}/admin/agreements`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill('demo123456');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await passSecondFactorInPage(page, e2e.server.baseUrl, 'admin');
    await page.waitForURL(/\/admin\/agreements$/);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();

    // 新建协议: a customer found by part of its name, an agreement name, the default 30 days.
    await page.getByRole('button', { name: /新建协议/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建协议' });
    expect(await dialog.getByRole('spinbutton', { name: '有效期（天）' }).inputValue()).toBe('30');
    await dialog.getByRole('combobox', { name: '客户' }).fill('海岳');
    await page.getByTitle('杭州海岳贸易有限公司').click();
    await dialog.getByRole('combobox', { name: '协议名称' }).click();
    await page.getByTitle('EPR服务协议').click();
    // The signer, who receives the SMS code that confirms who signs.
    await dialog.getByLabel('签署人', { exact: true }).fill('王海岳');
    await dialog.getByLabel('签署人手机号').fill(DEMO_SIGNER_MOBILE);
    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === LIST && response.request().method() === 'POST',
    );
    const reloaded = nextList(page);
    await dialog.getByRole('button', { name: /生成链接/ }).click();
    const answer = (await (await created).json()) as { data: { id: number; url: string } };
    await reloaded;

    // The link, read from the dialog, and 复制 puts the same text on the clipboard.
    const linkBox = page.getByRole('textbox', { name: '签署链接' });
    const link = await linkBox.inputValue();
    expect(link).toBe(`${e2e.server.baseUrl}${answer.data.url}`);
    expect(new URL(link).pathname).toBe('/sign');
    expect(new URL(link).searchParams.get('code')?.length).toBeGreaterThanOrEqual(22);
    await page
      .locator('.ant-modal')
      .filter({ has: linkBox })
      .getByRole('button', { name: /^复\s?制$/ })
      .click();
    await page.getByText('复制成功').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page
      .locator('.ant-modal')
      .filter({ has: linkBox })
      .getByRole('button', { name: /关\s?闭/ })
      .last()
      .click();

    await signOnPhone(link, 'EPR服务协议');

    // Back in the list: 已签署, and 查看 offers the signed PDF.
    const afterSigning = nextList(page);
    await page.getByRole('button', { name: '刷新' }).click();
    await afterSigning;
    const row = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: '杭州海岳贸易有限公司' })
      .first();
    await row.getByText('已签署').waitFor();
    expect(await row.getByRole('button', { name: '作废' }).count()).toBe(0);
    await row.getByRole('button', { name: '查看' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('签署人 IP').waitFor();
    await drawer.getByText('签署 PDF SHA-256').waitFor();
    await drawer.getByRole('cell', { name: '签署人（链接）' }).first().waitFor();
    const pdfLink = drawer.getByRole('link', { name: /下载签署PDF/ });
    const href = await pdfLink.getAttribute('href');
    expect(href).toBe(`/api/admin/agreements/${answer.data.id}/signed.pdf`);

    const download = page.waitForEvent('download');
    await pdfLink.click();
    const file = await (await download).path();
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const response = await context.request.get(`${e2e.server.baseUrl}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');

    expect(errors).toEqual([]);
    await context.close();
  });
});
