import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { MATERIALS_FORM_CACHE_KEY, type PatentRow } from '@kxt/contracts/patents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp, rowActionLabels } from '../../../components/DataTable/test-helpers.tsx';
import { customer } from '../../../test/fixtures.ts';
import { fail, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { listReply, PDF, patentRow } from '../test/fixtures.ts';
import PatentListPage from './PatentListPage.tsx';

const counts = [
  { statusName: '全部', status: null, count: 40 },
  { statusName: '待上传资料', status: 1, count: 12 },
  { statusName: '资料驳回', status: -1, count: 3 },
];

function setup(path: string, rows: PatentRow[], extra: Parameters<typeof mockApi>[0] = {}) {
  const server = mockApi({
    'GET /api/table-layouts/portal.patents': ok(null),
    'GET /api/patent/services': listReply(rows, counts),
    'GET /api/patent/countries': ok({ 7: '中国', 9: '美国' }),
    'GET /api/patent/services/1/refund-check': ok({ refunded: false, status: 1 }),
    ...extra,
  });
  const view = renderWithApp(<PatentListPage />, { path, user: customer });
  const lastQuery = () =>
    Object.fromEntries(server.callsTo('GET /api/patent/services').at(-1)?.url.searchParams ?? []);
  return { ...view, server, lastQuery };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByText(text)[0]?.closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row as HTMLElement;
}

const buttonsOf = (row: HTMLElement) =>
  [...within(row).getAllByRole('button'), ...within(row).queryAllByRole('link')]
    .map((button) => button.textContent?.replace(/\s/g, ''))
    .filter(Boolean);

/** The open dialog with this title (antd's modals give no accessible name in jsdom). */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) =>
      within(element)
        .queryAllByText(title)
        .some((text) => text.closest('.ant-modal-title')),
    );
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('patent list: query parameters', () => {
  it('prefills the search with ?keyword', async () => {
    const { lastQuery } = setup('/trademark/patent?t=1&keyword=音箱', [patentRow({ status: 2 })]);
    await screen.findByText('PT-0001');
    expect(lastQuery()).toMatchObject({ searchValue: '音箱', pageNum: '1', pageSize: '10' });
    expect(screen.getByRole('tab', { name: '专利注册' })).toHaveAttribute('aria-selected', 'true');
  });

  it("ignores serviceCode 'null'", async () => {
    const { lastQuery, server, currentPath } = setup('/trademark/patent?serviceCode=null', [patentRow()]);
    await screen.findByText('PT-0001');
    expect(lastQuery().searchValue).toBeUndefined();
    expect(server.callsTo('GET /api/patent/services/1/refund-check')).toHaveLength(0);
    expect(currentPath()).toBe('/trademark/patent?serviceCode=null');
  });

  it('opens the upload flow for ?serviceCode when the first row is at status 1', async () => {
    const { lastQuery, server, currentPath } = setup('/trademark/patent?serviceCode=PT-0001', [
      patentRow({ additionalRulesInfo: [{ version: 2, title: '规则', content: '内容' }] }),
    ]);
    await waitFor(() => expect(currentPath()).toBe('/form/submit?id=1'));
    expect(lastQuery().searchValue).toBe('PT-0001');
    expect(server.callsTo('GET /api/patent/services/1/refund-check')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(MATERIALS_FORM_CACHE_KEY) ?? '{}')).toMatchObject({
      id: 1,
      serviceCode: 'PT-0001',
      patentType: 1,
      rulesVersion: 2,
    });
  });

  it('does not open the upload flow when the first row is past status 1', async () => {
    const { server, currentPath } = setup('/trademark/patent?serviceCode=PT-0001', [
      patentRow({ status: 2 }),
    ]);
    await screen.findByText('PT-0001');
    expect(server.callsTo('GET /api/patent/services/1/refund-check')).toHaveLength(0);
    // The page stays on the list; the table writes its search filter into the URL beside the service code.
    expect(currentPath()).toBe('/trademark/patent?serviceCode=PT-0001&searchValue=PT-0001');
  });
});

