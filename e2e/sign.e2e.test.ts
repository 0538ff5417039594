import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstLoadScriptBytes, KB, loggedInContext } from './budget.ts';
import { useE2E } from './harness.ts';
import { confirmIdentityOnPage } from './sign-identity.ts';
import { stroke, waitForPadInPlace } from './sign-pad.ts';

const e2e = useE2E();

const SIGN_PAGE_BUDGET = 120 * KB;

/** The demo signing link of one state, as main.ts prints it at start-up (`  unread   http://…/sign?code=…`). */
async function demoLink(state: string): Promise<string> {
  const pattern = new RegExp(`^\\s+${state}\\s+\\S+?(/sign\\?code=\\S+)$`, 'm');
  await expect.poll(() => pattern.test(e2e.server.output()), { timeout: 20_000 }).toBe(true);
  return `${e2e.server.baseUrl}${pattern.exec(e2e.server.output())?.[1]}`;
}

/** A phone: 390 × 844 CSS pixels at 3 device pixels each, touch screen, Chinese. */
function phone(): Promise<BrowserContext> {
  return e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
}

/** How many pixels hold ink in a region of the pad (fractions of its size), read from the canvas itself. */
function inkIn(page: Page, region: [number, number, number, number]) {
  return page.evaluate(([left, top, right, bottom]) => {
    const canvas = document.querySelector('canvas.sign-pad__canvas') as HTMLCanvasElement;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const x = Math.floor(left * canvas.width);
    const y = Math.floor(top * canvas.height);
    const pixels = context.getImageData(
      x,
      y,
      Math.floor((right - left) * canvas.width),
      Math.floor((bottom - top) * canvas.height),
    );
    let inked = 0;
    for (let i = 3; i < pixels.data.length; i += 4) if ((pixels.data[i] as number) > 0) inked += 1;
    return inked;
  }, region);
}

describe('the public signing page on a phone', () => {
  it('signs the demo agreement: 温馨提示, strokes, undo, submit, then view mode with the signature', async () => {
    const link = await demoLink('unread');
    const context = await phone();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const readConfirmation = page.waitForRequest(
      (request) => request.url().endsWith('/api/kxt/confirm') && request.postDataJSON()?.status === 1,
    );

    await page.goto(link);
    await expect.poll(() => page.title()).toBe('知识产权服务协议');
    await readConfirmation;
    const firstPage = page.getByRole('img', { name: '协议第 1 页' });
    await firstPage.waitFor();
    await expect
      .poll(() => firstPage.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // Not agreed yet: 确认签署 asks first; 同意并签署 ticks the box, and after the SMS code the pad opens.
    const agree = page.getByRole('checkbox', { name: /我已阅读并同意/ });
    expect(await agree.isChecked()).toBe(false);
    await page.getByRole('button', { name: '确认签署' }).click();
    await page.getByText('温馨提示').waitFor();
    await page.getByRole('button', { name: '同意并签署' }).click();
    await confirmIdentityOnPage(page, e2e.browser, e2e.server.baseUrl);
    await page.locator('canvas.sign-pad__canvas').waitFor();
    expect(await agree.isChecked()).toBe(true);
    await waitForPadInPlace(page);

    // An empty pad sends nothing.
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('请在下方灰色区域内签字').waitFor();

    const scrollBefore = await page.evaluate(() => window.scrollY);
    await stroke(page, [
      [0.1, 0.5],
      [0.2, 0.3],
      [0.3, 0.6],
      [0.4, 0.35],
    ]);
    await stroke(page, [
      [0.1, 0.75],
      [0.45, 0.7],
    ]);
    await stroke(page, [
      [0.7, 0.3],
      [0.85, 0.6],
      [0.9, 0.4],
    ]);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    expect(await inkIn(page, [0.65, 0.2, 0.95, 0.7])).toBeGreaterThan(50);

    // 重写 takes back the last stroke only.
    await page.getByRole('button', { name: '重写' }).click();
    expect(await inkIn(page, [0.65, 0.2, 0.95, 0.7])).toBe(0);
    expect(await inkIn(page, [0.05, 0.2, 0.5, 0.8])).toBeGreaterThan(50);

    const upload = page.waitForResponse((response) => response.url().endsWith('/api/kxt/upload'));
    await page.getByRole('button', { name: '提交' }).click();
    expect((await upload).status()).toBe(200);

    // View mode: the footer says it is signed, and 查看签名 shows the signed page on a read-only pad.
    await page.getByText('协议已签署').waitFor();
    await page.locator('canvas.sign-pad__canvas').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: '确认签署' }).count()).toBe(0);
    await page.getByRole('button', { name: '查看签名' }).click();
    await page.getByText('我的签名').waitFor();
    expect(await page.getByRole('button', { name: '提交' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '清除' }).isDisabled()).toBe(true);
    const background = await page
      .locator('canvas.sign-pad__canvas')
      .evaluate((canvas) => getComputedStyle(canvas).backgroundImage);
    const signedUrl = /url\("?(.*?)"?\)/.exec(background)?.[1] ?? '';
    expect(signedUrl).toContain('/api/kxt/file/');
    const signedImage = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') };
    }, signedUrl);
    expect(signedImage).toEqual({ status: 200, type: 'image/jpeg' });
    expect(errors).toEqual([]);
    await context.close();

    // The back office sees it signed, with the signed PDF.
    const admin = await loggedInContext(e2e.browser, e2e.server.baseUrl, 'admin');
    const code = new URL(link).searchParams.get('code');
    const list = await (
      await admin.request.get(`${e2e.server.baseUrl}/api/admin/agreements?status=2&pageSize=100`)
    ).json();
    const row = list.rows.find((candidate: { url: string }) => candidate.url.endsWith(`code=${code}`));
    expect(row).toBeTruthy();
    const pdf = await admin.request.get(`${e2e.server.baseUrl}/api/admin/agreements/${row.id}/signed.pdf`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await admin.close();
  });

  it('shows a friendly empty state without a code, and the server message for a revoked link', async () => {
    const context = await phone();
    const page = await context.newPage();
    await page.goto(`${e2e.server.baseUrl}/sign`);
    await page.getByText('请通过签署链接打开本页面').waitFor();
    await page.goto(await demoLink('revoked'));
    await page.getByText('签署链接已作废，请联系客服').first().waitFor();
    await context.close();
  });

  it('loads at most 120 KB of gzipped JavaScript first, none of it the back office', async () => {
    const context = await phone();
    const { gzipBytes, scripts } = await firstLoadScriptBytes(
      context,
      await demoLink('read'),
      '.sign-footer',
    );
    console.log(`/sign: ${(gzipBytes / KB).toFixed(1)} KB gzipped in ${scripts.length} scripts`);
    expect(gzipBytes).toBeLessThanOrEqual(SIGN_PAGE_BUDGET);
    expect(scripts.some((url) => /\/assets\/main-/.test(url))).toBe(false);
    await context.close();
  });
});
