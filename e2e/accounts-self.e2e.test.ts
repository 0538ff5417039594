import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { demoData } from './harness.ts';
import { passSecondFactorInPage } from './second-factor.ts';
import { type RunningServer, startServer } from './server.ts';

let server: RunningServer;
let browser: Browser;
// Not `warm`: these pages do not search trademarks, so they need not wait for the search index (minutes on a busy
// machine); the harness's other steps are the same.
beforeAll(async () => {
  server = await startServer({ dataFrom: demoData() });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
});

/** Set to keep screenshots of each page (zh-CN and en-US, 1440 and 390 wide) for a person to look at. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `accounts-${name}.png`), fullPage: true });
};

const MOBILE = '13987654321';
const COMPANY = '厦门新芽贸易有限公司';
const FIRST_PASSWORD = 'Lantern-Oyster-47-Quill';
const NEW_PASSWORD = 'Harbour-Walnut-83-Comet';
const LICENCE = '91350100M000100Y43';

/** A logged-in admin page: the sandbox's texts are read from its message list API, as an admin would. */
async function adminPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('demo123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await passSecondFactorInPage(page, server.baseUrl, 'admin');
  await page.waitForURL(/\/admin/);
  return page;
}

/** The code in the newest sandbox text to `mobile`. */
async function sandboxCode(admin: Page, mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const rows = await admin.evaluate(async () => {
        const response = await fetch('/api/admin/notifications/deliveries?channel=sms&pageSize=20');
        return ((await response.json()) as { rows: { recipient: string; text: string }[] }).rows;
      });
      code = /\d{6}/.exec(rows.find((row) => row.recipient === mobile)?.text ?? '')?.[0];
      return code;
    })
    .toBeDefined();
  return code as string;
}

/** No element wider than the window: nothing to scroll sideways on a phone. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe('self-service accounts', () => {
  it('signs up with an SMS code, lands in the portal with the pending banner, and staff verify the company', async () => {
    const admin = await adminPage();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: '注册新账号' }).click();
    await page.waitForURL(/\/register$/);
    await page.getByLabel('手机号').fill('12345');
    await expect.poll(() => page.getByRole('button', { name: '获取验证码' }).isDisabled()).toBe(true);
    await page.getByLabel('手机号').fill(MOBILE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重发/).waitFor();
    await page.getByLabel('短信验证码').fill(await sandboxCode(admin, MOBILE));
    await page.getByLabel('您的姓名').fill('陈晓');
    await page.getByLabel('公司名称').fill(COMPANY);
    await page.getByLabel('新密码').fill('password123');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.getByText('密码太常见或是键盘规律，容易被猜到').waitFor();
    await shoot(page, 'register-zh-1440');
    await page.getByLabel('新密码').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByText('您的公司正在等待认证').waitFor();
    await shoot(page, 'portal-pending-zh-1440');

    // Staff find the company in the customer list, pending, and verify its licence.
    await admin.goto(`${server.baseUrl}/admin/customers`);
    const row = admin.getByRole('row').filter({ hasText: COMPANY });
    await row.getByText('待认证').waitFor();
    await row.getByRole('button', { name: '认证' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
    await dialog.getByRole('button', { name: '确认认证' }).click();
    await dialog.getByText('统一社会信用代码格式或校验位不正确').waitFor();
    await dialog.getByLabel('统一社会信用代码').fill(LICENCE);
    await shoot(admin, 'verify-dialog-zh-1440');
    await dialog.getByRole('button', { name: '确认认证' }).click();
    await row.getByText('已认证').waitFor();
    await shoot(admin, 'customers-zh-1440');

    await page.reload();
    await page
      .getByText(/欢迎回来|陈晓/)
      .first()
      .waitFor();
    expect(await page.getByText('您的公司正在等待认证').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
    await admin.close();
  });

  it('resets a forgotten password by SMS and logs in with the new one', async () => {
    const admin = await adminPage();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL(/\/reset-password$/);
    await page.getByLabel('手机号').fill(MOBILE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('如果该手机号已注册，验证码已发送').waitFor();
    const code = await sandboxCode(admin, MOBILE);
    await page.getByLabel('短信验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '设置新密码' }).click();
    await page.getByText('验证码不正确').waitFor();
    await page.getByLabel('短信验证码').fill(code);
    await page.getByRole('button', { name: '设置新密码' }).click();
    await page.getByText('密码已重置，所有设备上的登录都已退出').waitFor();
    await shoot(page, 'reset-done-zh-1440');
    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('用户名').fill(MOBILE);
    await page.getByLabel('密码').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('用户名或密码错误').waitFor();
    await page.getByLabel('密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.close();
    await admin.close();
  });

  it('shows the profile on a phone, in Chinese and in English, without sideways scrolling', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await shoot(page, 'login-zh-390');
    await page.getByLabel('用户名').fill(MOBILE);
    await page.getByLabel('密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    // The user's name in the folded phone menu opens the profile.
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    await page.getByTitle('打开个人中心').click();
    await page.waitForURL(/\/profile$/);
    await page.getByText('登录设备', { exact: true }).waitFor();
    await page.getByText('当前设备', { exact: true }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shoot(page, 'profile-zh-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'profile-zh-1440');
    await page.setViewportSize({ width: 390, height: 844 });

    // Language saved to the account and applied at once.
    await page.locator('form#profile').getByText('English', { exact: true }).click();
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shoot(page, 'profile-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, 'profile-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).data.locale);
    expect(me).toBe('en-US');

    await page.goto(`${server.baseUrl}/register`);
    await shoot(page, 'register-en-390');
    await page.goto(`${server.baseUrl}/reset-password`);
    await shoot(page, 'reset-en-390');
    await context.close();
  });
});
