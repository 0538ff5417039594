import type { CurrentUser } from '@kxt/contracts/auth';
import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { PaymentRow } from '@kxt/contracts/payments';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import AdminPaymentsPage from './AdminPaymentsPage.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));

const finance: CurrentUser = {
  id: 4,
  username: 'finance',
  displayName: '财务专员',
  role: 'finance',
  phone: null,
  email: null,
  customerId: null,
  customerName: null,
  companyPending: false,
  locale: 'zh-CN',
};

function payment(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    orderNo: 'PAY100',
    reference: 'KXT-PAY-A2B3C4',
    kind: 'patent-fee',
    subjectRef: 'SC-1',
    description: '美国外观专利授权费',
    quantity: 1,
    mark: null,
    payType: 3,
    state: 'submitted',
    status: 1,
    amount: 260000,
    currency: 'CNY',
    payerAccount: '深圳示例贸易有限公司',
    voucherUrl: '/api/files/f1',
    rejectReason: null,
    reviewedAt: null,
    refundReason: null,
    refundedAt: null,
    expiresAt: '2099-01-01T00:00:00.000Z',
    paidAt: null,
    createdAt: '2026-11-21T08:00:00.000Z',
    customerId: 3,
    customerName: '深圳示例贸易有限公司',
    userName: 'customer1',
    provider: 'transfer',
    providerOrderNo: null,
    reviewedByName: null,
    refundedByName: null,
    duplicate: false,
    ...overrides,
  };
}

const rows = [
  payment(),
  payment({
    orderNo: 'PAY200',
    reference: 'KXT-PAY-D5E6F7',
    kind: 'search-pack',
    description: '商标查询 20 次',
    payType: 9,
    state: 'succeeded',
    status: 2,
    amount: 9900,
    payerAccount: null,
    voucherUrl: null,
    paidAt: '2026-11-21T09:00:00.000Z',
    provider: 'sandbox',
  }),
  payment({
    orderNo: 'PAY300',
    reference: 'KXT-PAY-G8H9J2',
    description: '美国外观专利授权费（重复）',
    state: 'approved',
    status: 2,
    payerAccount: '深圳示例贸易有限公司',
    paidAt: '2026-11-21T10:00:00.000Z',
    reviewedAt: '2026-11-21T10:00:00.000Z',
    reviewedByName: 'finance',
    duplicate: true,
  }),
];

/** Online orders in every state but submitted, succeeded and approved: none of them can be refunded. */
const unrefundable = (['created', 'paying', 'failed', 'closed', 'rejected', 'refunded'] as const).map(
  (state, index) =>
    payment({
      orderNo: `PAY9${index}`,
      reference: `KXT-PAY-ZZZZZ${index + 2}`,
      state,
      payType: 9,
      payerAccount: null,
      voucherUrl: null,
    }),
);

const tabs = [
  { status: 'all', statusName: '全部', count: 2 },
  { status: 'submitted', statusName: '待财务审核', count: 1 },
  { status: 'succeeded', statusName: '支付成功', count: 1 },
];

