import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CELL_LEVELS,
  contrastRatio,
  hexChannels,
  MIN_LEVEL_CONTRAST,
  RISK_CELL_COLORS,
  TEXT_CONTRAST,
} from '../apps/web/src/features/trademark-search/components/risk-colors.ts';
import { useE2E } from './harness.ts';
import { passSecondFactor } from './second-factor.ts';

const e2e = useE2E({ register: 'full' });

/** Where screenshots go when asked for (`SEARCH_UX_SHOTS=<folder>`); none otherwise. */
const SHOTS = process.env.SEARCH_UX_SHOTS;
beforeAll(async () => {
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
});
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const SEARCH = '/api/trademark/search';
/** A word many demo marks contain, in the US and in Germany. */
const NAME = 'LANTERN';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const LABELS = {
  'zh-CN': {
    name: '商标名称',
    search: /^查\s*询$/,
    consult: '咨询专业顾问',
    country: '国家/地区',
    riskMap: '类别风险分布',
    detailed: '详细',
    levels: ['无近似', '低风险', '中风险', '极高风险'],
    reused: '与 24 小时内的一次查询条件相同，已显示该结果，未扣查询次数',
    cost: '每次新查询使用 1 次查询次数（剩余 3 次）',
    found: /共找到 (\d+|99\+) 条近似商标/,
    groups: ['本国/地区注册', '区域注册（在该国有效）', '马德里国际注册（指定该国）', '成员国注册'],
    madrid: '马德里国际注册',
    code: (code: string) => `代码：${code}`,
    openMenu: '打开导航菜单',
    navigation: '导航菜单',
    patents: '专利注册',
    customers: '客户管理',
  },
  'en-US': {
    name: 'Trademark name',
    search: /^Search$/,
    consult: 'Consult a professional adviser',
    country: 'Country/region',
    riskMap: 'Risk by class',
    detailed: 'Detailed',
    levels: ['No match', 'Low', 'Medium', 'Very high'],
    reused: 'Same search as one in the last 24 hours: showing it without using a search',
    cost: 'Each new search uses 1 search (3 left)',
    found: /(\d+|99\+) similar marks found/,
    groups: [
      'National register',
      'Regional register (has effect there)',
      'Madrid international registrations (designating it)',
      "Member states' registers",
    ],
    madrid: 'Madrid international registration',
    code: (code: string) => `Code: ${code}`,
    openMenu: 'Open the navigation menu',
    navigation: 'Navigation',
    patents: 'Patents',
    customers: 'Customers',
  },
} as const;
type Language = keyof typeof LABELS;
const LANGUAGES = Object.keys(LABELS) as Language[];

interface SearchData {
  total: number;
  searchId: string;
  reused: boolean;
  remainingSearches: number | null;
  results: { dataset: string }[];
}

/** A page of a context logged in as `username` (through the API) in `language` at `viewport`. */
async function loggedInPage(
  username: string,
  language: Language,
  viewport: { width: number; height: number },
): Promise<{ page: Page; context: BrowserContext; csrf: string }> {
  const context = await e2e.browser.newContext({ viewport, locale: language });
  await context.addInitScript((chosen) => window.localStorage.setItem('kxt.language', chosen), language);
  const csrf = (
    (await (await context.request.get(`${e2e.server.baseUrl}/api/auth/csrf`)).json()) as {
      data: { token: string };
    }
  ).data.token;
  const login = await context.request.post(`${e2e.server.baseUrl}/api/auth/login`, {
    data: { username, password: 'demo123456' },
    headers: { 'x-csrf-token': csrf },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await passSecondFactor(context.request, e2e.server.baseUrl, username);
  const page = await context.newPage();
  return { page, context, csrf };
}

/** The next answer of the search call, parsed. */
async function nextSearch(page: Page): Promise<SearchData> {
  const response: Response = await page.waitForResponse(
    (candidate) => new URL(candidate.url()).pathname === SEARCH,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SearchData }).data;
}

/** The colour of one background pixel of what `locator` shows on screen, as 0–255 channels. */
async function shownColour(page: Page, locator: Locator): Promise<[number, number, number]> {
  const png = (await locator.screenshot({ animations: 'disabled' })).toString('base64');
  // A corner inside the 1 px border: the middle holds the level's icon.
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(3, 3, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  }, png);
}

