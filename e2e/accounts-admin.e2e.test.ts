import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIST_ROWS, useServerAndBrowser } from './harness.ts';
import { TWO_FACTOR_PATH, totpCode } from './second-factor.ts';
import type { RunningServer } from './server.ts';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
/** The admin's recovery codes, from the enrolment in the first test (the file shares one server). */
let adminCodes: string[] = [];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
type Language = 'zh-CN' | 'en-US';

async function newPage(viewport = DESKTOP, language: Language = 'zh-CN'): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: language });
  await context.addInitScript((chosen) => window.localStorage.setItem('kxt.language', chosen), language);
  return context.newPage();
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** The login form, then wherever it leads (the second-factor page for admin and finance). */
async function submitLogin(page: Page, pathname: string, username: string, password = 'demo123456') {
  await page.goto(`${server.baseUrl}${pathname}`);
  await page.waitForURL(/\/login/);
  await page.locator('#login_username').fill(username);
  await page.locator('#login_password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Enrols on the two-step page as a person would: start, read the key shown, type the app's code, keep the codes. */
async function enrolInPage(page: Page, name: string) {
  expect(new URL(page.url()).pathname).toBe(TWO_FACTOR_PATH);
  await page.getByRole('button', { name: /开始绑定|Start/ }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByRole('img', { name: /二维码|QR code/ }).waitFor();
  await shot(page, `${name}-enrol`);
  await page.getByLabel(/6 位验证码|6-digit code/).fill(totpCode(secret));
  await page.getByRole('button', { name: /确认绑定|Confirm/ }).click();
  const codes = (await page.getByTestId('recovery-codes').innerText()).split('\n').filter(Boolean);
  expect(codes).toHaveLength(10);
  await shot(page, `${name}-recovery-codes`);
  await page.getByRole('button', { name: /我已保存恢复码|I saved them/ }).click();
  return { secret, codes };
}

describe('accounts run from the back office', () => {
  it('an admin enrols a second factor, invites a customer contact, and the contact sets a password and is in', async () => {
    const admin = await newPage();
    await submitLogin(admin, '/admin/invitations', 'admin');
    adminCodes = (await enrolInPage(admin, 'admin-zh-1440')).codes;
    await admin.waitForURL((url) => url.pathname === '/admin/invitations');

    await admin
      .getByRole('button', { name: /发送邀请/ })
      .first()
      .click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '发送邀请' });
    await dialog.getByRole('combobox', { name: '所属公司' }).fill('海岳');
    await admin.getByTitle('杭州海岳贸易有限公司').click();
    await dialog.getByLabel('姓名').fill('赵敏');
    await dialog.getByLabel('手机号').fill('13911112222');
    await dialog.getByRole('button', { name: /发\s*送/ }).click();
    const url = (await admin.getByTestId('account-link-url').textContent())?.trim() ?? '';
    expect(url).toContain('/invite/');
    await admin.getByText('已通过短信发送').waitFor();
    await shot(admin, 'invitation-link-zh-1440');
    await admin.getByRole('button', { name: /完\s*成/ }).click();
    await admin
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: '赵敏' })
      .getByText('待接受')
      .waitFor();
    await shot(admin, 'invitations-zh-1440');

    // The invitee, on a phone, from the link.
    const invitee = await newPage(PHONE);
    await invitee.goto(url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    await invitee.getByText('杭州海岳贸易有限公司').waitFor();
    expect(await invitee.getByLabel('用户名').inputValue()).toBe('13911112222');
    expect(await invitee.getByLabel('姓名').inputValue()).toBe('赵敏');
    await shot(invitee, 'invite-zh-390');
    await invitee.getByLabel('密码', { exact: true }).fill('password1234');
    await invitee.getByLabel('再次输入密码').fill('password1234');
    await invitee.getByRole('button', { name: /设置密码并登录/ }).click();
    await invitee
      .getByText(/太常见/)
      .first()
      .waitFor();
    await shot(invitee, 'invite-weak-password-zh-390');
    await invitee.getByLabel('密码', { exact: true }).fill('maple-orchid-river-73');
    await invitee.getByLabel('再次输入密码').fill('maple-orchid-river-73');
    await invitee.getByRole('button', { name: /设置密码并登录/ }).click();
    await invitee.waitForURL((next) => next.pathname === '/');
    const me = await invitee.request.get(`${server.baseUrl}/api/auth/me`);
    expect(((await me.json()) as { data: { username: string; role: string } }).data).toMatchObject({
      username: '13911112222',
      role: 'customer',
    });

    // The link works once.
    const replay = await newPage(PHONE);
    await replay.goto(url.replace(/^https?:\/\/[^/]+/, server.baseUrl));
    await replay
      .getByRole('alert')
      .getByText(/已使用/)
      .waitFor();
    await shot(replay, 'invite-used-zh-390');

    // The invitation shows as accepted; the user list has the new account.
    await admin.reload();
    await admin
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: '赵敏' })
      .getByText('已接受')
      .waitFor();
    await admin.goto(`${server.baseUrl}/admin/users`);
    await admin.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await admin.getByText('13911112222').first().waitFor();
    await shot(admin, 'users-zh-1440');
  });

  it('finance enrols at the first login and gives a code at the next', async () => {
    const first = await newPage(PHONE, 'en-US');
    await submitLogin(first, '/admin/payments', 'finance');
    const { secret } = await enrolInPage(first, 'finance-en-390');
    await first.waitForURL((url) => url.pathname === '/admin/payments');

    const again = await newPage(DESKTOP, 'en-US');
    await submitLogin(again, '/admin/payments', 'finance');
    expect(new URL(again.url()).pathname).toBe(TWO_FACTOR_PATH);
    await again
      .getByLabel('Code or recovery code')
      .fill('000000' === totpCode(secret, 1) ? '111111' : '000000');
    await again.getByRole('button', { name: 'Verify' }).click();
    await again
      .getByRole('alert')
      .getByText(/wrong or used/)
      .waitFor();
    await shot(again, 'finance-verify-en-1440');
    // The enrolment's own step is used up: the next step's code is what the app shows next.
    await again.getByLabel('Code or recovery code').fill(totpCode(secret, 1));
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.waitForURL((url) => url.pathname === '/admin/payments');

    // Without the authenticator at hand, the way out of the page is to log out.
    const stuck = await newPage(PHONE, 'en-US');
    await submitLogin(stuck, '/admin/payments', 'finance');
    await stuck.getByRole('button', { name: 'Log out' }).click();
    await stuck.waitForURL((url) => url.pathname === '/login');
    expect((await stuck.request.get(`${server.baseUrl}/api/auth/me`)).status()).toBe(401);
  });

  it('shows the account screens in English, on a phone and on a desktop', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const size = viewport.width;
      const admin = await newPage(viewport, 'en-US');
      await submitLogin(admin, '/admin/users', 'admin');
      expect(new URL(admin.url()).pathname).toBe(TWO_FACTOR_PATH);
      await shot(admin, `admin-verify-en-${size}`);
      await admin.getByLabel('Code or recovery code').fill(adminCodes.shift() ?? '');
      await admin.getByRole('button', { name: 'Verify' }).click();
      await admin.waitForURL((url) => url.pathname === '/admin/users');
      await admin.locator(LIST_ROWS).first().waitFor();
      await shot(admin, `users-en-${size}`);
      await admin.goto(`${server.baseUrl}/admin/invitations`);
      await admin.locator(LIST_ROWS).first().waitFor();
      await shot(admin, `invitations-en-${size}`);
      await admin.getByRole('button', { name: 'Invite' }).first().click();
      await admin.locator('.ant-modal').filter({ hasText: 'Invite someone' }).waitFor();
      await shot(admin, `invite-dialog-en-${size}`);
      await admin.context().close();
    }
  });
});
