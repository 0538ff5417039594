import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness.ts';

const e2e = useE2E({ register: 'full' });

const SEARCH = '/api/trademark/search';
/** A word many demo marks contain, in the US and in Germany. */
const NAME = 'LANTERN';

interface SearchBody {
  text: string;
  classes: number[];
  datasets: string;
  country?: string;
  page: number;
  pageSize: number;
  status?: string;
  searchId?: string;
}
interface SearchData {
  total: number;
  searchId: string;
  results: { name: string; dataset: string }[];
  niceClassStatistics: Record<string, { count: number; level: string }>;
  remainingSearches: number | null;
}

/** The next search call matching `matches`, with its request body and answer. */
async function nextSearch(page: Page, matches: (body: SearchBody) => boolean = () => true) {
  const response: Response = await page.waitForResponse((candidate) => {
    if (new URL(candidate.url()).pathname !== SEARCH) return false;
    return matches(candidate.request().postDataJSON() as SearchBody);
  });
  expect(response.status()).toBe(200);
  const body = response.request().postDataJSON() as SearchBody;
  const data = ((await response.json()) as { data: SearchData }).data;
  return { body, data };
}

describe('the trademark search screen', () => {
  it('a customer searches through the dialog, the risk map, the tabs, the filter and the scroll', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${e2e.server.baseUrl}/trademark/search`);
    await page.waitForURL(/\/login/);
    await page.getByLabel('用户名').fill('customer1');
    await page.getByLabel('密码').fill('demo123456');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/trademark\/search$/);
    const nameInput = page.getByRole('combobox', { name: '商标名称' });
    await nameInput.fill(NAME);
    await page.getByText(/剩余免费查询次数：\d+/).waitFor();

    // Countries through the dialog: US is chosen already, Germany from the hot list.
    await page.getByRole('button', { name: '更多国家/地区' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '选择国家/地区' });
    await dialog.getByRole('region', { name: '热门国家/地区' }).getByRole('button', { name: '德国' }).click();
    await expect.poll(() => dialog.getByRole('status').innerText()).toBe('已选择 2 个');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('德国 (DE)').waitFor();

    // Classes 9 and 25 from the class picker.
    const classes = page.getByRole('combobox', { name: '类别' });
    await classes.click();
    await classes.fill('科学仪器');
    await page.getByTitle('第 9 类 科学仪器').click();
    await classes.fill('服装');
    await page.getByTitle('第 25 类 服装鞋帽').click();
    await page.keyboard.press('Escape');

    const first = nextSearch(page);
    await page.getByRole('button', { name: /^查\s*询$/ }).click();
    const searched = await first;
    expect(searched.body).toMatchObject({
      text: NAME,
      classes: [9, 25],
      country: 'US',
      page: 0,
      pageSize: 10,
    });
    expect(searched.body.datasets.split(',')).toEqual(expect.arrayContaining(['US', 'DE', 'UF', 'EM']));
    expect(searched.data.total).toBeGreaterThan(10);
    const remaining = searched.data.remainingSearches;
    await page.getByText(/共找到 (\d+|99\+) 条近似商标/).waitFor();

    // The risk map: class 9 has matches and a risk level; then class 25 is searched alone.
    const map = page.getByRole('region', { name: '类别风险分布' });
    const cell9 = map.getByRole('button', { name: /^第 9 类 科学仪器：\d+ 条近似$/ });
    const count9 = Number(/：(\d+) 条/.exec((await cell9.getAttribute('aria-label')) ?? '')?.[1]);
    expect(count9).toBe(searched.data.niceClassStatistics['9']?.count);
    expect(count9).toBeGreaterThan(0);
    expect(['低风险', '中风险', '极高风险']).toContain(await cell9.getAttribute('title'));
    await map.getByText('详细').click();
    await expect.poll(() => cell9.innerText()).toMatch(/最高相似度 \d+%/);
    const byClass = nextSearch(page);
    await map.getByRole('button', { name: /^第 25 类 服装鞋帽：/ }).click();
    const class25 = await byClass;
    expect(class25.body).toMatchObject({ classes: [25], country: 'US', page: 0 });
    expect(class25.body).not.toHaveProperty('searchId');
    expect(class25.data.remainingSearches).toBe((remaining ?? 0) - 1);

    // Another country's tab is the same search: its searchId, no second charge.
    const countryTabs = page.getByRole('radiogroup', { name: '国家/地区' });
    expect(await countryTabs.getByRole('radio', { name: '美国' }).isChecked()).toBe(true);
    const tab = nextSearch(page);
    await countryTabs.getByText('德国', { exact: true }).click();
    const germany = await tab;
    await expect.poll(() => countryTabs.getByRole('radio', { name: '德国' }).isChecked()).toBe(true);
    expect(germany.body).toMatchObject({ country: 'DE', classes: [25], searchId: class25.data.searchId });
    expect(germany.data.remainingSearches).toBe(class25.data.remainingSearches);
    expect(germany.data.results.some((item) => item.dataset === 'US')).toBe(false);

    // The status filter: All replaces the defaults and re-runs from page 0 with the same searchId.
    const filtered = nextSearch(page);
    await page.getByRole('checkbox', { name: '全部' }).check();
    const all = await filtered;
    expect(all.body).toMatchObject({ page: 0, searchId: class25.data.searchId });
    expect(all.body).not.toHaveProperty('status');
    expect(all.data.total).toBeGreaterThan(10);
    await expect.poll(() => page.locator('article').count()).toBe(10);

    // Scrolling to the bottom loads the next page; the floating search bar shows past 400 px.
    const more = nextSearch(page, (body) => body.page === 1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const second = await more;
    expect(second.body).toMatchObject({ searchId: class25.data.searchId, country: 'DE' });
    await expect.poll(() => page.locator('article').count()).toBeGreaterThan(10);
    await page.getByRole('search', { name: '悬浮搜索栏' }).waitFor();
    expect(
      await page
        .getByRole('search', { name: '悬浮搜索栏' })
        .getByRole('combobox', { name: '商标名称' })
        .inputValue(),
    ).toBe(NAME);

    // 咨询专业顾问 opens the 商标咨询 dialog with the adviser's WeChat QR code.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: '咨询专业顾问' }).click();
    const consult = page.getByRole('dialog').filter({ hasText: '商标咨询' });
    await consult.getByRole('img', { name: '顾问微信二维码' }).waitFor();
    expect(await consult.getByRole('img', { name: '顾问微信二维码' }).getAttribute('data-value')).toMatch(
      /^https?:\/\//,
    );
    await consult.getByRole('button', { name: '关闭' }).first().click();
    await consult.waitFor({ state: 'hidden' });

    // A reload with query parameters runs that search at once.
    const reloaded = nextSearch(page);
    await page.goto(`${e2e.server.baseUrl}/trademark/search?country=US&search=${NAME}&niceClass=9`);
    const fromAddress = await reloaded;
    expect(fromAddress.body).toMatchObject({ text: NAME, classes: [9], country: 'US', page: 0 });
    await page.getByText(/共找到 (\d+|99\+) 条近似商标/).waitFor();
    expect(await nameInput.inputValue()).toBe(NAME);
    await expect
      .poll(() =>
        page.getByRole('radiogroup', { name: '国家/地区' }).getByRole('radio', { name: '美国' }).isChecked(),
      )
      .toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