const rgb = (css: string): [number, number, number] => {
  const [r = 0, g = 0, b = 0] = (css.match(/\d+/g) ?? []).map(Number);
  return [r, g, b];
};

/**
 * Opens a phone header's menu with its button (named `openLabel`), pictures it as `name`, picks `item` and checks the
 * page went to `url` with `shown` (what the open menu puts on the page) gone.
 */
async function goThroughPhoneMenu(
  page: Page,
  {
    toggle,
    menu,
    shown,
    openLabel,
    item,
    url,
    name,
  }: {
    toggle: Locator;
    menu: Locator;
    shown: Locator;
    openLabel: string;
    item: string;
    url: RegExp;
    name: string;
  },
) {
  expect(await toggle.getAttribute('aria-label')).toBe(openLabel);
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await menu.getByRole('menuitem', { name: item }).waitFor();
  await shot(page, name);
  await menu.getByRole('menuitem', { name: item }).click();
  await page.waitForURL(url);
  await expect.poll(() => shown.count()).toBe(0);
}

/** Whether two boxes on screen overlap (by more than a rounding pixel). */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return (
    a.x + a.width > b.x + 1 && b.x + b.width > a.x + 1 && a.y + a.height > b.y + 1 && b.y + b.height > a.y + 1
  );
}

