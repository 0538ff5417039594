import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Language, LIST_BODY, LIST_ROWS, useE2E } from './harness.ts';

const e2e = useE2E();

/** Where screenshots go when asked for (`ENGLISH_SHOTS=<folder>`); none otherwise. */
const SHOTS = process.env.ENGLISH_SHOTS;
/** Chinese characters (CJK unified ideographs and their compatibility block). */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const PORTAL_LIST = '/api/patent/services';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

const newPage = (language: Language, viewport: Viewport) => e2e.newPage({ language, viewport });

const logIn = (pathname: string, username: string, language: Language, viewport: Viewport) =>
  e2e.logIn(pathname, username, { language, viewport });

/**
 * The font families the body and a few rendered elements (antd components, headings) compute to: each must be the
 * one stack, sans-serif to the end and with no serif family anywhere in it.
 */
async function expectSans(page: Page, selectors: string[] = []) {
  const stacks = await page.evaluate(
    (extra) =>
      [document.body, ...extra.map((selector) => document.querySelector(selector))]
        .filter((element): element is Element => element !== null)
        .map((element) => getComputedStyle(element).fontFamily),
    selectors,
  );
  expect(stacks.length).toBeGreaterThan(0);
  for (const stack of stacks) {
    const families = stack.split(',').map((family) => family.trim().replace(/^["']|["']$/g, ''));
    expect(families, stack).toContain('PingFang SC');
    expect(families, stack).toContain('Noto Sans CJK SC');
    expect(families.at(-1), stack).toBe('sans-serif');
    expect(
      families.filter((family) => /serif/i.test(family)),
      stack,
    ).toEqual(['sans-serif']);
  }
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  // Transitions finished, so the shot shows the state the test reached rather than a colour half way.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

describe('customer1 reading English', () => {
  for (const viewport of VIEWPORTS) {
    it(`sees service names and rules in English, in a sans font, at ${viewport.width} px`, async () => {
      const page = await logIn('/purchase', 'customer1', 'en-US', viewport);
      const cardTitles = page.locator('[data-product-id] .ant-card-head-title');
      await cardTitles.first().waitFor();

      // /purchase: every service name is English; the patent products are one click away.
      const names = await cardTitles.allTextContents();
      expect(names.length).toBeGreaterThan(20);
      expect(names.filter((name) => CJK.test(name))).toEqual([]);
      await expectSans(page, ['.ant-card-head-title', '[aria-pressed]', 'h2']);
      const patentTab = page.getByRole('button', { name: /^Patent \(\d+\)$/ });
      await patentTab.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('patent');
      await expect.poll(() => patentTab.getAttribute('aria-pressed')).toBe('true');
      const patentNames = await cardTitles.allTextContents();
      expect(patentNames.length).toBeGreaterThanOrEqual(3);
      for (const name of patentNames) expect(name).toMatch(/patent/i);
      await shoot(page, `purchase-${viewport.width}-en-US`);

      // The patent list: the service names it gets and shows are English.
      const answer = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === PORTAL_LIST && response.request().method() === 'GET',
      );
      await page.goto(`${e2e.server.baseUrl}/trademark/patent`);
      const list = (await (await answer).json()) as {
        rows: { id: number; status: number; serviceName: string; additionalRulesInfo: { title: string }[] }[];
      };
      expect(list.rows.length).toBeGreaterThan(0);
      for (const row of list.rows) {
        expect(row.serviceName).not.toMatch(CJK);
        for (const rule of row.additionalRulesInfo) expect(rule.title).not.toMatch(CJK);
      }
      await page.locator(LIST_ROWS).first().waitFor();
      const shown = await page.locator(LIST_BODY).first().innerText();
      for (const row of list.rows.slice(0, 3)) expect(shown).toContain(row.serviceName);
      await expectSans(page, ['.ant-table-tbody td', '.ant-table-thead th', '[data-row-card] dd']);
      await shoot(page, `patent-list-${viewport.width}-en-US`);

      // The materials form of an order waiting for materials: its rules are English, the applicant is prefilled.
      const waiting = await page.request.get(`${e2e.server.baseUrl}${PORTAL_LIST}?status=1&pageSize=10`, {
        headers: { 'accept-language': 'en-US' },
      });
      const pending = ((await waiting.json()) as { rows: { id: number; serviceName: string }[] }).rows[0];
      expect(pending?.serviceName).not.toMatch(CJK);
      await page.goto(`${e2e.server.baseUrl}/form/submit?id=${pending?.id}`);
      const rules = page.locator('.ant-alert').filter({ hasText: 'Additional rules' });
      await rules.waitFor();
      const headers = rules.locator('.ant-collapse-header');
      expect(await headers.count()).toBeGreaterThan(0);
      for (const header of await headers.all()) await header.click();
      await expect
        .poll(() => rules.locator('.ant-collapse-header[aria-expanded="true"]').count())
        .toBe(await headers.count());
      const rulesText = await rules.innerText();
      expect(rulesText).not.toMatch(CJK);
      expect(rulesText).toMatch(/business licence|white background/);
      await expect.poll(() => page.getByLabel('Name (Chinese)', { exact: true }).inputValue()).not.toBe('');
      await expectSans(page, ['.ant-form-item-label label', 'input.ant-input']);
      await shoot(page, `materials-form-${viewport.width}-en-US`);
    });
  }
});

describe('one sans font stack in every layout and both languages', () => {
  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`portal, back office and /sign render sans in ${language}`, async () => {
      const viewport = VIEWPORTS[0];
      const portal = await logIn('/purchase', 'customer1', language, viewport);
      await portal.locator('[data-product-id]').first().waitFor();
      await expectSans(portal, ['.ant-card-head-title', '.ant-layout-sider, .ant-layout-header', 'h2']);
      if (language === 'zh-CN') {
        // The Chinese reader still gets the Chinese names.
        const names = await portal.locator('[data-product-id] .ant-card-head-title').allTextContents();
        expect(names.some((name) => CJK.test(name))).toBe(true);
        await shoot(portal, 'purchase-1440-zh-CN');
        const phone = await logIn('/purchase', 'customer1', language, VIEWPORTS[1]);
        await phone.locator('[data-product-id]').first().waitFor();
        await phone.getByRole('button', { name: /^专利 \(\d+\)$/ }).click();
        await expect.poll(() => phone.locator('[data-product-id]').count()).toBe(3);
        await expectSans(phone, ['.ant-card-head-title']);
        await shoot(phone, 'purchase-390-zh-CN');
      }

      const backOffice = await logIn('/admin/patents', 'admin', language, viewport);
      await backOffice.locator(LIST_ROWS).first().waitFor();
      await expectSans(backOffice, ['.ant-table-tbody td', '[data-row-card] dd', '.ant-menu-item']);

      const sign = await newPage(language, VIEWPORTS[1]);
      await sign.goto(`${e2e.server.baseUrl}/sign`);
      await sign.locator('#root *').first().waitFor();
      await expectSans(sign, ['#root *']);
      await shoot(sign, `sign-390-${language}`);
    });
  }
});
