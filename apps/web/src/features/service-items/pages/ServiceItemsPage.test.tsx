import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { ServiceItemRow } from '@kxt/contracts/service-items';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { clickRowAction, headerTitles, renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { fail, type MockReply, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import ServiceItemsPage from './ServiceItemsPage.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));

function item(overrides: Partial<ServiceItemRow> = {}): ServiceItemRow {
  const serviceCode = overrides.serviceCode ?? 'VATDE2601000001';
  return {
    id: 1,
    serviceCode,
    customerId: 3,
    customerName: '深圳示例贸易有限公司',
    serviceId: 4,
    serviceName: '德国VAT 注册',
    country: 'DE',
    status: 2,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    remark: null,
    createdAt: '2026-01-01T08:00:00.000Z',
    isArrears: false,
    suspend: false,
    repeatServiceCodes: [],
    specificLabel: false,
    overdueStatus: 0,
    servicePerform: { serviceCode, typeIdTopCode: 'basic', categoryIdTopId: 1 },
    ...overrides,
  };
}

const tabs = [
  { status: 'all', statusName: '全部', count: 2 },
  { status: '1', statusName: '待启动', count: 0 },
  { status: '2', statusName: '服务中', count: 2 },
  { status: '3', statusName: '已暂停', count: 0 },
  { status: '4', statusName: '已到期', count: 0 },
  { status: '5', statusName: '已终止', count: 0 },
];

function listReply(rows: ServiceItemRow[]) {
  return { status: 200, body: { code: 200, msg: 'OK', rows, total: rows.length, statusTabList: tabs } };
}

function setup(rows: ServiceItemRow[], options: { path?: string; patch?: MockReply } = {}) {
  const server = mockApi({
    'GET /api/table-layouts/admin.service-items': ok(null),
    'GET /api/admin/service-items': listReply(rows),
    'PATCH /api/admin/service-items/1': options.patch ?? ok(null),
  });
  const view = renderWithApp(<ServiceItemsPage />, { path: options.path ?? '/admin/service-items' });
  const lastQuery = () =>
    Object.fromEntries(server.callsTo('GET /api/admin/service-items').at(-1)?.url.searchParams ?? []);
  return { ...view, server, lastQuery };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('service items page', () => {
  it('asks the API with paging, tabs and sort, and shows the rows with their badges', async () => {
    const { user, lastQuery } = setup([
      item({ isArrears: true, repeatServiceCodes: ['VATDE2501000009'], overdueStatus: 3 }),
      item({ id: 2, serviceCode: 'EPRFR2601000002', suspend: true, specificLabel: true }),
    ]);

    expect(await screen.findByText('VATDE2601000001')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '10' });
    expect(screen.getByText('欠')).toBeInTheDocument();
    expect(screen.getByText('重')).toBeInTheDocument();
    expect(screen.getByText('挂')).toBeInTheDocument();
    expect(screen.getByText('K')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '申报逾期超过 30 天' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '服务中 (2)' }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '10', status: '2' }));
    await user.click(screen.getByRole('tab', { name: 'VAT 税务' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ categoryIdTopId: '1', status: '2' }));
    await user.click(screen.getByRole('tab', { name: '增值服务' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '10', typeIdTopCode: 'increment' }),
    );
    await user.click(screen.getByRole('columnheader', { name: /服务编号/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'serviceCode', order: 'ascend' }));
  });

  it('leaves 国家/地区 (the service and its code name it) and 创建时间 to 列设置, so the row fits a 1440 px screen', async () => {
    const { user } = setup([item()]);
    await screen.findByText('VATDE2601000001');
    expect(headerTitles()).toEqual([
      '服务编号',
      '客户',
      '服务名称',
      '开始日期',
      '结束日期',
      '备注',
      '状态',
      '操作',
    ]);
    await user.click(screen.getByRole('button', { name: '列设置' }));
    expect(await screen.findByRole('checkbox', { name: '国家/地区' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '创建时间' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '创建时间' }));
    expect(headerTitles()).toContain('创建时间');
    expect(screen.getByText('2026-01-01', { selector: '[title]' })).toHaveAttribute(
      'title',
      formatDateTime(item().createdAt),
    );
  });

  it('去新服务 goes to the new-service screen of the row, or says 数据异常 without a service code', async () => {
    const { user, currentPath } = setup([
      item(),
      item({
        id: 2,
        serviceCode: 'BROKEN',
        servicePerform: { serviceCode: null, typeIdTopCode: 'basic', categoryIdTopId: 1 },
      }),
    ]);
    await screen.findByText('BROKEN');
    const [first, second] = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')];

    await clickRowAction(user, second as HTMLElement, '去新服务');
    expect(await screen.findByText('数据异常')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/service-items');

    await clickRowAction(user, first as HTMLElement, '去新服务');
    expect(currentPath()).toBe(
      '/new-service-management/basic-services?findValue=VATDE2601000001&categoryIdTopId=1&oldPath=%2Fadmin%2Fservice-items',
    );
  });

  it('asks before terminating a service inline, then saves only the status', async () => {
    const { user, server } = setup([item()]);
    await user.click(await screen.findByRole('button', { name: '服务中' }));
    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await screen.findByTitle('已终止'));
    await user.click(screen.getByRole('button', { name: button('确定') }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定终止服务 VATDE2601000001？');
    expect(server.callsTo('PATCH /api/admin/service-items/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: button('确定') }));

    await waitFor(() => expect(server.callsTo('PATCH /api/admin/service-items/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/admin/service-items/1')[0]?.body).toEqual({ status: 5 });
    expect(await screen.findByText('成功')).toBeInTheDocument();
  });

  it('shows the server field message under the inline editor and stays in edit mode', async () => {
    const { user, server } = setup([item({ endDate: null })], {
      patch: fail(400, '请检查以下字段：endDate', { endDate: '结束日期不能早于开始日期' }),
    });
    await screen.findByText('VATDE2601000001');
    const row = document.querySelector('.ant-table-tbody tr.ant-table-row') as HTMLElement;
    // The empty end date and remark cells: click the remark.
    const [, remark] = within(row).getAllByRole('button', { name: '-' });
    await user.click(remark as HTMLElement);
    await user.paste('  跟进中  ');
    await user.click(screen.getByRole('button', { name: button('确定') }));

    expect(await screen.findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/service-items/1')[0]?.body).toEqual({ remark: '跟进中' });
    expect(screen.getByRole('textbox', { name: '备注' })).toBeInTheDocument();
  });

  it('a ?keyword= link replaces the stored search', async () => {
    const { lastQuery } = setup([item()], { path: '/admin/service-items?keyword=VATDE2601000001' });
    await screen.findByText('VATDE2601000001');
    expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '10', keyword: 'VATDE2601000001' });
    expect(screen.getByLabelText('关键词')).toHaveValue('VATDE2601000001');
  });

  it("a customer's link (from 客户管理) asks for that customer's items, names them and is removed by 重置", async () => {
    const { user, lastQuery, currentPath } = setup([item()], { path: '/admin/service-items?customerId=3' });
    const tag = await screen.findByTestId('customer-filter');
    await waitFor(() => expect(tag).toHaveTextContent('客户：深圳示例贸易有限公司'));
    expect(lastQuery()).toMatchObject({ customerId: '3' });
    await user.click(screen.getByRole('button', { name: button('重置') }));
    await waitFor(() => expect(screen.queryByTestId('customer-filter')).not.toBeInTheDocument());
    await waitFor(() => expect(lastQuery().customerId).toBeUndefined());
    expect(currentPath()).not.toContain('customerId');
  });
});