describe.each(LANGUAGES)('the trademark search screen in %s at 1440 px', (language) => {
  const labels = LABELS[language];
  const username = language === 'zh-CN' ? 'customer1' : 'customer2';

  it('charges a search once: a reload and a second Enter reuse it, and the cost shows when few are left', async () => {
    const { page, context, csrf } = await loggedInPage(username, language, DESKTOP);
    const first = nextSearch(page);
    await page.goto(`${e2e.server.baseUrl}/trademark/search?country=US&search=${NAME}`);
    const original = await first;
    const left = original.remainingSearches ?? 0;
    await page.getByText(labels.found).waitFor();

    // A reload of ?search= asks the same question: the server hands back the same search, free.
    const again = nextSearch(page);
    await page.reload();
    const reloaded = await again;
    expect(reloaded).toMatchObject({ searchId: original.searchId, reused: true, remainingSearches: left });
    await page.getByText(labels.reused).waitFor();

    // Enter twice on a new name: one charge, whether the second press is refused or answered with the first.
    const answers: SearchData[] = [];
    // A body can be gone once the page navigates; such a response is simply not counted.
    const collectAnswer = async (response: Response) => {
      if (new URL(response.url()).pathname !== SEARCH || !response.ok()) return;
      const body = (await response.json().catch(() => undefined)) as { data: SearchData } | undefined;
      if (body) answers.push(body.data);
    };
    page.on('response', collectAnswer);
    const input = page.getByRole('combobox', { name: labels.name }).first();
    await input.fill(`${NAME} ${language}`);
    await input.press('Enter');
    await input.press('Enter');
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(1);
    await page.getByText(labels.found).waitFor();
    expect(new Set(answers.map((answer) => answer.searchId)).size).toBe(1);
    expect(answers.at(-1)?.remainingSearches).toBe(left - 1);
    page.off('response', collectAnswer);

    // Use searches up through the API until 3 are left: the screen then says what a search costs.
    for (let index = 0; index < left - 1 - 3; index++) {
      const used = await context.request.post(`${e2e.server.baseUrl}${SEARCH}`, {
        data: { text: `burn ${language} ${index}`, datasets: 'US' },
        headers: { 'x-csrf-token': csrf },
      });
      expect(used.ok()).toBe(true);
    }
    const repeated = nextSearch(page);
    await page.goto(`${e2e.server.baseUrl}/trademark/search?country=US&search=${NAME}`);
    expect(await repeated).toMatchObject({ searchId: original.searchId, reused: true, remainingSearches: 3 });
    await expect.poll(() => page.getByRole('note').innerText()).toContain(labels.cost);
    await shot(page, `search-cost-1440-${language}`);
  });

  it('keeps the form on one line: countries as +N, 咨询专业顾问 unwrapped', async () => {
    const { page } = await loggedInPage(username, language, DESKTOP);
    const many = 'US,DE,FR,GB,JP,CN,KR,AU,CA,IT,ES,NL,SE,CH,AT,BE';
    await page.goto(`${e2e.server.baseUrl}/trademark/search?country=${many}`);
    const countries = page
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: labels.country }) });
    await page.getByRole('combobox', { name: labels.name }).first().waitFor();
    await shot(page, `search-form-1440-${language}`);
    await countries.locator('[class*="-item-rest"]').waitFor();
    expect(await countries.locator('[class*="-item-rest"]').innerText()).toMatch(/\+\s*\d+/);
    const countryBox = await countries.boundingBox();
    expect(countryBox?.height).toBeLessThanOrEqual(40);

    const consult = await page.getByRole('button', { name: labels.consult }).boundingBox();
    const search = await page.getByRole('button', { name: labels.search }).boundingBox();
    // One text line tall, on the row of 查询.
    expect(consult?.height).toBeLessThanOrEqual(40);
    expect(Math.abs((consult?.y ?? 0) - (search?.y ?? 100))).toBeLessThan(2);
    await shot(page, `search-form-1440-${language}`);
  });

  it('shows risk levels that differ by the chosen contrast, and registers by name grouped by jurisdiction', async () => {
    const { page } = await loggedInPage(username, language, DESKTOP);
    const first = nextSearch(page);
    await page.goto(`${e2e.server.baseUrl}/trademark/search?country=US,DE&search=${NAME}`);
    await first;
    const map = page.getByRole('region', { name: labels.riskMap });
    await map.waitFor();

    // Colours as drawn on screen: each level's swatch is at least MIN_LEVEL_CONTRAST from the next.
    const shown = [];
    for (const level of CELL_LEVELS)
      shown.push(await shownColour(page, map.locator(`[data-legend="${level}"] > span`)));
    for (let index = 1; index < shown.length; index++) {
      const lighter = shown[index - 1] ?? [0, 0, 0];
      const darker = shown[index] ?? [0, 0, 0];
      expect(
        contrastRatio(lighter, darker),
        `${CELL_LEVELS[index - 1]} → ${CELL_LEVELS[index]}`,
      ).toBeGreaterThanOrEqual(MIN_LEVEL_CONTRAST);
    }
    // The text in each cell against the colour drawn for its level: WCAG AA.
    for (const [index, level] of CELL_LEVELS.entries()) {
      const cell = map.locator(`button[data-level="${level}"]`).first();
      if ((await cell.count()) === 0) continue;
      const text = rgb(await cell.evaluate((element) => getComputedStyle(element).color));
      expect(contrastRatio(text, shown[index] ?? [0, 0, 0]), level).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // And they are the palette's colours, give or take a rounding step.
    for (const [index, level] of CELL_LEVELS.entries()) {
      const expected = hexChannels(RISK_CELL_COLORS[level].background);
      for (const [at, channel] of (shown[index] ?? []).entries()) {
        expect(Math.abs(channel - (expected[at] ?? 0)), level).toBeLessThan(3);
      }
    }

    // The detailed view names the level in every cell.
    await map.getByText(labels.detailed, { exact: true }).click();
    const cells = map.locator('button[data-level]');
    await expect.poll(() => cells.count()).toBe(45);
    for (const text of await cells.allInnerTexts()) {
      expect(
        labels.levels.some((name) => text.includes(name)),
        text,
      ).toBe(true);
    }
    await shot(page, `search-risk-1440-${language}`);

    // Registers by name, grouped by how they have effect in the tab's country; the code in a tooltip.
    const registers = page.locator('article [data-register]');
    await expect.poll(() => registers.count()).toBeGreaterThan(0);
    for (const text of await registers.allInnerTexts()) expect(text).not.toMatch(/^[A-Z]{2,3}$/);
    const groups = await page
      .locator('section[aria-label]')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label')));
    const shownGroups = groups.filter((name): name is string =>
      (labels.groups as readonly string[]).includes(name ?? ''),
    );
    expect(shownGroups.length).toBeGreaterThan(0);
    expect(shownGroups).toEqual(labels.groups.filter((name) => shownGroups.includes(name)));
    const madrid = page.locator('article [data-register="WO"], article [data-register="WPP"]').first();
    if ((await madrid.count()) > 0) {
      expect(await madrid.innerText()).toContain(labels.madrid);
      await madrid.hover();
      const code = (await madrid.getAttribute('data-register')) ?? '';
      await page
        .getByRole('tooltip')
        .filter({ hasText: labels.code(code) })
        .waitFor();
    }
    await page.locator('article').first().scrollIntoViewIfNeeded();
    await shot(page, `search-cards-1440-${language}`);
  });
});

