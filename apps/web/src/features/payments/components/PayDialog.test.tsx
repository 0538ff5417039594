import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { CreatedPayment, PaymentOrderView, PaymentState } from '@kxt/contracts/payments';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { stubUploads } from '../../../test/fake-uploads.ts';
import { customer } from '../../../test/fixtures.ts';
import { fail, type MockReply, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import PayDialog from './PayDialog.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));
const FAR = '2099-01-01T00:00:00.000Z';

function created(overrides: Partial<CreatedPayment> = {}): CreatedPayment {
  return {
    orderNo: 'PAY001',
    reference: 'KXT-PAY-QR2345',
    payType: 9,
    state: 'paying',
    qrCode: `${window.location.origin}/sandbox-pay/token-1`,
    expiresAt: FAR,
    amount: 260000,
    currency: 'CNY',
    ...overrides,
  };
}

function order(state: PaymentState, overrides: Partial<PaymentOrderView> = {}): PaymentOrderView {
  return {
    orderNo: 'PAY001',
    reference: 'KXT-PAY-QR2345',
    kind: 'patent-fee',
    subjectRef: 'SC-1',
    description: '美国外观专利授权费',
    quantity: 1,
    mark: null,
    payType: 9,
    state,
    status: 0,
    amount: 260000,
    currency: 'CNY',
    payerAccount: null,
    voucherUrl: null,
    rejectReason: null,
    reviewedAt: null,
    refundReason: null,
    refundedAt: null,
    expiresAt: FAR,
    paidAt: null,
    createdAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

const bank = {
  accountName: '深圳市跨星通科技有限公司',
  bankName: '招商银行',
  accountNumber: '7559 1234 5678 901',
  branch: '深圳分行科技园支行',
  remark: '请在工作日 16:00 前转账',
};

interface Setup {
  methods?: number[];
  latest?: PaymentOrderView | null;
  orderState?: () => PaymentState;
  createReply?: MockReply;
  prepareReply?: MockReply;
}

function setup({
  methods = [9, 2, 1, 3],
  latest = null,
  orderState = () => 'paying',
  createReply,
  prepareReply,
}: Setup = {}) {
  const server = mockApi({
    'GET /api/payments/methods': ok(methods),
    'GET /api/payments/latest': ok(latest),
    'GET /api/payments/bank-account': ok(bank),
    'POST /api/payments': (call) => {
      if (createReply) return createReply;
      const payType = (call.body as { payType: number }).payType;
      return ok(
        payType === 3
          ? created({ payType: 3, state: 'submitted', qrCode: undefined })
          : created({ payType: payType as CreatedPayment['payType'] }),
      );
    },
    'GET /api/payments/orders/PAY001': () => ok(order(orderState())),
    // The transfer tab's pending transfer: the same one each time it opens, as the server answers.
    'POST /api/payments/transfers':
      prepareReply ??
      ok(
        created({
          orderNo: 'PAYT01',
          reference: 'KXT-PAY-7QH2MX',
          payType: 3,
          state: 'created',
          qrCode: undefined,
        }),
      ),
    'POST /api/payments/orders/PAYT01/voucher': ok(
      created({
        orderNo: 'PAYT01',
        reference: 'KXT-PAY-7QH2MX',
        payType: 3,
        state: 'submitted',
        qrCode: undefined,
      }),
    ),
  });
  const onPaid = vi.fn();
  const onClose = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <PayDialog
        open={open}
        serviceCode="SC-1"
        amount={260000}
        currency="CNY"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        onPaid={onPaid}
      />
    );
  }
  const view = renderWithApp(<Harness />, { path: '/trademark/patent', user: customer });
  const polls = () => server.callsTo('GET /api/payments/orders/PAY001').length;
  return { ...view, server, onPaid, onClose, polls };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the (fake) clock on and lets the poll's promises settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('PayDialog tabs', () => {
  it('offers only the configured pay types, in the spec order, and shows the amount in yuan', async () => {
    setup({ methods: [3, 1, 9] });
    await screen.findByRole('tab', { name: '扫码支付' });
    expect(tabNames()).toEqual(['扫码支付', '微信支付', '银行转账']);
    expect(screen.getByRole('tab', { name: '扫码支付' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('¥2,600.00')).toBeInTheDocument();
  });

  it('starts on Alipay when scanning is not configured', async () => {
    setup({ methods: [10, 2] });
    await screen.findByRole('tab', { name: '支付宝' });
    expect(tabNames()).toEqual(['支付宝', '跨境银行卡']);
    expect(screen.getByRole('tab', { name: '支付宝' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a message when no pay type is configured', async () => {
    setup({ methods: [] });
    expect(await screen.findByText('暂无可用的支付方式，请联系您的顾问')).toBeInTheDocument();
  });

  it('shows the finance rejection reason of the last transfer at the top', async () => {
    setup({
      latest: order('rejected', { payType: 3, status: -3, rejectReason: '凭证金额与订单不符' }),
    });
    expect(await screen.findByText('您上次提交的转账未通过财务审核')).toBeInTheDocument();
    expect(screen.getByText('原因：凭证金额与订单不符')).toBeInTheDocument();
  });
});

describe('PayDialog QR payment', () => {
  it('creates the order with the amount in fen and draws its link as a 130×130 QR code', async () => {
    const { server } = setup();
    const qr = await screen.findByRole('img', { name: '支付二维码' });
    expect(server.callsTo('POST /api/payments')[0]?.body).toEqual({
      serviceCode: 'SC-1',
      payType: 9,
      payAmount: 260000,
    });
    const svg = qr.querySelector('svg');
    expect(svg).toHaveAttribute('width', '130');
    expect(svg).toHaveAttribute('height', '130');
    const holder = qr.closest('[data-pay-link]');
    expect(holder).toHaveAttribute('data-pay-link', `${window.location.origin}/sandbox-pay/token-1`);
    // The sandbox page is on our own origin: a visible link opens it.
    expect(screen.getByRole('link', { name: '打开支付页面' })).toHaveAttribute(
      'href',
      `${window.location.origin}/sandbox-pay/token-1`,
    );
  });

  it('polls every second only while the QR shows: not after switching to the transfer tab', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { polls } = setup();
    await screen.findByRole('img', { name: '支付二维码' });
    const before = polls();
    await advance(1000);
    await waitFor(() => expect(polls()).toBeGreaterThan(before));
    await advance(1000);
    const afterTwo = polls();
    expect(afterTwo).toBeGreaterThanOrEqual(before + 2);

    fireEvent.click(screen.getByRole('tab', { name: '银行转账' }));
    await screen.findByText('收款账户');
    const atSwitch = polls();
    await advance(5000);
    expect(polls()).toBe(atSwitch);
  });

  it('stops polling when the dialog is closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { polls, onClose, onPaid } = setup();
    await screen.findByRole('img', { name: '支付二维码' });
    await advance(1000);
    await waitFor(() => expect(polls()).toBeGreaterThan(0));

    fireEvent.click(screen.getByRole('button', { name: /Close|关闭/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const atClose = polls();
    await advance(5000);
    expect(polls()).toBe(atClose);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('shows 支付成功 once paid, stops polling and closes after about 3.5 s, then calls onPaid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let state: PaymentState = 'paying';
    const { polls, onClose, onPaid } = setup({ orderState: () => state });
    await screen.findByRole('img', { name: '支付二维码' });
    await advance(1000);
    state = 'succeeded';
    await advance(1000);
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    const atSuccess = polls();
    await advance(2800);
    expect(onClose).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
    await advance(800);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(polls()).toBe(atSuccess);
  });

  it('offers a fresh QR code when the order expired or failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let state: PaymentState = 'closed';
    const { server, polls } = setup({ orderState: () => state });
    await screen.findByRole('img', { name: '支付二维码' });
    await advance(1000);
    expect(await screen.findByText('二维码已过期，请刷新后重新支付')).toBeInTheDocument();
    const stopped = polls();
    await advance(3000);
    expect(polls()).toBe(stopped);

    state = 'failed';
    fireEvent.click(screen.getByRole('button', { name: '刷新二维码' }));
    await screen.findByRole('img', { name: '支付二维码' });
    expect(server.callsTo('POST /api/payments')).toHaveLength(2);
    await advance(1000);
    expect(await screen.findByText('支付失败，请刷新二维码后重试')).toBeInTheDocument();
  });

  it('says when the QR code could not be created', async () => {
    setup({ createReply: fail(409, '该订单当前不可支付') });
    expect(await screen.findByText('二维码生成失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '刷新二维码' })).toBeInTheDocument();
  });
});

describe('PayDialog card payment', () => {
  it('creates the order with the return url and sends the browser to the provider', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: window.location.origin,
      assign,
    } as Location);
    const { server, user } = setup({ methods: [10] });
    await screen.findByRole('tab', { name: '跨境银行卡' });
    server.calls.length = 0;
    const reply = created({ payType: 10, qrCode: undefined, redirectUrl: 'https://card.example/pay/1' });
    server.fetch.mockImplementationOnce(
      async () => new Response(JSON.stringify({ code: 200, msg: 'OK', data: reply }), { status: 200 }),
    );
    await user.click(screen.getByRole('button', { name: button('前往支付') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://card.example/pay/1'));
    const [, init] = server.fetch.mock.calls.at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      serviceCode: 'SC-1',
      payType: 10,
      payAmount: 260000,
      returnUrl: `${window.location.origin}/trademark/patent`,
    });
  });
});

const storedVoucher = {
  id: 'f1',
  url: '/api/files/f1',
  name: 'voucher.png',
  type: 'image/png',
  size: 4,
  sha256: 'ab',
};

async function openTransfer(options: Setup = {}) {
  const view = setup(options);
  await view.user.click(await screen.findByRole('tab', { name: '银行转账' }));
  await screen.findByText('收款账户');
  return view;
}

/** The vouchers posted to the prepared transfer. */
const transfers = (server: ReturnType<typeof mockApi>) =>
  server.callsTo('POST /api/payments/orders/PAYT01/voucher');

const voucherInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const payerInput = () => screen.getByRole('combobox', { name: '付款账户名称' });

describe('PayDialog bank transfer', () => {
  it('shows the payment reference for the transfer note before the voucher, copies it, and keeps it on reopening', async () => {
    const { user, server } = await openTransfer();
    expect(await screen.findByText('转账备注请填写以下付款参考号')).toBeInTheDocument();
    expect(screen.getByText('KXT-PAY-7QH2MX')).toBeInTheDocument();
    expect(server.callsTo('POST /api/payments/transfers')[0]?.body).toEqual({
      serviceCode: 'SC-1',
      payAmount: 260000,
    });
    await user.click(screen.getByRole('button', { name: '复制付款参考号' }));
    expect(await navigator.clipboard.readText()).toBe('KXT-PAY-7QH2MX');
    // Leaving the tab and coming back asks the server again, which answers the same pending transfer.
    await user.click(screen.getByRole('tab', { name: '扫码支付' }));
    await user.click(screen.getByRole('tab', { name: '银行转账' }));
    expect(await screen.findByText('KXT-PAY-7QH2MX')).toBeInTheDocument();
    expect(transfers(server)).toHaveLength(0);
  });

  it('says so and offers a retry when the reference cannot be created', async () => {
    const view = setup({
      prepareReply: fail(409, '您的授权费已提交，财务审核通过后将自动进入下一步，请耐心等待'),
    });
    await view.user.click(await screen.findByRole('tab', { name: '银行转账' }));
    expect(
      await screen.findByText('您的授权费已提交，财务审核通过后将自动进入下一步，请耐心等待'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button('重试') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button('提交') })).toBeDisabled();
  });

  it('shows the bank account and copies its details', async () => {
    const { user } = await openTransfer();
    expect(screen.getByText('招商银行')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '复制账号' }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('7559 1234 5678 901');
  });

  it('asks for the payer account name, at most 50 characters, then for the voucher', async () => {
    const { user, server } = await openTransfer();
    await user.click(screen.getByRole('button', { name: button('提交') }));
    expect(await screen.findByText('请填写转账凭证截图上的付款账户名称')).toBeInTheDocument();

    await user.click(payerInput());
    await user.paste('张'.repeat(51));
    expect(await screen.findByText('付款账户名称最多 50 个字符')).toBeInTheDocument();
    await user.clear(payerInput());
    await user.type(payerInput(), '张三');
    await waitFor(() => expect(screen.queryByText('付款账户名称最多 50 个字符')).toBeNull());

    await user.click(screen.getByRole('button', { name: button('提交') }));
    expect(await screen.findByText('请先上传转账凭证')).toBeInTheDocument();
    expect(transfers(server)).toHaveLength(0);
  });

  it('refuses other file types before uploading and keeps one voucher', async () => {
    const sent = stubUploads(() => ({ status: 200, body: { code: 200, msg: 'OK', data: [storedVoucher] } }));
    await openTransfer();
    fireEvent.change(voucherInput(), {
      target: { files: [new File(['x'], 'voucher.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('文件类型不支持')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(voucherInput(), {
      target: { files: [new File(['png'], 'first.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('first.png')).toBeInTheDocument();
    fireEvent.change(voucherInput(), {
      target: { files: [new File(['png'], 'second.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('second.png')).toBeInTheDocument();
    expect(screen.queryByText('first.png')).toBeNull();
    expect(sent).toHaveLength(2);
    expect(screen.getByText(/文件不超过 10MB/)).toBeInTheDocument();
  });

  it('says 上传失败！ when the upload fails', async () => {
    stubUploads(() => ({ status: 400, body: { code: 400, msg: '文件类型不支持' } }));
    await openTransfer();
    fireEvent.change(voucherInput(), {
      target: { files: [new File(['png'], 'voucher.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('上传失败！')).toBeInTheDocument();
  });

  it('submits the transfer, says finance will review the fee, closes and remembers the payer name', async () => {
    stubUploads(() => ({ status: 200, body: { code: 200, msg: 'OK', data: [storedVoucher] } }));
    window.localStorage.setItem('kxt.payment.payerAccounts', JSON.stringify(['深圳示例贸易有限公司']));
    const { user, server, onClose, onPaid } = await openTransfer();

    // The history is offered while typing.
    await user.click(payerInput());
    const dropdown = await screen.findByRole('listbox');
    expect(within(document.body).getByTitle('深圳示例贸易有限公司')).toBeInTheDocument();
    expect(dropdown).toBeInTheDocument();
    await user.type(payerInput(), '李明');

    fireEvent.change(voucherInput(), {
      target: { files: [new File(['png'], 'voucher.png', { type: 'image/png' })] },
    });
    await screen.findByText('voucher.png');
    await user.click(screen.getByRole('button', { name: button('提交') }));

    expect(
      await screen.findByText('您的授权费已提交，财务审核通过后将自动进行下一步，请耐心等待'),
    ).toBeInTheDocument();
    expect(transfers(server)[0]?.body).toEqual({ receiptUrl: '/api/files/f1', paymentAccount: '李明' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onPaid).not.toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem('kxt.payment.payerAccounts') ?? '[]')).toEqual([
      '李明',
      '深圳示例贸易有限公司',
    ]);
  });
});
