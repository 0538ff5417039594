import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { PurchasableProduct } from '@kxt/contracts/payments';
import type { ProductInfo } from '@kxt/contracts/trademarks';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { customer } from '../../../test/fixtures.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import PurchaseDialog from './PurchaseDialog.tsx';

const product = (id: number, country: string, name: string, price: number, typeIdTopCode = 'basic') =>
  ({ id, name, country, price, currency: 'CNY', typeIdTopCode, categoryIdTopId: 3 }) satisfies ProductInfo;

const pack = (id: number, name: string, price: number, grantsSearches: number): PurchasableProduct => ({
  ...product(id, '', name, price, 'increment'),
  kind: 'search-pack',
  grantsSearches,
});

function setup(
  products: Record<string, ProductInfo>,
  countries = ['US', 'GB', 'FR'],
  catalogue: PurchasableProduct[] = [],
) {
  const server = mockApi({
    'GET /api/trademark/country-products': ok(products),
    'GET /api/payments/products': ok(catalogue),
  });
  const onClose = vi.fn();
  const onConsult = vi.fn();
  const view = renderWithApp(
    <PurchaseDialog open mark="Apple 苹果" countries={countries} onClose={onClose} onConsult={onConsult} />,
    { path: '/trademark/search', user: customer },
  );
  return { ...view, server, onClose, onConsult };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('purchase dialog', () => {
  it('lists registration of the searched name per chosen country with its price, and buys on the purchase page', async () => {
    const { user, server, currentPath, onClose } = setup({
      US: product(11, 'US', '美国商标注册', 260_000),
      GB: product(12, 'GB', '英国商标注册', 199_950),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('在以下国家/地区注册「Apple 苹果」')).toBeInTheDocument();
    expect(within(dialog).getByText('¥2,600.00')).toBeInTheDocument();
    expect(within(dialog).getByText('¥1,999.50')).toBeInTheDocument();
    expect(server.callsTo('GET /api/trademark/country-products')[0]?.url.searchParams.get('type')).toBe('1');
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^美国.*¥2,600\.00去\s?购\s?买$/),
      expect.stringMatching(/^英国.*¥1,999\.50去\s?购\s?买$/),
      expect.stringMatching(/^法国暂无线上产品，请咨询您的顾问咨询顾问$/),
    ]);
    expect(within(dialog).queryByText('查询次数包')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '去购买：英国商标注册' }));
    expect(currentPath()).toBe('/purchase?productId=12&mark=Apple%20%E8%8B%B9%E6%9E%9C');
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a country without a product to the adviser', async () => {
    const { user, onConsult } = setup({ US: product(11, 'US', '美国商标注册', 260_000) }, ['FR']);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('暂无线上产品，请咨询您的顾问')).toBeInTheDocument();
    expect(within(dialog).queryByText('¥2,600.00')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '咨询顾问' }));
    expect(onConsult).toHaveBeenCalled();
  });

  it('lists the search packs the payments catalogue sells, and nothing else from it', async () => {
    const { user, currentPath, server } = setup(
      { US: product(11, 'US', '美国商标注册', 260_000) },
      ['US'],
      [
        pack(31, '商标查询 50 次', 9_900, 50),
        {
          ...product(32, 'GB', '英国商标续展', 150_000, 'increment'),
          kind: 'service-purchase',
          grantsSearches: null,
        },
      ],
    );
    const packs = await screen.findByRole('region', { name: '查询次数包' });
    expect(within(packs).getByText('商标查询 50 次')).toBeInTheDocument();
    expect(within(packs).getByText('¥99.00')).toBeInTheDocument();
    expect(within(packs).queryByText('英国商标续展')).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/payments/products')[0]?.url.searchParams.get('categoryIdTopId')).toBe(
      '3',
    );
    await user.click(within(packs).getByRole('button', { name: '去购买：商标查询 50 次' }));
    expect(currentPath()).toBe('/purchase?productId=31&mark=Apple%20%E8%8B%B9%E6%9E%9C');
  });
});
