import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Language, useE2E } from './harness.ts';

const e2e = useE2E();

/** Each staff list with the titles of its key column, its row state and its actions, in each language. */
const LISTS = [
  {
    path: '/admin/agreements',
    'zh-CN': { key: '客户', state: '状态', actions: '操作' },
    'en-US': { key: 'Customer', state: 'Status', actions: 'Actions' },
  },
  {
    path: '/admin/tax-declarations',
    'zh-CN': { key: '服务编号', state: '状态', actions: '操作' },
    'en-US': { key: 'Service code', state: 'Status', actions: 'Actions' },
  },
  {
    path: '/admin/customers',
    'zh-CN': { key: '客户名称', state: '认证', actions: '操作' },
    'en-US': { key: 'Customer', state: 'Verified', actions: 'Actions' },
  },
  {
    path: '/admin/service-items',
    'zh-CN': { key: '服务编号', state: '状态', actions: '操作' },
    'en-US': { key: 'Service code', state: 'Status', actions: 'Actions' },
  },
] as const;

const VIEWPORT = { width: 1440, height: 900 };

/** The table's scrolling box and its header cells' titles and right edges, once rows are shown. */
async function tableWidths(page: Page) {
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!box) throw new Error('no table');
    const headers = Array.from(document.querySelectorAll('.ant-table-thead th'), (cell) => ({
      title: (cell as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      right: cell.getBoundingClientRect().right,
    }));
    return {
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
      right: box.getBoundingClientRect().right,
      headers,
    };
  });
}

describe('the staff lists at 1440×900 with their default columns', () => {
  for (const language of ['en-US', 'zh-CN'] as const satisfies readonly Language[]) {
    it(`show the whole row without scrolling sideways, state and actions in view (${language})`, async () => {
      // Admin sees every list; the other staff roles see the same columns.
      const page = await e2e.logIn(LISTS[0].path, 'admin', { language, viewport: VIEWPORT });
      for (const list of LISTS) {
        if (new URL(page.url()).pathname !== list.path) await page.goto(`${e2e.server.baseUrl}${list.path}`);
        const labels = list[language];
        const table = await tableWidths(page);
        expect(table.scrollWidth, `${list.path}: no sideways scroll`).toBeLessThanOrEqual(table.clientWidth);
        expect(table.right, list.path).toBeLessThanOrEqual(VIEWPORT.width);
        const titles = table.headers.map((header) => header.title);
        for (const title of [labels.key, labels.state, labels.actions]) {
          expect(titles, `${list.path}: ${title}`).toContain(title);
        }
        // The last header cell (the actions) ends inside the table's box, and so inside the screen.
        expect(table.headers.at(-1)?.title, list.path).toBe(labels.actions);
        for (const header of table.headers) {
          expect(header.right, `${list.path}: ${header.title}`).toBeLessThanOrEqual(table.right + 1);
        }
        const state = page
          .locator('.ant-table-thead th')
          .filter({ hasText: new RegExp(`^${labels.state}$`) });
        await state.first().waitFor();
        expect(await state.first().isVisible(), `${list.path}: ${labels.state}`).toBe(true);
      }
      await page.context().close();
    });
  }
});
