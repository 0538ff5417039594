import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { TaxDeclarationRow } from '@kxt/contracts/tax-declarations';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { headerTitles, renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import TaxDeclarationsPage from './TaxDeclarationsPage.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));

const overdue: TaxDeclarationRow = {
  id: 1,
  serviceItemId: 9,
  serviceCode: 'VATGB2605000290',
  customerId: 3,
  customerName: '佛山市星辰贸易有限公司',
  country: 'GB',
  taxPeriod: '2026-Q3',
  dueDate: '2026-10-07',
  declaredDate: null,
  declaredBy: null,
  amount: 49210,
  currency: 'GBP',
  status: 'overdue',
  daysOverdue: 20,
  overdueStatus: 2,
  createdAt: '2026-07-01T08:00:00.000Z',
};

function setup(rows: TaxDeclarationRow[] = [overdue]) {
  const server = mockApi({
    'GET /api/table-layouts/admin.tax-declarations': ok(null),
    'GET /api/admin/tax-declarations': {
      status: 200,
      body: {
        code: 200,
        msg: 'OK',
        rows,
        total: rows.length,
        statusTabList: [
          { status: 'all', statusName: '全部', count: 1 },
          { status: 'pending', statusName: '待申报', count: 0 },
          { status: 'overdue', statusName: '已逾期', count: 1 },
          { status: 'declared', statusName: '已申报', count: 0 },
        ],
      },
    },
    'PATCH /api/admin/tax-declarations/1': ok(null),
  });
  return { ...renderWithApp(<TaxDeclarationsPage />, { path: '/admin/tax-declarations' }), server };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('tax declarations page', () => {
  it('shows the amount from minor units with its currency and the orange overdue icon', async () => {
    setup();
    expect(await screen.findByText('£492.10')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '申报逾期 16–30 天' })).toHaveStyle({
      color: 'rgb(250, 140, 22)',
    });
  });

  it('leaves the declaration record (申报日期, 申报方) to the detail and 列设置, so the row fits a 1440 px screen', async () => {
    const { user } = setup();
    await screen.findByText('£492.10');
    expect(headerTitles()).toEqual([
      '服务编号',
      '客户',
      '国家/地区',
      '税期',
      '截止日期',
      '税额',
      '逾期天数',
      '状态',
      '操作',
    ]);
    await user.click(screen.getByRole('button', { name: '列设置' }));
    expect(await screen.findByRole('checkbox', { name: '申报日期' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '申报方' })).not.toBeChecked();
    // 申报方 is still a search field.
    expect(screen.getByRole('search').querySelector('[id$="declaredBy"]')).not.toBeNull();
  });

  it('checks the tax period format before asking the server', async () => {
    const { user, server } = setup();
    await screen.findByText('VATGB2605000290');
    const before = server.callsTo('GET /api/admin/tax-declarations').length;
    await user.click(screen.getByLabelText('税期'));
    await user.paste('2026/11');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    expect(
      await screen.findByText('税期格式应为 YYYY-MM 或 YYYY-Qn，例如 2026-11、2026-Q4'),
    ).toBeInTheDocument();
    expect(server.callsTo('GET /api/admin/tax-declarations')).toHaveLength(before);
  });

  it('declaring needs the date and who declared; then only the declaration is saved', async () => {
    const { user, server } = setup();
    await user.click(await screen.findByRole('button', { name: button('编辑') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '已申报' }));
    await user.click(within(dialog).getByRole('button', { name: button('保存') }));
    expect(await within(dialog).findByText('标记为已申报时请选择申报日期')).toBeInTheDocument();
    expect(within(dialog).getByText('标记为已申报时请选择申报方')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/tax-declarations/1')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('申报日期'));
    await user.paste('2026-10-20');
    await user.keyboard('{Enter}');
    const declaredBy = within(dialog).getByText('申报方').closest('.ant-form-item') as HTMLElement;
    await user.click(within(declaredBy).getByRole('combobox'));
    await user.click(await screen.findByTitle('我司申报'));
    await user.click(within(dialog).getByRole('button', { name: button('保存') }));

    await waitFor(() => expect(server.callsTo('PATCH /api/admin/tax-declarations/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/admin/tax-declarations/1')[0]?.body).toEqual({
      status: 'declared',
      declaredDate: '2026-10-20',
      declaredBy: 'us',
    });
  });
});
