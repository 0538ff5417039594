import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `deadlines-${name}.png`), fullPage: true });
}

describe('deadlines', () => {
  it('staff see the demo deadlines in the month calendar and the list, each linking to its record', async () => {
    const page = await e2e.logIn('/admin/deadlines', 'reviewer');
    await page.locator('[data-testid=calendar-day] a').first().waitFor();
    expect(await page.locator('[data-testid=calendar-day] a').count()).toBeGreaterThan(0);
    await shot(page, 'month-zh');
    await page.getByText('列表', { exact: true }).click();
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    await shot(page, 'list-zh');
    // A patent deadline leads to the back-office list searched for its service no.
    await page.locator('.ant-table-tbody tr.ant-table-row a[href^="/admin/patents"]').first().click();
    await page.waitForURL(/\/admin\/patents\?tab=all&keyword=/);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.context().close();
  });

  it('the calendar works on a phone and in English', async () => {
    const page = await e2e.logIn('/admin/deadlines', 'admin', { viewport: PHONE, language: 'en-US' });
    await page.getByText('Deadline calendar').first().waitFor();
    await page.locator('[data-testid=calendar-day]').first().click();
    await page.getByTestId('calendar-day-list').locator('a').first().waitFor();
    await shot(page, 'month-en-phone');
    await page.context().close();
  });

  it('a customer’s home shows their company’s coming deadlines with days left', async () => {
    const page = await e2e.logIn('/', 'customer1');
    await page.locator('[data-testid=upcoming-deadline]').first().waitFor();
    const items = await page.locator('[data-testid=upcoming-deadline]').allInnerTexts();
    expect(items.length).toBeGreaterThan(0);
    expect(items.join('\n')).toMatch(/PT-C1-/);
    expect(items.join('\n')).not.toMatch(/PT-C2-/);
    await shot(page, 'home-zh');
    await page.context().close();
  });

  it('the bell leads to the settings, where a deadline reminder stays in-app', async () => {
    const page = await e2e.logIn('/', 'customer1', { viewport: PHONE, language: 'en-US' });
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByTestId('notification-settings').click();
    await page.waitForURL(/\/notification-settings$/);
    const testId = 'pref-deadline.reminder-inApp';
    // antd puts the test id on the input or on its wrapper, depending on the version.
    const locked = page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
    await locked.waitFor({ state: 'attached' });
    expect(await locked.isDisabled()).toBe(true);
    expect(await locked.isChecked()).toBe(true);
    await shot(page, 'settings-en-phone');
    await page.context().close();
  });
});
