import type { AgreementRow } from '@kxt/contracts/agreements';
import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import AgreementsPage from './AgreementsPage.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));

function agreement(overrides: Partial<AgreementRow> = {}): AgreementRow {
  return {
    id: 1,
    customerId: 3,
    customerName: '深圳示例贸易有限公司',
    agreementName: '知识产权服务协议',
    templateVersion: 1,
    status: 0,
    url: '/sign?code=unread-code',
    expiresAt: '2026-12-21T08:00:00.000Z',
    expired: false,
    revoked: false,
    createdAt: '2026-11-21T08:00:00.000Z',
    createdByName: '管理员',
    openedAt: null,
    readAt: null,
    signedAt: null,
    signerName: '李娜',
    identityLocked: false,
    ...overrides,
  };
}

const rows = [
  agreement(),
  agreement({
    id: 2,
    customerName: '杭州样例电子商务有限公司',
    agreementName: 'VAT服务协议',
    status: 2,
    url: '/sign?code=signed-code',
    readAt: '2026-11-21T09:00:00.000Z',
    signedAt: '2026-11-21T09:05:00.000Z',
  }),
];

const tabs = [
  { status: 'all', statusName: '全部', count: 2 },
  { status: '0', statusName: '未读', count: 1 },
  { status: '1', statusName: '已读', count: 0 },
  { status: '2', statusName: '已签署', count: 1 },
];

function setup() {
  const server = mockApi({
    'GET /api/table-layouts/admin.agreements': ok(null),
    'GET /api/admin/agreements': {
      status: 200,
      body: { code: 200, msg: 'OK', rows, total: rows.length, statusTabList: tabs },
    },
    'GET /api/admin/customers': {
      status: 200,
      body: { code: 200, msg: 'OK', rows: [{ id: 3, name: '深圳示例贸易有限公司' }], total: 1 },
    },
    'POST /api/admin/agreements': ok({
      id: 9,
      code: 'new-code',
      url: '/sign?code=new-code',
      expiresAt: '2026-12-21T08:00:00.000Z',
    }),
    'POST /api/admin/agreements/1/revoke': ok(null),
  });
  const view = renderWithApp(<AgreementsPage />, { path: '/admin/agreements' });
  const lastQuery = () =>
    Object.fromEntries(server.callsTo('GET /api/admin/agreements').at(-1)?.url.searchParams ?? []);
  return { ...view, server, lastQuery };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row as HTMLElement;
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('agreements page', () => {
  it('lists the agreements with their status tags and the status tabs', async () => {
    const { user, lastQuery } = setup();
    expect(await screen.findByText('深圳示例贸易有限公司')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '10' });
    expect(within(rowOf('深圳示例贸易有限公司')).getByText('未读')).toBeInTheDocument();
    expect(within(rowOf('杭州样例电子商务有限公司')).getByText('已签署')).toBeInTheDocument();
    // Signed: no 作废; unread: 作废 offered.
    expect(within(rowOf('杭州样例电子商务有限公司')).queryByRole('button', { name: '作废' })).toBeNull();
    expect(within(rowOf('深圳示例贸易有限公司')).getByRole('button', { name: '作废' })).toBeInTheDocument();

    // Times as days (four times of day would not fit a 1440 px screen), the whole time on hover.
    const signed = within(rowOf('杭州样例电子商务有限公司')).getByTitle(formatDateTime(rows[1]?.signedAt));
    expect(signed).toHaveTextContent(/^\d{4}-\d{2}-\d{2}$/);
    expect(formatDateTime(rows[1]?.signedAt)).toContain(signed.textContent ?? '-');

    await user.click(screen.getByRole('tab', { name: '已签署 (1)' }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNum: '1', pageSize: '10', status: '2' }));
    await user.click(screen.getByRole('columnheader', { name: /签署时间/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'signedAt', order: 'ascend' }));
  });

  it('creates an agreement for a customer and shows its link to copy', async () => {
    const { user, server } = setup();
    await screen.findByText('深圳示例贸易有限公司');
    await user.click(screen.getByRole('button', { name: /新建协议/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('spinbutton', { name: '有效期（天）' })).toHaveValue('30');

    await user.type(within(dialog).getByRole('combobox', { name: '客户' }), '深圳');
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/customers').at(-1)?.url.searchParams.get('keyword')).toBe('深圳'),
    );
    await user.click(await screen.findByTitle('深圳示例贸易有限公司'));
    await user.click(within(dialog).getByRole('combobox', { name: '协议名称' }));
    await user.click(await screen.findByTitle('EPR服务协议'));
    await user.type(within(dialog).getByRole('textbox', { name: '签署人' }), '李娜');
    await user.type(within(dialog).getByRole('textbox', { name: '签署人手机号' }), '12345');
    await user.click(within(dialog).getByRole('button', { name: button('生成链接') }));
    expect(await within(dialog).findByText(/请输入 11 位手机号/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/agreements')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: '签署人手机号' }));
    await user.type(within(dialog).getByRole('textbox', { name: '签署人手机号' }), '13912345678');
    await user.click(within(dialog).getByRole('button', { name: button('生成链接') }));

    await waitFor(() => expect(server.callsTo('POST /api/admin/agreements')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/agreements')[0]?.body).toEqual({
      customerId: 3,
      agreementName: 'EPR服务协议',
      expiresInDays: 30,
      signerName: '李娜',
      signerMobile: '13912345678',
    });
    const link = `${window.location.origin}/sign?code=new-code`;
    const linkBox = await screen.findByRole('textbox', { name: '签署链接' });
    expect(linkBox).toHaveValue(link);
    const created = linkBox.closest('.ant-modal') as HTMLElement;
    expect(created).toHaveTextContent('签署链接已生成');
    await user.click(within(created).getByRole('button', { name: button('复制') }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('asks before revoking, then posts the reason', async () => {
    const { user, server } = setup();
    await screen.findByText('深圳示例贸易有限公司');
    await user.click(within(rowOf('深圳示例贸易有限公司')).getByRole('button', { name: '作废' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定作废「知识产权服务协议」的签署链接？');
    expect(server.callsTo('POST /api/admin/agreements/1/revoke')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: '作废原因（可选）' }), '客户要求重新发送');
    await user.click(within(dialog).getByRole('button', { name: button('作废') }));

    await waitFor(() => expect(server.callsTo('POST /api/admin/agreements/1/revoke')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/agreements/1/revoke')[0]?.body).toEqual({
      reason: '客户要求重新发送',
    });
    expect(await screen.findByText('已作废签署链接')).toBeInTheDocument();
  });

  it('copies the absolute signing link of a row', async () => {
    const { user } = setup();
    await screen.findByText('深圳示例贸易有限公司');
    await user.click(within(rowOf('杭州样例电子商务有限公司')).getByRole('button', { name: '复制链接' }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/sign?code=signed-code`);
  });
});