describe('patent list: tabs, columns and actions', () => {
  it('shows the server counts with badges capped at 9+, and filters by the chosen tab', async () => {
    const { user, lastQuery } = setup('/trademark/patent', [patentRow()]);
    const tab = await screen.findByRole('tab', { name: '待上传资料 9+' });
    expect(within(tab).getByText('9+')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '资料驳回 3' })).toBeInTheDocument();
    await user.click(tab);
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '1', pageNum: '1' }));
  });

  it('shows the columns of §2.4, what the customer reads first leading', async () => {
    setup('/trademark/patent', [patentRow()]);
    await screen.findByText('PT-0001');
    const titles = screen
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim())
      .filter(Boolean);
    expect(titles).toEqual([
      '订单号',
      '状态',
      '服务名称',
      '国家/地区',
      'OA答复截止日',
      '服务编号',
      '申请人身份',
      '申请人名称',
      '发明人',
      '专利类型',
      '产品名称',
      '专利数量',
      '注册状态',
      '受理号',
      '注册号',
      '创建时间',
      '提交时间',
      '审核时间',
      '驳回时间',
      '专利续费时间',
      '操作',
    ]);
    // The order no and the status stay in view however far the table scrolls.
    const pinned = screen
      .getAllByRole('columnheader')
      .filter((cell) => cell.className.includes('ant-table-cell-fix-start'))
      .map((cell) => cell.textContent?.trim());
    expect(pinned).toEqual(['订单号', '状态']);
    expect(within(rowOf('PT-0001')).getByText('外观专利')).toBeInTheDocument();
    expect(within(rowOf('PT-0001')).getByText('企业')).toBeInTheDocument();
  });

  it('offers the actions of each status', async () => {
    const rows = [
      patentRow({ id: 1, serviceCode: 'S-1', status: 1 }),
      patentRow({ id: 2, serviceCode: 'S-m1', status: -1 }),
      patentRow({
        id: 3,
        serviceCode: 'S-5',
        status: 5,
        oaDataInfo: {
          id: 1,
          fileExists: 1,
          issuanceTime: '2026-10-01',
          oaAbortAnswerTime: '2026-12-01',
          oaFileUrl: PDF.url,
          ascertainmentFileUrl: null,
          createdAt: '2026-10-02T00:00:00.000Z',
        },
        brandDataInfo: {
          dataId: 1,
          referenceNumber: 'R1',
          agent: 'A',
          acceptTime: '2026-09-01',
          acceptReceiptFiles: [PDF],
          type: 1,
        },
      }),
      patentRow({ id: 4, serviceCode: 'S-12', status: 12, answerDataUrl: PDF.url }),
      patentRow({ id: 5, serviceCode: 'S-m2', status: -2, answerDataUrl: PDF.url }),
    ];
    const { user } = setup('/trademark/patent', rows);
    await screen.findByText('S-1');
    const actions = (code: string) => rowActionLabels(user, rowOf(code));
    expect(await actions('S-1')).toEqual(['上传资料']);
    expect(await actions('S-m1')).toEqual(['重新上传资料', '查看驳回原因']);
    // The step first, then what the status is about; the rest under 更多.
    expect(await actions('S-5')).toEqual([
      '上传答复包',
      '查看OA信息',
      '查看资料',
      '查看专利信息',
      '查看受理回执',
    ]);
    expect(buttonsOf(rowOf('S-5')).slice(-3)).toEqual(['上传答复包', '查看OA信息', '更多']);
    expect((await actions('S-12')).slice(0, 1)).toEqual(['缴纳授权费']);
    expect(await actions('S-12')).toEqual(expect.arrayContaining(['查看受理回执', '下载答复包']));
    expect(await actions('S-12')).not.toContain('上传答复包');
    expect((await actions('S-m2')).slice(0, 2)).toEqual(['重新上传答复包', '查看驳回原因']);
  });

  it('重置 restores every default, the status tab included', async () => {
    const { user, lastQuery } = setup('/trademark/patent', [patentRow()]);
    await user.click(await screen.findByRole('tab', { name: '资料驳回 3' }));
    await user.type(screen.getByPlaceholderText(/订单号\/服务编号/), 'KXT-P');
    await user.click(screen.getByRole('button', { name: /^查\s?询$/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '-1', searchValue: 'KXT-P' }));
    await user.click(screen.getByRole('button', { name: /^重\s?置$/ }));
    await waitFor(() => expect(lastQuery().status).toBeUndefined());
    expect(lastQuery().searchValue).toBeUndefined();
    expect(screen.getByRole('tab', { name: '全部 9+' })).toHaveAttribute('aria-selected', 'true');
  });

  it('highlights an OA deadline by the days left', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    setup('/trademark/patent', [patentRow({ status: 5, oaAbortAnswerTime: soon })]);
    const cell = await screen.findByText(soon);
    expect(cell).toHaveAttribute('data-deadline', 'urgent');
  });
});

