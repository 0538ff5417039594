import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LIST_ROWS, useE2E, type Viewport } from './harness.ts';

const e2e = useE2E();

/** Where screenshots of the customer list go when asked for (`PATENT_UX_SHOTS=<folder>`); none otherwise. */
const SHOTS = process.env.PATENT_UX_SHOTS;
const PORTAL_LIST = '/api/patent/services';
const LABELS = {
  'zh-CN': {
    columns: ['订单号', '状态', '服务名称', '国家/地区', 'OA答复截止日'],
    serviceNo: '服务编号',
    actions: '操作',
    more: /更多/,
  },
  'en-US': {
    columns: ['Order no', 'Status', 'Service', 'Country', 'OA reply deadline'],
    serviceNo: 'Service no',
    actions: 'Actions',
    more: /More/,
  },
} as const;
type Language = keyof typeof LABELS;

async function logIn(pathname: string, username: string, options: Viewport & { language?: Language }) {
  const page = await e2e.logIn(pathname, username, {
    language: options.language,
    viewport: { width: options.width, height: options.height },
  });
  await page.locator(LIST_ROWS).first().waitFor();
  return page;
}

function listAnswer(page: Page) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === PORTAL_LIST && response.request().method() === 'GET',
  );
}

const header = (page: Page, title: string): Locator =>
  page
    .locator('.ant-table-thead th')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .first();

/** Each of `titles` is a column wholly in view, left of the pinned actions column, which is no wall over the table. */
async function expectBesideActions(page: Page, titles: readonly string[], actionsTitle: string) {
  const table = await page.locator('.ant-table-container').first().boundingBox();
  const actions = await header(page, actionsTitle).boundingBox();
  if (!table || !actions) throw new Error('no table');
  expect(actions.width).toBeLessThan(table.width * 0.4);
  for (const title of titles) {
    const cell = await header(page, title).boundingBox();
    expect(cell, title).not.toBeNull();
    if (!cell) continue;
    expect(cell.x, title).toBeGreaterThanOrEqual(table.x - 1);
    expect(cell.x + cell.width, `${title} ends before the actions column`).toBeLessThanOrEqual(actions.x + 1);
  }
}

describe('patent list at 1440 px: the service no in view too', () => {
  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`shows the service no that tells an order's patents apart beside the actions (${language})`, async () => {
      const page = await logIn('/trademark/patent', 'customer1', { width: 1440, height: 900, language });
      const labels = LABELS[language];
      await expectBesideActions(page, [...labels.columns, labels.serviceNo], labels.actions);
    });
  }
});

describe('patent list at 1280 px: status and actions in view', () => {
  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`shows order, status, service, country and deadline beside the actions without scrolling (${language})`, async () => {
      const page = await logIn('/trademark/patent', 'customer1', { width: 1280, height: 800, language });
      const labels = LABELS[language];
      await expectBesideActions(page, labels.columns, labels.actions);
      // No row shows more than two actions and 更多.
      for (const row of await page.locator('.ant-table-tbody tr.ant-table-row').all()) {
        const buttons = row.locator('td').last().locator('button, a');
        expect(await buttons.count()).toBeLessThanOrEqual(3);
      }
      // What is under 更多 opens as a menu.
      const more = page
        .locator('.ant-table-tbody tr.ant-table-row')
        .getByRole('button', { name: labels.more });
      await more.first().click();
      await page.getByRole('menuitem').first().waitFor();
      await more.first().click();
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      if (SHOTS) {
        await page.locator('.ant-table').first().scrollIntoViewIfNeeded();
        await mkdir(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `customer-list-1280-${language}.png`) });
      }
    });
  }

  it('shows each patent on a phone (390 px) as a card with its status beside its order no', async () => {
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await logIn('/trademark/patent', 'customer1', { width: 390, height: 844, language });
      // No table to scroll sideways: each row is a card, its columns labelled.
      expect(await page.locator('.ant-table').count()).toBe(0);
      const card = page.locator('[data-row-card]').first();
      const box = await card.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      const text = await card.innerText();
      expect(text).toMatch(/KXT-P-C1-\d{4}/);
      expect(text).toContain(LABELS[language].columns[2]);
      // The status stands on the title's line, in view.
      const title = await card.locator('[data-row-card-title]').boundingBox();
      const status = await card.locator('[data-row-card-state]').boundingBox();
      expect(await card.locator('[data-row-card-state]').innerText()).not.toBe('');
      expect(title && status && Math.abs(title.y - status.y) < status.height).toBe(true);
      if (SHOTS) {
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `customer-list-390-${language}.png`) });
      }
    }
  });
});

describe('patent list reset', () => {
  it('重置 after 日本, 查询 and 已设定登录 restores every default, the tabs included', async () => {
    const page = await logIn('/trademark/patent', 'customer1', { width: 1600, height: 1000 });
    const country = page.getByLabel('国家/地区', { exact: true });
    await country.click();
    await country.fill('日本');
    await page.locator('.ant-select-item-option').filter({ hasText: '日本' }).first().click();
    let answered = listAnswer(page);
    await page.getByRole('button', { name: /查\s?询/ }).click();
    await answered;
    answered = listAnswer(page);
    await page.getByRole('tab', { name: /^已设定登录/ }).click();
    const filtered = new URL((await answered).url()).searchParams;
    expect(filtered.get('status')).toBe('20');
    expect(filtered.get('countryId')).toBe('42');

    answered = listAnswer(page);
    await page.getByRole('button', { name: /重\s?置/ }).click();
    const reset = new URL((await answered).url()).searchParams;
    expect(reset.get('status')).toBeNull();
    expect(reset.get('countryId')).toBeNull();
    await expect
      .poll(() => page.getByRole('tab', { name: /^全部/ }).getAttribute('aria-selected'))
      .toBe('true');
    // The answer is in; the rows follow when React renders it.
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(1);
  });
});

describe('review dialogs', () => {
  it('start undecided, refuse a submit without a decision, and say where approving leads', async () => {
    const page = await logIn('/admin/patents', 'reviewer', { width: 1280, height: 800 });
    // The reviewer lands on the queue (待处理); the status tabs are on 全部订单.
    await page.getByRole('tab', { name: '全部订单' }).click();
    if (SHOTS) {
      await page.locator('.ant-table').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'reviewer-list-1280-zh-CN.png') });
    }
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/materials-review'))
        posts.push(request.url());
    });
    await page.getByRole('tab', { name: /^资料审核中/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '资料审核中' }).first();
    await row.getByRole('button', { name: '审核资料' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '审核资料' }).last();
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: '通过' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('radio', { name: '驳回' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: /^提\s?交$/ }).click();
    await dialog.getByText('请选择审核结果').waitFor();
    await dialog.getByRole('radio', { name: '通过' }).check();
    await dialog.getByText('通过后，订单进入「递交中」').waitFor();
    await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
    expect(posts).toEqual([]);
  });
});