describe.each(LANGUAGES)('on a 390 px phone in %s', (language) => {
  const labels = LABELS[language];

  it('folds the customer navigation into a menu and keeps the form narrow', async () => {
    const { page } = await loggedInPage('customer1', language, PHONE);
    await page.goto(`${e2e.server.baseUrl}/trademark/search?country=US,DE,FR,GB,JP,CN,KR,AU`);
    await page.getByRole('combobox', { name: labels.name }).first().waitFor();
    const header = await page.locator('header').first().boundingBox();
    expect(header?.height).toBeLessThan(PHONE.height * 0.1);
    expect(await page.getByRole('menubar').count()).toBe(0);
    const countries = page
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: labels.country }) });
    expect((await countries.boundingBox())?.height).toBeLessThanOrEqual(40);
    // The form's buttons stay on the screen.
    for (const name of [labels.search, labels.consult]) {
      const box = await page.getByRole('button', { name }).first().boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    }
    await shot(page, `portal-390-${language}`);

    await goThroughPhoneMenu(page, {
      toggle: page.locator('header button[aria-controls]'),
      menu: page.getByRole('navigation', { name: labels.navigation }),
      shown: page.getByRole('menubar'),
      openLabel: labels.openMenu,
      item: labels.patents,
      url: /\/trademark\/patent/,
      name: `portal-390-menu-${language}`,
    });
  });

  it('folds the back-office menu and the user behind one button on a phone, as the portal does', async () => {
    const { page } = await loggedInPage('admin', language, PHONE);
    await page.goto(`${e2e.server.baseUrl}/admin`);
    const header = page.locator('.ant-layout-header');
    await header.waitFor();
    await page.waitForLoadState('networkidle');
    // No strip of icons beside the page: it has the whole width.
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    const content = await page.locator('.ant-layout-content').boundingBox();
    expect(content?.x ?? 1).toBe(0);
    expect(content?.width).toBe(PHONE.width);
    await shot(page, `admin-390-${language}`);
    // The header's pieces (the product, the bell, the button) sit side by side inside it, on one row.
    const parts = await header.locator(':scope > div > *').evaluateAll((elements) =>
      elements
        .flatMap((element): Element[] =>
          element.children.length > 0 ? Array.from(element.children) : [element],
        )
        .map((part) => {
          const box = part.getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width, height: box.height };
        }),
    );
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (let a = 0; a < parts.length; a++) {
      for (let b = a + 1; b < parts.length; b++) {
        const first = parts[a];
        const second = parts[b];
        if (first && second) expect(overlaps(first, second), JSON.stringify([first, second])).toBe(false);
      }
    }
    for (const part of parts) expect(part.x + part.width).toBeLessThanOrEqual(PHONE.width + 1);

    await goThroughPhoneMenu(page, {
      toggle: header.locator('button[aria-controls]'),
      menu: header.getByRole('menu', { name: labels.navigation }),
      shown: header.getByRole('menu'),
      openLabel: labels.openMenu,
      item: labels.customers,
      url: /\/admin\/customers/,
      name: `admin-390-menu-${language}`,
    });
  });
});