describe('patent list: flows', () => {
  it('stops the upload when the order was refunded', async () => {
    const { user, currentPath } = setup('/trademark/patent', [patentRow()], {
      'GET /api/patent/services/1/refund-check': ok({ refunded: true, status: -6 }),
    });
    await screen.findByText('PT-0001');
    await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '上传资料' }));
    expect(await screen.findByText('该订单已退款，不能再上传资料')).toBeInTheDocument();
    expect(currentPath()).toBe('/trademark/patent');
  });

  it('says the fee is waiting for finance when the payment status is 1', async () => {
    const { user, server } = setup('/trademark/patent', [patentRow({ status: 12 })], {
      'GET /api/payments/status': ok(1),
    });
    await screen.findByText('PT-0001');
    await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '缴纳授权费' }));
    expect(
      await screen.findByText('您的授权费已提交，财务审核通过后将自动进行下一步，请耐心等待'),
    ).toBeInTheDocument();
    expect(server.callsTo('GET /api/payments/status')[0]?.url.searchParams.get('serviceCode')).toBe(
      'PT-0001',
    );
  });

  it('shows the server message when a call fails', async () => {
    setup('/trademark/patent', [], {
      'GET /api/patent/services': { status: 500, body: { code: 500, msg: '服务暂不可用' } },
    });
    expect(await screen.findByText('服务暂不可用')).toBeInTheDocument();
  });

  it('refuses a reply package of the wrong type or over 5120 KB before sending it', async () => {
    const { user } = setup('/trademark/patent', [patentRow({ status: 5 })]);
    await screen.findByText('PT-0001');
    await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '上传答复包' }));
    const dialog = await screen.findByRole('dialog');
    // rc-upload renders a new input after each pick.
    const input = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;

    fireEvent.change(input(), {
      target: { files: [new File(['x'], 'reply.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('文件类型不支持，请上传 zip 或 rar 文件')).toBeInTheDocument();

    const big = new File([new Uint8Array(5120 * 1024 + 1)], 'reply.zip', { type: 'application/zip' });
    fireEvent.change(input(), { target: { files: [big] } });
    expect(await screen.findByText('文件大小不能超过 5120KB')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('chosen-package')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: /提\s?交/ }));
    expect(await within(dialog).findByText('请上传答复包')).toBeInTheDocument();
  });

  it('lists the rejection reasons with date, reviewer and content', async () => {
    const { user } = setup('/trademark/patent', [patentRow({ status: -1 })], {
      'GET /api/patent/services/1/reject-reasons': ok([
        {
          id: 1,
          createTime: '2026-11-02T08:00:00.000Z',
          operator: 'reviewer',
          content: '图片不清晰',
          status: -1,
        },
      ]),
    });
    await screen.findByText('PT-0001');
    await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '查看驳回原因' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('图片不清晰')).toBeInTheDocument();
    expect(within(dialog).getByText('reviewer')).toBeInTheDocument();
  });
});

