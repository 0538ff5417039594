import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { TrademarkResultItem, TrademarkSearchResponse } from '@kxt/contracts/trademarks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { setLanguage } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import {
  deferred,
  fail,
  type MockReply,
  mockApi,
  ok,
  type RecordedCall,
  setCookie,
} from '../../../test/mock-api.ts';
import { reportSizeOnObserve } from '../../../test/resize-observer.ts';
import TrademarkSearchPage from './TrademarkSearchPage.tsx';

const button = (label: string) => new RegExp(`^${label.split('').join('\\s?')}$`);
/** The country tabs: one choice of the results' country control per searched market. */
const countryTabs = () => screen.getByRole('radiogroup', { name: '国家/地区' });
const countryTab = (name: string) => within(countryTabs()).getByRole('radio', { name });

function mark(id: number, patch: Partial<TrademarkResultItem> = {}): TrademarkResultItem {
  return {
    id,
    name: `APPLE ${id}`,
    applicationNumber: `9700${id}`,
    applicationDate: '2020-01-02',
    registrationDate: null,
    niceClass: [9],
    owner: 'Apple Inc.',
    dataset: 'US',
    status: 'registered',
    goodsAndServices: { '9': 'Computers' },
    goodsAndServicesTranslation: { '9': '计算机' },
    attorney: null,
    imageUrl: null,
    similarityScore: 87.6,
    signals: ['phonetic'],
    designations: [],
    registrationNumber: null,
    expiryDate: null,
    markFeature: null,
    ...patch,
  };
}

function response(patch: Partial<TrademarkSearchResponse> = {}): TrademarkSearchResponse {
  return {
    total: 1,
    searchId: 's-1',
    niceClassStatistics: { '9': { count: 1, maxSimilarityScore: 87.6, level: 'very_high_risk' } },
    results: [mark(1)],
    classAssociations: {},
    datasets: ['US', 'UF', 'EM', 'WO', 'WPP'],
    remainingSearches: 4,
    reused: false,
    ...patch,
  };
}

const consultant = { nickName: '张顾问', phonenumber: '13900000000', wechatCode: 'https://u.wechat.com/x' };
const products = {
  US: {
    id: 11,
    name: '美国商标注册',
    country: 'US',
    price: 260_000,
    currency: 'CNY',
    typeIdTopCode: 'basic',
    categoryIdTopId: 3,
  },
};

type SearchHandler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

function setup(
  path = '/trademark/search',
  search: SearchHandler = ok(response()),
  remaining: number | null = 5,
) {
  const server = mockApi({
    'GET /api/trademark/register-times': ok({
      US: { lastAppDate: '2026-10-31' },
      DE: { lastAppDate: '2026-09-30' },
    }),
    'GET /api/trademark/search-count': ok([remaining]),
    'POST /api/trademark/search': search,
    'GET /api/trademark/consultant': ok(consultant),
    'GET /api/trademark/country-products': ok(products),
    'GET /api/payments/products': ok([]),
  });
  const view = renderWithApp(<TrademarkSearchPage />, { path, user: customer });
  const searches = () => server.callsTo('POST /api/trademark/search');
  const nameInput = () => screen.getByRole('combobox', { name: '商标名称' });
  return { ...view, server, searches, nameInput };
}

// The pickers show "as many tags as fit, then +N" (maxTagCount responsive), which measures the box and its tags.
// jsdom does no layout: here every box is 1000 px wide and every tag 60 px, and a resize is reported once observed.
const measured = ['clientWidth', 'offsetWidth'] as const;
const original = measured.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 60 });
  reportSizeOnObserve(true);
});
afterAll(() => {
  // jsdom keeps these on Element.prototype: the stand-ins go, so later files in the worker measure as before.
  measured.forEach((key, index) => {
    const descriptor = original[index];
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  });
  reportSizeOnObserve(false);
});

beforeEach(() => {
  setCookie(CSRF_COOKIE, 'csrf');
  sessionStorage.clear();
});
afterEach(() => setScroll(0));

