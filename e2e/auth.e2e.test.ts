import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';

const e2e = useE2E();

describe('logging in to the customer portal', () => {
  it('logs in as customer1, sees the portal, switches language, logs out', async () => {
    const page = await e2e.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // A deep link while logged out goes to the login page and comes back after logging in.
    await page.goto(`${e2e.server.baseUrl}/`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('用户名').fill('customer1');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('用户名或密码错误').count()).toBeGreaterThan(0);

    await page.getByLabel('密码').fill('demo123456');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    await page.getByText('欢迎回来，张伟').waitFor();
    // The company's name on the home (the header keeps it in the user link's tooltip on a laptop).
    await page.locator('main').getByText('深圳市星辰跨境电商有限公司').first().waitFor();

    // English, remembered across a reload.
    await page.getByText('English').click();
    await page.getByText('Welcome back, 张伟').waitFor();
    await page.reload();
    await page.getByText('Welcome back, 张伟').waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
    expect(errors).toEqual([]);
  });

  it('serves deep links and the API docs from the same port', async () => {
    const deepLink = await fetch(`${e2e.server.baseUrl}/trademark/patent`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<div id="root">');
    expect((await fetch(`${e2e.server.baseUrl}/api/docs/`)).status).toBe(200);
    expect((await fetch(`${e2e.server.baseUrl}/api/nope`)).status).toBe(404);
  });
});
