import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@kxt/contracts/auth';
import SqliteDatabase from 'better-sqlite3';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { demoData } from './harness.ts';
import { passSecondFactorInPage } from './second-factor.ts';
import { type RunningServer, startServer } from './server.ts';

/** A local SMTP server receiving the product's emails, and the product started with SMTP pointed at it. */
const received: { to: string[]; mail: ParsedMail }[] = [];
let smtp: SMTPServer;
let server: RunningServer;
let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startServer({
    dataFrom: demoData(),
    warm: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'KXT <notify@kxt.example>',
      NOTIFY_POLL_MS: '200',
    },
  });
  // The demo accounts have no addresses: give customer1 one, as an admin would.
  const db = new SqliteDatabase(path.join(server.dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare(
    "update users set email = 'zhangwei@example.com', phone = '13800000001' where username = 'customer1'",
  ).run();
  db.close();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  expect(await server?.stop()).toBe(0);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function logIn(
  pathname: string,
  username: string,
  size = { width: 1440, height: 900 },
  locale = 'zh-CN',
) {
  const context = await browser.newContext({ viewport: size, locale });
  // The product's language is the user's choice (remembered in the browser), not the browser's locale.
  await context.addInitScript((language) => window.localStorage.setItem('kxt.language', language), locale);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}${pathname}`);
  await page.waitForURL(/\/login/);
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill('demo123456');
  await page.locator('button[type=submit]').click();
  await passSecondFactorInPage(page, server.baseUrl, username);
  await page.waitForURL((url) => url.pathname === pathname);
  return page;
}

/** POST through the page's session with its CSRF token, as the app does. */
async function apiPost(page: Page, url: string, body: unknown) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  return page.request.post(`${server.baseUrl}${url}`, { data: body, headers: { [CSRF_HEADER]: csrf } });
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `notifications-${name}.png`) });
};

describe('notifications', () => {
  it('a rejection reaches the customer’s bell and mailbox; the admin sees the email and resends it', async () => {
    const reviewer = await logIn('/admin/patents', 'reviewer');
    const list = await reviewer.request.get(`${server.baseUrl}/api/admin/patents`, {
      params: { status: '2', pageSize: '50' },
    });
    const rows = (
      (await list.json()) as { rows: { id: number; customerName: string; serviceCode: string }[] }
    ).rows.filter((row) => row.customerName === '深圳市星辰跨境电商有限公司');
    expect(rows.length).toBeGreaterThan(0);
    const reason = `请补充签字页 ${Date.now()}`;
    const rejected = await apiPost(reviewer, `/api/admin/patents/${rows[0]?.id}/materials-review`, {
      decision: 'reject',
      reason,
    });
    expect(rejected.status()).toBe(200);

    // The customer: the bell counts it (the worker runs in the server), the list shows it, opening it leads on.
    const customer = await logIn('/', 'customer1');
    const bell = customer.getByRole('button', { name: /^通知（\d+ 条未读）$/ });
    await expect.poll(async () => bell.count(), { timeout: 20_000 }).toBe(1);
    await bell.click();
    const row = customer.getByTestId('notification-row').filter({ hasText: reason });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('资料被驳回');
    await expect
      .poll(() => customer.locator('.ant-popover').getAttribute('class'))
      .not.toMatch(/zoom|motion/);
    await shot(customer, 'bell-zh-1440');
    const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
    await row.click();
    // It leads to the customer's patent list searched for that order's service no, which the list then shows.
    const serviceCode = rows[0]?.serviceCode ?? '';
    await customer.waitForURL(/\/trademark\/patent\?/);
    await customer.getByRole('row').filter({ hasText: serviceCode }).first().waitFor();
    // Searched for it: that order alone.
    await expect.poll(() => customer.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await expect
      .poll(async () => {
        const label = await customer.getByRole('button', { name: /^通知/ }).getAttribute('aria-label');
        return Number(label?.match(/\d+/)?.[0] ?? 0);
      })
      .toBe(unreadBefore - 1);

    // The email, in Chinese, with both parts.
    await expect
      .poll(() => received.filter((message) => message.mail.text?.includes(reason)).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const email = received.find((message) => message.mail.text?.includes(reason));
    expect(email?.to).toEqual(['zhangwei@example.com']);
    expect(email?.mail.subject).toContain('资料被驳回');
    expect(email?.mail.html).toContain(reason);

    // The admin's view of sent email, and a resend that goes out once more.
    const admin = await logIn('/admin/notifications', 'admin');
    const sentRow = admin
      .locator('.ant-table-row')
      .filter({ hasText: 'zhangwei@example.com' })
      .filter({ hasText: '资料被驳回' });
    await sentRow.first().waitFor();
    await expect.poll(() => sentRow.first().textContent()).toContain('已发送');
    await shot(admin, 'admin-zh-1440');
    await sentRow.first().getByRole('button', { name: '重新发送' }).click();
    await admin.getByText('已加入发送队列').waitFor();
    await expect
      .poll(() => received.filter((message) => message.mail.text?.includes(reason)).length, {
        timeout: 20_000,
      })
      .toBe(2);
  });

  it('the bell works on a phone and in English', async () => {
    const page = await logIn('/', 'customer1', { width: 390, height: 844 }, 'en-US');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await page.getByRole('button', { name: 'Mark all read' }).waitFor();
    await expect
      .poll(() => page.locator('.ant-drawer-content-wrapper').getAttribute('class'))
      .not.toMatch(/motion/);
    await shot(page, 'bell-en-390');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(async () => bell.getAttribute('aria-label')).toBe('Notifications');
  });
});
