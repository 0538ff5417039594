import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';
import { passSecondFactorInPage } from './second-factor.ts';

const e2e = useE2E();

/** Where screenshots of the transfer tab go when asked for (`PAYMENTS_SHOTS=<folder>`); none otherwise. */
const SHOTS = process.env.PAYMENTS_SHOTS;

/** A 1×1 transparent PNG: the smallest real voucher image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Envelope<T> {
  code: number;
  data: T;
  rows?: T;
}

/** A logged-in page in its own context (zh-CN); `path` is where the login redirects back to. */
async function loggedIn(username: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({
    viewport: { width: 1600, height: 1000 },
    locale: 'zh-CN',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(`${e2e.server.baseUrl}${path}`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill('demo123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await passSecondFactorInPage(page, e2e.server.baseUrl, username);
  return { context, page };
}

/** GET through the page's session (cookies shared with the app). */
async function apiGet<T>(
  page: Page,
  path: string,
  params: Record<string, string> = {},
): Promise<Envelope<T>> {
  const response = await page.request.get(`${e2e.server.baseUrl}${path}`, { params });
  expect(response.status()).toBe(200);
  return (await response.json()) as Envelope<T>;
}

/** Service codes of the customer's patent orders whose authorization fee is payable (status 12). */
async function feePayableCodes(page: Page): Promise<string[]> {
  const list = await apiGet<{ serviceCode: string }[]>(page, '/api/patent/services', {
    status: '12',
    pageSize: '50',
  });
  return (list.rows ?? []).map((row) => row.serviceCode);
}

const paymentStatus = async (page: Page, serviceCode: string) =>
  (await apiGet<number | null>(page, '/api/payments/status', { serviceCode })).data;

/** Opens the patent list on one order and clicks its 缴纳授权费; resolves with the pay dialog. */
async function openPayDialog(page: Page, serviceCode: string) {
  await page.goto(`${e2e.server.baseUrl}/trademark/patent?serviceCode=${encodeURIComponent(serviceCode)}`);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: serviceCode }).first();
  await row.getByRole('button', { name: '缴纳授权费' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '应付金额' });
  await dialog.waitFor();
  return { row, dialog };
}

/**
 * Reads the QR code's link from the dialog (`data-pay-link` on the QR holder: the same text the QR encodes) and
 * approves it on the sandbox page in a second tab, as a payer's phone would.
 */
async function approveOnSandbox(context: BrowserContext, page: Page) {
  const holder = page.locator('[data-pay-link]');
  await holder.waitFor();
  const link = await holder.getAttribute('data-pay-link');
  expect(link).toMatch(/\/sandbox-pay\//);
  const payer = await context.newPage();
  await payer.goto(link as string);
  await payer.getByRole('button', { name: '确认支付' }).click();
  await payer.getByText('支付成功，可以关闭此页面。').waitFor();
  await payer.close();
}

describe('payments', () => {
  it('a customer pays an authorization fee by scanning the sandbox QR code and the order moves on', async () => {
    const { context, page } = await loggedIn('customer1', '/trademark/patent');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const [serviceCode] = await feePayableCodes(page);
    expect(serviceCode).toBeDefined();
    const code = serviceCode as string;
    expect(await paymentStatus(page, code)).toBeNull();

    const { row, dialog } = await openPayDialog(page, code);
    expect(await dialog.getByRole('tab', { name: '扫码支付' }).getAttribute('aria-selected')).toBe('true');
    const qr = dialog.locator('[data-pay-link] svg');
    await qr.waitFor();
    expect(await qr.getAttribute('width')).toBe('130');

    await approveOnSandbox(context, page);
    // The dialog's once-a-second poll sees the payment, says so and closes about 3.5 s later.
    await dialog.getByText('支付成功').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    expect(await paymentStatus(page, code)).toBe(2);
    expect(await feePayableCodes(page)).not.toContain(code);
    await expect.poll(() => row.getByRole('button', { name: '缴纳授权费' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a customer pays by bank transfer with a voucher, finance approves it and the order moves on', async () => {
    const { context, page } = await loggedIn('customer1', '/trademark/patent');
    const [serviceCode] = await feePayableCodes(page);
    expect(serviceCode).toBeDefined();
    const code = serviceCode as string;

    // The transfer tab shows the payment reference for the transfer's note before any voucher, with a copy button.
    const first = await openPayDialog(page, code);
    await first.dialog.getByRole('tab', { name: '银行转账' }).click();
    await first.dialog.getByText('转账备注请填写以下付款参考号').waitFor();
    const shown = first.dialog.locator('[data-reference]');
    const reference = (await shown.getAttribute('data-reference')) as string;
    expect(reference).toMatch(/^KXT-PAY-[A-Z2-9]{6}$/);
    expect(await shown.textContent()).toBe(reference);
    await first.dialog.getByRole('button', { name: '复制付款参考号' }).click();
    await page.getByText('复制成功').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    if (SHOTS) {
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, 'transfer-reference-zh-CN.png') });
    }
    // Closing and opening the dialog again shows the same reference: no new payment per opening.
    await first.dialog.locator('.ant-modal-close').click();
    await first.dialog.waitFor({ state: 'hidden' });
    const { dialog } = await openPayDialog(page, code);
    await dialog.getByRole('tab', { name: '银行转账' }).click();
    await dialog.getByText('收款账户').waitFor();
    expect(await dialog.locator('[data-reference]').getAttribute('data-reference')).toBe(reference);
    await dialog.getByRole('combobox', { name: '付款账户名称' }).fill('深圳市星辰跨境电商有限公司');
    const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/files');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'voucher.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    expect((await uploaded).status()).toBe(200);
    await dialog.getByText('voucher.png').waitFor();
    await dialog.getByRole('button', { name: /提\s?交/ }).click();
    await page.getByText('您的授权费已提交，财务审核通过后将自动进行下一步，请耐心等待').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await paymentStatus(page, code)).toBe(1);

    // Finance finds the transfer by the reference on the bank statement (typed in lower case), and approves it.
    const finance = await loggedIn('finance', '/admin/payments');
    await finance.page.waitForURL(/\/admin\/payments$/);
    await finance.page.getByPlaceholder('付款参考号、订单号、客户、付款账户').fill(reference.toLowerCase());
    await finance.page.getByRole('button', { name: /查\s?询/ }).click();
    const rows = finance.page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    const financeRow = rows.filter({ hasText: code }).first();
    await financeRow.waitFor();
    await financeRow.getByText(reference).waitFor();
    await financeRow.getByText('待财务审核').waitFor();
    await financeRow.getByRole('button', { name: '查看凭证' }).click();
    await finance.page.getByRole('img', { name: /转账凭证/ }).waitFor();
    await finance.page.keyboard.press('Escape');
    await financeRow.getByRole('button', { name: '通过' }).click();
    const confirm = finance.page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: /确定通过订单/ }).waitFor();
    await confirm.getByRole('button', { name: /通\s?过/ }).click();
    await finance.page.getByText('已通过').first().waitFor();
    await financeRow.getByText('审核通过').waitFor();
    await finance.context.close();

    expect(await paymentStatus(page, code)).toBe(2);
    expect(await feePayableCodes(page)).not.toContain(code);
    await context.close();
  });

  it('a customer buys a search pack on /purchase and the remaining searches go up', async () => {
    const { context, page } = await loggedIn('customer1', '/purchase');
    const remaining = async () =>
      (await apiGet<(number | null)[]>(page, '/api/trademark/search-count')).data[0] as number;
    const before = await remaining();

    await page.getByRole('button', { name: '选择 商标查询包 20次' }).click();
    const order = page.getByRole('region', { name: '订单信息' });
    await order.getByRole('button', { name: /立即购买/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '应付金额' });
    await dialog.waitFor();
    await approveOnSandbox(context, page);
    await dialog.getByText('支付成功').first().waitFor();
    await page.getByText('已为您增加 20 次商标查询').waitFor();

    expect(await remaining()).toBe(before + 20);
    await page.getByRole('link', { name: '去商标查询' }).click();
    await page.waitForURL(/\/trademark\/search/);
    await page.getByText(`剩余免费查询次数：${before + 20}`).waitFor();
    await context.close();
  });
});
