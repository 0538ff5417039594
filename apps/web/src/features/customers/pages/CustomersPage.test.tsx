import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { CustomerRow } from '@kxt/contracts/customers';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clickRowAction, headerTitles, renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { fail, type MockReply, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import CustomersPage from './CustomersPage.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));

const customer: CustomerRow = {
  id: 1,
  name: '深圳示例贸易有限公司',
  contactName: '李明',
  phone: '13800000001',
  email: 'li@example.com',
  country: 'CN',
  ownerUserId: 2,
  ownerName: '王审核',
  isArrears: true,
  suspend: false,
  verification: 'verified',
  licenceNo: null,
  serviceItemCount: 3,
  createdAt: '2026-01-01T08:00:00.000Z',
};

function setup(patch: MockReply = ok(null)) {
  const server = mockApi({
    'GET /api/table-layouts/admin.customers': ok(null),
    'GET /api/admin/customers': {
      status: 200,
      body: {
        code: 200,
        msg: 'OK',
        rows: [customer],
        total: 1,
        statusTabList: [
          { status: 'all', statusName: '全部', count: 1 },
          { status: 'normal', statusName: '正常', count: 0 },
          { status: 'arrears', statusName: '欠费', count: 1 },
          { status: 'suspended', statusName: '已挂起', count: 0 },
        ],
      },
    },
    'PATCH /api/admin/customers/1': patch,
  });
  return { ...renderWithApp(<CustomersPage />, { path: '/admin/customers' }), server };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('customers page', () => {
  it('shows customers with the arrears badge and filters by the status tab', async () => {
    const { user, server } = setup();
    expect(await screen.findByText('深圳示例贸易有限公司')).toBeInTheDocument();
    expect(screen.getByText('欠')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '欠费 (1)' }));
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/customers').at(-1)?.url.searchParams.get('status')).toBe(
        'arrears',
      ),
    );
  });

  it('leaves 创建时间 to 列设置, so the row fits a 1440 px screen', async () => {
    const { user } = setup();
    await screen.findByText('深圳示例贸易有限公司');
    expect(headerTitles()).not.toContain('创建时间');
    expect(headerTitles()).toEqual(expect.arrayContaining(['客户名称', '负责人', '认证', '操作']));
    await user.click(screen.getByRole('button', { name: '列设置' }));
    expect(await screen.findByRole('checkbox', { name: '创建时间' })).not.toBeChecked();
  });

  it('edits an email inline and shows the server field message when it is refused', async () => {
    const { user, server } = setup(fail(400, '请检查以下字段：email', { email: '格式不正确' }));
    await user.click(await screen.findByRole('button', { name: 'li@example.com' }));
    const input = screen.getByRole('textbox', { name: '邮箱' });
    await user.clear(input);
    await user.paste('not-an-email');
    await user.click(screen.getByRole('button', { name: button('确定') }));

    expect(await screen.findByText('格式不正确')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/customers/1')[0]?.body).toEqual({ email: 'not-an-email' });
  });

  it('asks before suspending a customer from the edit dialog, then saves only that', async () => {
    const { user, server } = setup();
    await user.click(await screen.findByRole('button', { name: button('编辑') }));
    // By its title's text: in tests every antd id is "test-id", so a dialog's aria-labelledby may name another element.
    const dialog = (await screen.findAllByRole('dialog')).find((candidate) =>
      within(candidate).queryByText('编辑客户'),
    ) as HTMLElement;
    await user.click(within(dialog).getByRole('switch', { name: '挂起服务' }));
    await user.click(within(dialog).getByRole('button', { name: button('保存') }));

    const [confirm] = await screen.findAllByText('确定挂起「深圳示例贸易有限公司」的服务？');
    expect(server.callsTo('PATCH /api/admin/customers/1')).toHaveLength(0);
    const confirmDialog = confirm?.closest('.ant-modal') as HTMLElement;
    await user.click(within(confirmDialog).getByRole('button', { name: button('确定') }));

    await waitFor(() => expect(server.callsTo('PATCH /api/admin/customers/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/admin/customers/1')[0]?.body).toEqual({ suspend: true });
  });

  it('shows the details in a drawer with a link to the customer’s service items', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: button('查看') }));
    const drawer = (await screen.findByText('客户详情')).closest('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('王审核')).toBeInTheDocument();
    const links = within(drawer).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/admin/service-items?customerId=${customer.id}`,
      `/admin/tax-declarations?customerId=${customer.id}`,
    ]);
  });

  it('opens the customer’s tax declarations from the row', async () => {
    const { user, currentPath } = setup();
    const row = (await screen.findByText('深圳示例贸易有限公司')).closest('tr') as HTMLElement;
    await clickRowAction(user, row, '税务申报');
    expect(currentPath()).toBe(`/admin/tax-declarations?customerId=${customer.id}`);
  });
});