function setup(listed: PaymentRow[] = rows) {
  const server = mockApi({
    'GET /api/table-layouts/admin.payments': ok(null),
    'GET /api/admin/payments': {
      status: 200,
      body: { code: 200, msg: 'OK', rows: listed, total: listed.length, statusTabList: tabs },
    },
    'POST /api/admin/payments/PAY100/approve': ok(null),
    'POST /api/admin/payments/PAY100/reject': ok(null),
    'POST /api/admin/payments/PAY200/refund': ok(null),
  });
  const view = renderWithApp(<AdminPaymentsPage />, { path: '/admin/payments', user: finance });
  const lastQuery = () =>
    Object.fromEntries(server.callsTo('GET /api/admin/payments').at(-1)?.url.searchParams ?? []);
  return { ...view, server, lastQuery };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row as HTMLElement;
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('finance payments page', () => {
  it('lists payments with their state, pay type and amount, and filters by status tab', async () => {
    const { user, lastQuery } = setup();
    expect(await screen.findByText('PAY100')).toBeInTheDocument();
    const transfer = rowOf('PAY100');
    expect(within(transfer).getByText('待财务审核')).toBeInTheDocument();
    expect(within(transfer).getByText('银行转账')).toBeInTheDocument();
    expect(within(transfer).getByText('¥2,600.00')).toBeInTheDocument();
    expect(within(transfer).getByRole('button', { name: '查看凭证' })).toBeInTheDocument();
    // Only a submitted transfer can be reviewed.
    expect(within(rowOf('PAY200')).queryByRole('button', { name: '通过' })).toBeNull();
    expect(within(rowOf('PAY200')).getByText('扫码支付')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '待财务审核 (1)' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'submitted', pageNum: '1' }));
  });

  it('has a real subtitle, shows each payment reference, copies it, and searches by it', async () => {
    const { user, lastQuery } = setup();
    expect(await screen.findByText('KXT-PAY-A2B3C4')).toBeInTheDocument();
    expect(
      screen.getByText('审核客户的银行转账，查看所有支付订单，并为已退回的款项登记退款。'),
    ).toBeInTheDocument();
    // "内容" stays the description column's header, never the page's subtitle.
    expect(screen.queryAllByText('内容').filter((element) => element.tagName === 'P')).toHaveLength(0);
    expect(within(rowOf('PAY100')).getByText('KXT-PAY-A2B3C4')).toBeInTheDocument();
    await user.click(within(rowOf('PAY100')).getByRole('button', { name: /复制|Copy/ }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('KXT-PAY-A2B3C4'));

    await user.type(screen.getByPlaceholderText('付款参考号、订单号、客户、付款账户'), 'a2b3c4');
    await user.click(screen.getByRole('button', { name: button('查询') }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ keyword: 'a2b3c4' }));
  });

  it('approves a submitted transfer after a confirmation, then refreshes', async () => {
    const { user, server } = setup();
    await screen.findByText('PAY100');
    await user.click(within(rowOf('PAY100')).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定通过订单 PAY100 的转账？');
    expect(dialog).toHaveTextContent('¥2,600.00');
    expect(dialog).toHaveTextContent('请核对转账备注中的付款参考号 KXT-PAY-A2B3C4');
    expect(server.callsTo('POST /api/admin/payments/PAY100/approve')).toHaveLength(0);
    const listed = server.callsTo('GET /api/admin/payments').length;
    await user.click(within(dialog).getByRole('button', { name: button('通过') }));

    await waitFor(() => expect(server.callsTo('POST /api/admin/payments/PAY100/approve')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/payments/PAY100/approve')[0]?.body).toEqual({});
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/admin/payments').length).toBeGreaterThan(listed));
  });

  it('rejects only with a reason, posts it and refreshes', async () => {
    const { user, server } = setup();
    await screen.findByText('PAY100');
    await user.click(within(rowOf('PAY100')).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('驳回订单 PAY100 的转账');
    await user.click(within(dialog).getByRole('button', { name: button('驳回') }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '驳回原因' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: button('驳回') }));
    expect(server.callsTo('POST /api/admin/payments/PAY100/reject')).toHaveLength(0);

    const listed = server.callsTo('GET /api/admin/payments').length;
    await user.type(within(dialog).getByRole('textbox', { name: '驳回原因' }), '凭证金额与订单不符');
    await user.click(within(dialog).getByRole('button', { name: button('驳回') }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/payments/PAY100/reject')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/payments/PAY100/reject')[0]?.body).toEqual({
      reason: '凭证金额与订单不符',
    });
    expect(await screen.findByText('已驳回')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/admin/payments').length).toBeGreaterThan(listed));
  });

  it('opens the voucher image in a dialog', async () => {
    const { user, server } = setup();
    await screen.findByText('PAY100');
    server.fetch.mockImplementationOnce(
      async () => new Response(null, { status: 200, headers: { 'content-type': 'image/png' } }),
    );
    await user.click(within(rowOf('PAY100')).getByRole('button', { name: '查看凭证' }));
    const image = await screen.findByRole('img', { name: '转账凭证 PAY100（付款参考号 KXT-PAY-A2B3C4）' });
    expect(image).toHaveAttribute('src', '/api/files/f1');
    expect(screen.getByRole('link', { name: '在新窗口打开' })).toHaveAttribute('href', '/api/files/f1');
  });

  it('offers 退款登记 only on succeeded and approved orders', async () => {
    setup([...rows, ...unrefundable]);
    await screen.findByText('PAY100');
    expect(within(rowOf('PAY200')).getByRole('button', { name: '退款登记' })).toBeInTheDocument();
    expect(within(rowOf('PAY300')).getByRole('button', { name: '退款登记' })).toBeInTheDocument();
    for (const orderNo of ['PAY100', 'PAY90', 'PAY91', 'PAY92', 'PAY93', 'PAY94', 'PAY95']) {
      expect(within(rowOf(orderNo)).queryByRole('button', { name: '退款登记' }), orderNo).toBeNull();
    }
  });

  it('tags the order that paid a subject twice', async () => {
    setup();
    await screen.findByText('PAY300');
    expect(within(rowOf('PAY300')).getByText('重复支付')).toBeInTheDocument();
    expect(within(rowOf('PAY200')).queryByText('重复支付')).toBeNull();
    expect(within(rowOf('PAY100')).queryByText('重复支付')).toBeNull();
  });

  it('records a refund only with a reason, says the patent service stops, posts it and refreshes', async () => {
    const { user, server } = setup();
    await screen.findByText('PAY200');
    await user.click(within(rowOf('PAY200')).getByRole('button', { name: '退款登记' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('登记订单 PAY200 的退款');
    expect(dialog).toHaveTextContent('¥99.00');
    expect(dialog).toHaveTextContent('不会自动退款');
    expect(dialog).toHaveTextContent('专利订单将随之停止（已退款）');
    await user.click(within(dialog).getByRole('button', { name: button('退款登记') }));
    expect(await within(dialog).findByText('请填写退款原因')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '退款原因' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: button('退款登记') }));
    expect(server.callsTo('POST /api/admin/payments/PAY200/refund')).toHaveLength(0);

    const listed = server.callsTo('GET /api/admin/payments').length;
    await user.type(within(dialog).getByRole('textbox', { name: '退款原因' }), '已在商户后台原路退回');
    await user.click(within(dialog).getByRole('button', { name: button('退款登记') }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/payments/PAY200/refund')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/payments/PAY200/refund')[0]?.body).toEqual({
      reason: '已在商户后台原路退回',
    });
    expect(await screen.findByText('已登记退款')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/admin/payments').length).toBeGreaterThan(listed));
  });
});