describe('patent list: paying the authorization fee at 12', () => {
  const FEE_SUBMITTED = '您的授权费已提交，财务审核通过后将自动进行下一步，请耐心等待';
  const payable = patentRow({
    status: 12,
    orderDataInfo: {
      isAuthorizationAmout: 260000,
      currency: 'CNY',
      isSpeed: false,
      expeditedNoticeFiles: [],
    },
  });
  const payments = (status: number | null) => ({
    'GET /api/payments/status': ok(status),
    'GET /api/payments/methods': ok([]),
    'GET /api/payments/latest': ok(null),
  });

  it.each([null, 0, 3, -1, -3])(
    'opens the pay dialog with the fee when the payment status is %s',
    async (status) => {
      const { user, server } = setup('/trademark/patent', [payable], payments(status));
      await screen.findByText('PT-0001');
      await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '缴纳授权费' }));
      // The dialog is loaded lazily from the payments feature.
      const dialog = await dialogTitled('支付');
      expect(within(dialog).getByText('¥2,600.00')).toBeInTheDocument();
      await waitFor(() => expect(server.callsTo('GET /api/payments/methods')).toHaveLength(1));
      expect(server.callsTo('GET /api/payments/status')[0]?.url.searchParams.get('serviceCode')).toBe(
        'PT-0001',
      );
      expect(screen.queryByText(FEE_SUBMITTED)).toBeNull();
    },
  );

  it('says the fee was submitted and opens no dialog when the payment status is 1', async () => {
    const { user, server } = setup('/trademark/patent', [payable], payments(1));
    await screen.findByText('PT-0001');
    await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '缴纳授权费' }));
    expect(await screen.findByText(FEE_SUBMITTED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('GET /api/payments/methods')).toHaveLength(0);
  });

  it('shows the server message and opens no dialog when the status check fails', async () => {
    const { user, server } = setup('/trademark/patent', [payable], {
      ...payments(null),
      'GET /api/payments/status': fail(500, '支付状态查询失败'),
    });
    await screen.findByText('PT-0001');
    await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '缴纳授权费' }));
    expect(await screen.findByText('支付状态查询失败')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('GET /api/payments/methods')).toHaveLength(0);
  });
});

describe('patent list: records', () => {
  it('shows a filing receipt PDF inside the page, with a download link', async () => {
    const { user } = setup('/trademark/patent', [
      patentRow({
        status: 4,
        brandDataInfo: {
          dataId: 1,
          referenceNumber: 'ZL2026001',
          agent: '张律师',
          acceptTime: '2026-09-01',
          acceptReceiptFiles: [PDF],
          type: 1,
        },
      }),
    ]);
    await screen.findByText('PT-0001');
    await user.click(within(rowOf('PT-0001')).getByRole('button', { name: '查看受理回执' }));
    const records = await dialogTitled('受理回执 · PT-0001');
    await user.click(within(records).getByRole('button', { name: /查看/ }));
    const viewer = await dialogTitled(PDF.name);
    const frame = viewer.querySelector('iframe, object, embed');
    expect(frame).not.toBeNull();
    expect(frame?.getAttribute('src') ?? frame?.getAttribute('data')).toBe(PDF.url);
    const download = within(viewer).getByRole('link', { name: /下载/ });
    expect(download).toHaveAttribute('href', PDF.url);
    expect(download).toHaveAttribute('download', PDF.name);
  });

  it('offers the expedited notice only on a US order with expedited service, at a status that has one', async () => {
    const speed = { isAuthorizationAmout: null, currency: 'CNY', isSpeed: true, expeditedNoticeFiles: [PDF] };
    setup('/trademark/patent', [
      patentRow({ id: 1, serviceCode: 'US-4-speed', status: 4, countryCode: 'US', orderDataInfo: speed }),
      patentRow({
        id: 2,
        serviceCode: 'US-4-plain',
        status: 4,
        countryCode: 'US',
        orderDataInfo: { ...speed, isSpeed: false },
      }),
      patentRow({ id: 3, serviceCode: 'CN-4-speed', status: 4, countryCode: 'CN', orderDataInfo: speed }),
      patentRow({ id: 4, serviceCode: 'US-5-speed', status: 5, countryCode: 'US', orderDataInfo: speed }),
    ]);
    await screen.findByText('US-4-speed');
    expect(buttonsOf(rowOf('US-4-speed'))).toContain('查看加急通知');
    for (const code of ['US-4-plain', 'CN-4-speed', 'US-5-speed']) {
      expect(buttonsOf(rowOf(code))).not.toContain('查看加急通知');
    }
  });
});
