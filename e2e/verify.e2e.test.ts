import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInContext } from './budget.ts';
import { useServerAndBrowser } from './harness.ts';
import type { RunningServer } from './server.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

/** Screenshots for a person to look at, when E2E_SHOTS_DIR names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The demo's signed agreement PDF (sealed when the demo was seeded), as staff download it. */
async function signedDemoPdf(): Promise<{ id: number; bytes: Buffer }> {
  const admin = await loggedInContext(browser, server.baseUrl, 'admin');
  const list = await admin.request.get(`${server.baseUrl}/api/admin/agreements?status=2`);
  const { rows } = (await list.json()) as { rows: { id: number }[] };
  const id = rows[0]?.id;
  if (!id) throw new Error('the demo has no signed agreement');
  const pdf = await admin.request.get(`${server.baseUrl}/api/admin/agreements/${id}/signed.pdf`);
  expect(pdf.status()).toBe(200);
  const bytes = await pdf.body();
  await admin.close();
  return { id, bytes };
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

describe('the public verification page', () => {
  it.each(VIEWPORTS)('checks the signed demo PDF without a login ($name)', async (device) => {
    const { id, bytes } = await signedDemoPdf();
    const context = await browser.newContext({ ...device, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}/verify`);
    await page.getByRole('heading', { name: '核验已签署的协议' }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/verify`); // not sent to the login page
    await shot(page, `verify-${device.name}-empty-zh`);

    await upload(page, 'signed.pdf', bytes);
    await page.getByText('文件完整：由本平台签章，签章后未被改动').waitFor();
    await expect.poll(() => page.getByText(`#${id}`).count()).toBe(1);
    await expect.poll(() => page.getByText('EPR服务协议').count()).toBe(1);
    await expect.poll(() => page.getByText(/UTC\+08:00/).count()).toBe(1);
    await shot(page, `verify-${device.name}-intact-zh`);

    // One byte changed inside the signed range: the seal no longer holds.
    const tampered = Buffer.from(bytes);
    tampered[200] = (tampered[200] ?? 0) ^ 0x01;
    await upload(page, 'tampered.pdf', tampered);
    await page.getByText('文件已被改动：数字签名与内容不符').waitFor();
    await shot(page, `verify-${device.name}-tampered-zh`);

    await upload(page, 'notes.txt', Buffer.from('not a pdf'), 'text/plain');
    await page.getByText('该文件不是 PDF，请上传平台生成的已签署协议 PDF').waitFor();

    // In English the answer and the agreement's name follow the language.
    await page.getByText('English').click();
    await page.getByRole('heading', { name: 'Check a signed agreement' }).waitFor();
    await upload(page, 'signed.pdf', bytes);
    await page.getByText('Intact: sealed by this platform and unchanged since').waitFor();
    await page.getByText('EPR service agreement').waitFor();
    await shot(page, `verify-${device.name}-intact-en`);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
