import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { i18n } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { matchesWidth, stillMediaQuery } from '../../../test/media-query.ts';
import { fail, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import type { CatalogueItem } from '../api/catalogue.ts';
import PurchasePage from './PurchasePage.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));

const catalogue: CatalogueItem[] = [
  {
    id: 11,
    name: '美国商标注册',
    country: 'US',
    price: 260000,
    currency: 'CNY',
    kind: 'service-purchase',
    typeIdTopCode: 'basic',
    grantsSearches: null,
    categoryIdTopId: 3,
  },
  {
    id: 21,
    name: '美国外观专利申请',
    country: 'US',
    price: 500000,
    currency: 'CNY',
    kind: 'service-purchase',
    typeIdTopCode: 'basic',
    grantsSearches: null,
    categoryIdTopId: 4,
  },
  {
    id: 31,
    name: '商标查询 20 次',
    country: '',
    price: 9900,
    currency: 'CNY',
    kind: 'search-pack',
    typeIdTopCode: 'increment',
    grantsSearches: 20,
    categoryIdTopId: 3,
  },
  {
    id: 41,
    name: '德国VAT 注册及申报',
    country: 'DE',
    price: 480000,
    currency: 'CNY',
    kind: 'service-purchase',
    typeIdTopCode: 'basic',
    grantsSearches: null,
    categoryIdTopId: 1,
  },
];

function setup(path: string, reply = ok(catalogue)) {
  const server = mockApi({
    'GET /api/payments/products': reply,
    'GET /api/payments/methods': ok([9]),
    'POST /api/payments': ok({
      orderNo: 'PAY9',
      payType: 9,
      state: 'paying',
      qrCode: 'weixin://wxpay/bizpayurl?pr=abc',
      expiresAt: '2099-01-01T00:00:00.000Z',
      amount: 19800,
      currency: 'CNY',
    }),
    'GET /api/payments/orders/PAY9': ok({ orderNo: 'PAY9', state: 'succeeded' }),
  });
  return { ...renderWithApp(<PurchasePage />, { path, user: customer }), server };
}

const order = () => screen.getByRole('region', { name: '订单信息' }) as HTMLElement;

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));
afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