/** Scrolls the window to `y` as far as the page can tell (jsdom does no layout). */
function setScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('trademark search page', () => {
  it('shows the data notice with the latest register time', async () => {
    setup();
    expect(await screen.findByText(/更新至 2026-10-31/)).toBeInTheDocument();
    expect(await screen.findByText('剩余免费查询次数：5')).toBeInTheDocument();
  });

  it('asks for a name, a non-blank keyword and a country before searching', async () => {
    const { user, searches, nameInput } = setup();
    await user.click(await screen.findByRole('button', { name: button('查询') }));
    expect(await screen.findByText('请输入商标名称')).toBeInTheDocument();

    await user.type(nameInput(), '   ');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    expect(await screen.findByText('请输入非空白的关键词')).toBeInTheDocument();

    await user.clear(nameInput());
    await user.type(nameInput(), 'apple');
    const remove = document.querySelector<HTMLElement>('.ant-select-selection-item-remove');
    expect(remove).not.toBeNull();
    if (remove) await user.click(remove);
    await user.click(screen.getByRole('button', { name: button('查询') }));
    expect(await screen.findByText('请选择国家/地区')).toBeInTheDocument();
    expect(searches()).toHaveLength(0);
  });

  it('leaves the used-up quota to the server, which may answer a repeated search free', async () => {
    const { user, searches, nameInput } = setup('/trademark/search', fail(402, '免费查询次数已用完'), 0);
    expect(await screen.findByText('剩余免费查询次数：0')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('查询次数已用完：24 小时内查过的相同条件仍可免费查看');
    await user.type(nameInput(), 'apple');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    expect(await screen.findByText('免费查询次数已用完')).toBeInTheDocument();
    expect(searches()).toHaveLength(1);
  });

  it('says what a search costs once few are left, and nothing about it before', async () => {
    setup('/trademark/search', ok(response()), 3);
    expect(await screen.findByRole('note')).toHaveTextContent(
      '每次新查询使用 1 次查询次数（剩余 3 次）；24 小时内相同条件的查询不再扣次',
    );
  });

  it('hides the cost line while plenty are left', async () => {
    setup('/trademark/search', ok(response()), 4);
    expect(await screen.findByText('剩余免费查询次数：4')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('refuses a second search while one runs, with 正在查询，请稍候', async () => {
    const held = deferred<MockReply>();
    const { user, searches, nameInput } = setup('/trademark/search', () => held.promise);
    await user.type(await screen.findByRole('combobox', { name: '商标名称' }), 'apple');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(searches()).toHaveLength(1));
    await user.type(nameInput(), '{Enter}');
    expect(await screen.findByText('正在查询，请稍候')).toBeInTheDocument();
    // The button shows it is loading (its name gains the spinner's) and refuses too.
    await user.click(screen.getByRole('button', { name: /查\s?询$/ }));
    expect(searches()).toHaveLength(1);
    held.resolve(ok(response()));
    expect(await screen.findByText('共找到 1 条近似商标')).toBeInTheDocument();
  });

  it('says so when the server answered with the same search of the last day', async () => {
    setup('/trademark/search?search=apple', ok(response({ reused: true })));
    expect(
      await screen.findByText('与 24 小时内的一次查询条件相同，已显示该结果，未扣查询次数'),
    ).toBeInTheDocument();
  });

  it('groups the cards by register, named with the code in a tooltip', async () => {
    const { user } = setup(
      '/trademark/search?search=apple',
      ok(
        response({
          total: 3,
          results: [
            mark(1, { dataset: 'WO', designations: ['US'] }),
            mark(2, { dataset: 'US' }),
            mark(3, { dataset: 'UF' }),
          ],
        }),
      ),
    );
    const own = await screen.findByRole('region', { name: '本国/地区注册' });
    const madrid = screen.getByRole('region', { name: '马德里国际注册（指定该国）' });
    expect(
      within(own)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['APPLE 2', 'APPLE 3']);
    expect(within(madrid).getByRole('article', { name: 'APPLE 1' })).toHaveTextContent('马德里国际注册');
    expect(within(own).getByRole('article', { name: 'APPLE 2' })).toHaveTextContent('美国专利商标局 USPTO');
    expect(screen.queryByText(/^(WO|UF|WPP|EM)$/)).not.toBeInTheDocument();
    await user.hover(within(madrid).getByText('马德里国际注册'));
    expect(await screen.findByText('代码：WO')).toBeInTheDocument();
  });

  it("shows the server's message as a warning and no results header", async () => {
    const { user, nameInput } = setup('/trademark/search', fail(402, '免费查询次数已用完'));
    await user.type(nameInput(), 'apple');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    expect(await screen.findByText('免费查询次数已用完')).toBeInTheDocument();
    expect(screen.queryByText(/条近似商标/)).not.toBeInTheDocument();
  });

  it('just stops loading when the network fails', async () => {
    const { user, nameInput, searches } = setup('/trademark/search', () => {
      throw new TypeError('Failed to fetch');
    });
    await user.type(await screen.findByRole('combobox', { name: '商标名称' }), 'apple');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    await waitFor(() => expect(searches()).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: button('查询') })).not.toHaveClass('ant-btn-loading'),
    );
    expect(screen.queryByText(/条近似商标/)).not.toBeInTheDocument();
    expect(nameInput()).toHaveValue('apple');
  });

  it('runs the search at once from the query parameters', async () => {
    const { searches } = setup('/trademark/search?country=US,DE&search=apple&niceClass=25,9');
    expect(await screen.findByText('共找到 1 条近似商标')).toBeInTheDocument();
    expect(searches()[0]?.body).toEqual({
      text: 'apple',
      classes: [9, 25],
      datasets: expect.stringMatching(/^US,DE,AT,.*,UF,EM,WO,WPP$/),
      countries: 'US,DE',
      country: 'US',
      page: 0,
      pageSize: 10,
      status: 'registered,filed',
    });
    expect(countryTab('美国')).toBeChecked();
    expect(countryTab('德国')).not.toBeChecked();
    const card = screen.getByRole('article', { name: 'APPLE 1' });
    expect(within(card).getByText('97001')).toBeInTheDocument();
    expect(within(card).getByText(/计算机/)).toBeInTheDocument();
    expect(within(card).getByText('87%')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '商标名称' })).toHaveValue('apple');
  });

  it('does not search on start-up without a search parameter', async () => {
    const { searches } = setup('/trademark/search?country=DE');
    expect(await screen.findByText(/更新至/)).toBeInTheDocument();
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('德国 (DE)')).toBeInTheDocument();
  });

  it('shows counts above 99 as 99+', async () => {
    setup('/trademark/search?search=apple', ok(response({ total: 120 })));
    expect(await screen.findByText('共找到 99+ 条近似商标')).toBeInTheDocument();
  });

  it('shows the empty state when nothing is found, says which statuses were searched and offers them all', async () => {
    const { user, searches } = setup(
      '/trademark/search?search=zzz',
      ok(response({ total: 0, results: [], niceClassStatistics: {} })),
    );
    expect(await screen.findByText('未找到近似商标')).toBeInTheDocument();
    expect(screen.getByText('只查询了已注册和已申请的商标，其他状态的商标仍可能近似。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看全部状态' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]?.body).not.toHaveProperty('status');
    expect(await screen.findByText('未找到近似商标')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查看全部状态' })).not.toBeInTheDocument();
  });

  it('makes All and the other statuses exclude each other and re-runs from page 0 with the same searchId', async () => {
    const { user, searches } = setup('/trademark/search?search=apple');
    expect(await screen.findByText('共找到 1 条近似商标')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '已注册' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '已申请' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: '全部' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: '全部' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '已注册' })).not.toBeChecked();
    expect(searches()[1]?.body).toMatchObject({ page: 0, searchId: 's-1' });
    expect(searches()[1]?.body).not.toHaveProperty('status');

    await user.click(screen.getByRole('checkbox', { name: '已失效' }));
    await waitFor(() => expect(searches()).toHaveLength(3));
    expect(screen.getByRole('checkbox', { name: '全部' })).not.toBeChecked();
    expect(searches()[2]?.body).toMatchObject({ page: 0, searchId: 's-1', status: 'ended' });
  });

  it('keeps recent searches: refill, delete one, clear all', async () => {
    const { user, nameInput } = setup();
    await user.type(await screen.findByRole('combobox', { name: '商标名称' }), 'apple');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    await screen.findByText('共找到 1 条近似商标');
    await user.clear(nameInput());
    await user.type(nameInput(), 'banana');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('kxt.trademarkSearch.recent') ?? '[]')).toEqual([
        'banana',
        'apple',
      ]),
    );

    const recent = screen.getByRole('group', { name: '最近搜索' });
    await user.click(within(recent).getByRole('button', { name: 'apple' }));
    expect(nameInput()).toHaveValue('apple');

    await user.click(within(recent).getByRole('button', { name: '删除「banana」' }));
    expect(within(recent).queryByRole('button', { name: 'banana' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('kxt.trademarkSearch.recent') ?? '[]')).toEqual(['apple']);

    await user.click(within(recent).getByRole('button', { name: button('清空') }));
    expect(screen.queryByRole('group', { name: '最近搜索' })).not.toBeInTheDocument();
    expect(localStorage.getItem('kxt.trademarkSearch.recent')).toBeNull();
  });

  it('re-runs the search for a class picked on the risk map, and asks for a name without one', async () => {
    const { user, searches, nameInput } = setup('/trademark/search?search=apple');
    const cell = await screen.findByRole('button', { name: '第 9 类 科学仪器：1 条近似' });
    await user.click(cell);
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]?.body).toMatchObject({ classes: [9], page: 0 });

    await user.clear(nameInput());
    await user.click(screen.getByRole('button', { name: '第 25 类 服装鞋帽：0 条近似' }));
    expect(await screen.findByText('请输入商标名称')).toBeInTheDocument();
    expect(searches()).toHaveLength(2);
  });

  it('refuses to switch the country tab while a search runs, then shows the other country under the same searchId', async () => {
    let held: ReturnType<typeof deferred<MockReply>> | null = null;
    const { user, searches } = setup('/trademark/search?search=apple&country=US,DE', () => {
      if (held) return held.promise;
      return ok(response());
    });
    await screen.findByText('共找到 1 条近似商标');
    held = deferred<MockReply>();
    await user.click(screen.getByRole('checkbox', { name: '已失效' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    await user.click(countryTab('德国'));
    expect(await screen.findByText('正在查询，请稍候')).toBeInTheDocument();
    expect(searches()).toHaveLength(2);
    expect(countryTab('美国')).toBeChecked();

    held.resolve(ok(response()));
    held = null;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: button('查询') })).not.toHaveClass('ant-btn-loading'),
    );
    await user.click(countryTab('德国'));
    await waitFor(() => expect(searches()).toHaveLength(3));
    expect(countryTab('德国')).toBeChecked();
    // The same search (all chosen countries, its searchId, so no second charge), narrowed to the tab.
    expect(searches()[2]?.body).toMatchObject({
      page: 0,
      datasets: (searches()[0]?.body as { datasets?: string } | undefined)?.datasets,
      country: 'DE',
      searchId: 's-1',
    });
  });

  it('loads the next page when scrolled to the bottom while fewer than total are loaded', async () => {
    const { searches } = setup('/trademark/search?search=apple', (call) => {
      const page = (call.body as { page: number }).page;
      return ok(response({ total: 2, results: [mark(page + 1)] }));
    });
    await screen.findByRole('article', { name: 'APPLE 1' });
    fireEvent.scroll(window);
    await waitFor(() => expect(searches()).toHaveLength(2), { timeout: 3000 });
    expect(searches()[1]?.body).toMatchObject({ page: 1, searchId: 's-1' });
    expect(await screen.findByRole('article', { name: 'APPLE 2' })).toBeInTheDocument();
    expect(screen.getByText('已加载全部结果')).toBeInTheDocument();
  });

  it('chooses countries through the dialog opened from the country picker', async () => {
    const { user, searches, nameInput } = setup();
    await user.click(await screen.findByRole('button', { name: '更多国家/地区' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('选择国家/地区')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /德国/ }));
    await user.click(within(dialog).getByRole('button', { name: button('确定') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('德国 (DE)')).toBeInTheDocument();
    await user.type(nameInput(), 'apple');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    await screen.findByRole('radiogroup', { name: '国家/地区' });
    expect(countryTab('德国')).not.toBeChecked();
    expect(searches()[0]?.body).toMatchObject({ country: 'US', datasets: expect.stringMatching(/^US,DE,/) });
  });

  it('opens the 商标咨询 QR dialog from 咨询专业顾问', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: '咨询专业顾问' }));
    // antd's ids are fixed under test, so the dialog is found by role and its title read inside it.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('商标咨询')).toBeInTheDocument();
    expect(await within(dialog).findByText('张顾问')).toBeInTheDocument();
    expect(within(dialog).getByText('电话：13900000000')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '顾问微信二维码' })).toHaveAttribute(
      'data-value',
      'https://u.wechat.com/x',
    );
  });

  it('opens the purchase dialog for the searched name and countries from the results header', async () => {
    const { user, currentPath } = setup('/trademark/search?search=Apple 苹果&country=US,FR');
    await user.click(await screen.findByRole('button', { name: '注册此商标' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('商标注册与查询次数')).toBeInTheDocument();
    expect(await within(dialog).findByText('¥2,600.00')).toBeInTheDocument();
    expect(within(dialog).getByText('暂无线上产品，请咨询您的顾问')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '去购买：美国商标注册' }));
    expect(currentPath()).toBe('/purchase?productId=11&mark=Apple%20%E8%8B%B9%E6%9E%9C');
  });

  it('offers the purchase dialog when the free searches are used up', async () => {
    const { user } = setup('/trademark/search', ok(response()), 0);
    expect(await screen.findByText('剩余免费查询次数：0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下单解锁更多查询' }));
    expect(within(await screen.findByRole('dialog')).getByText('商标注册与查询次数')).toBeInTheDocument();
  });

  it('does not offer to buy searches while some are left', async () => {
    setup();
    expect(await screen.findByText('剩余免费查询次数：5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下单解锁更多查询' })).not.toBeInTheDocument();
  });

  it('shows a floating search bar from 400 px of scrolling that edits and searches the same name', async () => {
    const { user, searches } = setup();
    await user.type(await screen.findByRole('combobox', { name: '商标名称' }), 'app');
    setScroll(399);
    expect(screen.queryByLabelText('悬浮搜索栏')).not.toBeInTheDocument();
    setScroll(400);
    const bar = await screen.findByLabelText('悬浮搜索栏');
    const floating = within(bar).getByRole('combobox', { name: '商标名称' });
    expect(floating).toHaveValue('app');
    await user.type(floating, 'le');
    const [main] = screen.getAllByRole('combobox', { name: '商标名称' });
    expect(main).not.toBe(floating);
    expect(main).toHaveValue('apple');
    await user.click(within(bar).getByRole('button', { name: button('查询') }));
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.body).toMatchObject({ text: 'apple' });
    setScroll(0);
    expect(screen.queryByLabelText('悬浮搜索栏')).not.toBeInTheDocument();
  });

  it('resets everything, the country back to US, and asks for 5 a page from then on', async () => {
    const { user, searches, nameInput } = setup('/trademark/search?search=apple&country=DE');
    await screen.findByText('共找到 1 条近似商标');
    expect(searches()[0]?.body).toMatchObject({ pageSize: 10, country: 'DE' });

    await user.click(screen.getByRole('button', { name: button('重置') }));
    expect(nameInput()).toHaveValue('');
    expect(screen.getByText('美国 (US)')).toBeInTheDocument();
    expect(screen.queryByText('德国 (DE)')).not.toBeInTheDocument();
    expect(screen.queryByText(/条近似商标/)).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: '国家/地区' })).not.toBeInTheDocument();

    await user.type(nameInput(), 'banana');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]?.body).toMatchObject({ text: 'banana', pageSize: 5, country: 'US' });
  });

  it('names the markets in the language of the UI, and in English once switched to it', async () => {
    setup('/trademark/search?country=US,DE');
    expect(await screen.findByText('德国 (DE)')).toBeInTheDocument();
    try {
      await setLanguage('en-US');
      expect(await screen.findByText('Germany (DE)')).toBeInTheDocument();
      // A long name is shown by its code, so the one-line box holds more tags; the full name is on hover.
      expect(screen.getByTitle('United States of America')).toHaveTextContent(/^US$/);
    } finally {
      await setLanguage('zh-CN');
    }
    expect(await screen.findByText('德国 (DE)')).toBeInTheDocument();
  });
});