describe('purchase page', () => {
  it('lists the catalogue grouped by category with prices', async () => {
    setup('/purchase');
    const registration = await screen.findByRole('region', { name: '商标注册' });
    expect(within(registration).getByText('美国商标注册')).toBeInTheDocument();
    expect(within(registration).getByText('¥2,600.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '专利' })).getByText('美国外观专利申请'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'VAT 税务' })).getByText('德国VAT 注册及申报'),
    ).toBeInTheDocument();
    const packs = screen.getByRole('region', { name: '商标查询次数包' });
    expect(within(packs).getByText('20 次查询')).toBeInTheDocument();
    expect(screen.getByText('请先选择要购买的服务')).toBeInTheDocument();
  });

  it('filters by category: one click on 专利 shows the patent services alone, and the address keeps the choice', async () => {
    const { user, currentPath } = setup('/purchase');
    const tabs = await screen.findByRole('group', { name: '服务分类' });
    const names = within(tabs)
      .getAllByRole('button')
      .map((tab) => tab.textContent?.replace(/\s/g, ''));
    expect(names).toEqual(['全部(4)', '商标注册(1)', '商标查询次数包(1)', '专利(1)', 'VAT税务(1)']);
    await user.click(within(tabs).getByRole('button', { name: '专利 (1)' }));
    expect(within(tabs).getByRole('button', { name: '专利 (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: '专利' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '商标注册' })).toBeNull();
    expect(screen.queryByText('德国VAT 注册及申报')).toBeNull();
    expect(currentPath()).toBe('/purchase?category=patent');
    await user.click(within(tabs).getByRole('button', { name: '全部 (4)' }));
    expect(screen.getByText('德国VAT 注册及申报')).toBeInTheDocument();
    expect(currentPath()).toBe('/purchase');
  });

  it('opens the shelf a link names (?category=patent)', async () => {
    setup('/purchase?category=patent');
    expect(await screen.findByText('美国外观专利申请')).toBeInTheDocument();
    expect(screen.queryByText('美国商标注册')).toBeNull();
    expect(screen.getByRole('button', { name: '专利 (1)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks again for the catalogue when the language changes, so names follow the reader', async () => {
    const english = catalogue.map((item) => ({ ...item, name: `EN ${item.id}` }));
    mockApi({
      'GET /api/payments/products': (call) =>
        ok(call.headers.get('accept-language')?.startsWith('en') ? english : catalogue),
    });
    renderWithApp(<PurchasePage />, { path: '/purchase', user: customer });
    expect(await screen.findByText('美国外观专利申请')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-US'));
    expect(await screen.findByText('EN 21')).toBeInTheDocument();
    expect(screen.queryByText('美国外观专利申请')).toBeNull();
  });

  it('chooses the product of ?productId= and fills in the mark of ?mark=', async () => {
    setup('/purchase?productId=11&mark=KXT%20Star');
    await screen.findByText('订单信息');
    expect(within(order()).getByText('美国商标注册')).toBeInTheDocument();
    expect(within(order()).getByRole('textbox', { name: '商标名称' })).toHaveValue('KXT Star');
    expect(within(order()).getByText('¥2,600.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '选择 美国商标注册' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('warns when the linked product is not for sale', async () => {
    setup('/purchase?productId=999&mark=KXT');
    expect(await screen.findByText('链接中的服务已下架，请重新选择')).toBeInTheDocument();
  });

  it('buys a search pack in a quantity and says how many searches were added', async () => {
    const { user, server } = setup('/purchase');
    await user.click(await screen.findByRole('button', { name: '选择 商标查询 20 次' }));
    const quantity = within(order()).getByRole('spinbutton', { name: '数量' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.tab();
    expect(within(order()).getByText('¥198.00')).toBeInTheDocument();
    await user.click(within(order()).getByRole('button', { name: button('立即购买') }));

    await screen.findByRole('img', { name: '支付二维码' });
    expect(server.callsTo('POST /api/payments')[0]?.body).toEqual({
      productId: 31,
      quantity: 2,
      payType: 9,
      payAmount: 19800,
    });
    // The poll finds it paid; the dialog closes after about 3.5 s and the page says what was delivered.
    expect(await screen.findByText('支付成功', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('已为您增加 40 次商标查询', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去商标查询' })).toHaveAttribute('href', '/trademark/search');
    expect(screen.getByRole('link', { name: '查看专利列表' })).toHaveAttribute('href', '/trademark/patent');
  }, 20_000);

  it('on a phone keeps the chosen service and a way to the order at the bottom of the screen', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      stillMediaQuery(query, matchesWidth(query, 390)),
    );
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      const { user } = setup('/purchase');
      await user.click(await screen.findByRole('button', { name: '选择 美国外观专利申请' }));
      const bar = screen.getByRole('status');
      expect(within(bar).getByText('美国外观专利申请')).toBeInTheDocument();
      expect(within(bar).getByText('¥5,000.00')).toBeInTheDocument();
      await user.click(within(bar).getByRole('button', { name: button('去结算') }));
      expect(scrolled).toHaveBeenCalled();
      expect(scrolled.mock.contexts[0]).toBe(order());
    } finally {
      vi.restoreAllMocks();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('on a wide screen shows no bottom bar: the order sits beside the catalogue', async () => {
    const { user } = setup('/purchase');
    await user.click(await screen.findByRole('button', { name: '选择 美国外观专利申请' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the empty state', async () => {
    setup('/purchase', ok([]));
    expect(await screen.findByText('暂无可购买的服务')).toBeInTheDocument();
  });

  it('offers a retry when the catalogue does not load', async () => {
    const { server } = setup('/purchase', fail(500, '服务器错误'));
    expect(await screen.findByText('服务列表加载失败')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/payments/products')).toHaveLength(1));
    expect(screen.getByRole('button', { name: button('重试') })).toBeInTheDocument();
  });
});
