import type { CurrentUser } from '@kxt/contracts/auth';
import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clickRowAction,
  renderWithApp,
  rowActionLabels,
} from '../../../components/DataTable/test-helpers.tsx';
import { reviewer } from '../../../test/fixtures.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { adminRow, listReply, PDF } from '../test/fixtures.ts';
import { typeDate } from '../test/uploads.ts';
import AdminPatentsPage from './AdminPatentsPage.tsx';

const button = (label: string) => new RegExp(`^${label.split('').join('\\s?')}$`);
const registrationDraft = {
  dataId: 1,
  registrationNumber: 'D123456',
  brandRegisterTime: '2026-10-01',
  brandOathTime: null,
  brandRegisterFiles: [PDF],
  type: 0 as const,
};

const rows = [
  adminRow({ id: 1, serviceCode: 'CN-3', status: 3 }),
  adminRow({ id: 2, serviceCode: 'CN-2', status: 2 }),
  adminRow({
    id: 3,
    serviceCode: 'US-9',
    status: 9,
    countryCode: 'US',
    brandRegisterDataInfo: registrationDraft,
  }),
  adminRow({ id: 4, serviceCode: 'CN-9', status: 9, brandRegisterDataInfo: registrationDraft }),
  adminRow({ id: 5, serviceCode: 'US-3', status: 3, countryCode: 'US' }),
];

function setup(user: CurrentUser = reviewer) {
  const server = mockApi({
    'GET /api/table-layouts/admin.patents': ok(null),
    'GET /api/admin/patents': listReply(rows, [{ statusName: '全部', status: null, count: 5 }]),
    'GET /api/patent/countries': ok({ 7: '中国' }),
    'GET /api/admin/customers': { status: 200, body: { code: 200, msg: 'OK', rows: [], total: 0 } },
    'POST /api/admin/patents/1/filing-receipt': ok(null),
    'POST /api/admin/patents/2/materials-review': ok(null),
    'POST /api/admin/patents/3/registration': ok(null),
    'POST /api/admin/patents/4/registration': ok(null),
  });
  const view = renderWithApp(<AdminPatentsPage />, { path: '/admin/patents?tab=all', user });
  return { ...view, server };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row as HTMLElement;
}

async function openAction(user: ReturnType<typeof setup>['user'], code: string, action: string) {
  await screen.findByText(code);
  await clickRowAction(user, rowOf(code), action);
  return screen.findByRole('dialog');
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('patent review back office', () => {
  it("offers each row the reviewer's moves of its status", async () => {
    const { user } = setup();
    await screen.findByText('CN-3');
    const names = (code: string) => rowActionLabels(user, rowOf(code));
    // The next step first, then 查看.
    expect((await names('CN-3')).slice(0, 2)).toEqual(['录入受理回执', '查看']);
    expect(await names('CN-3')).not.toContain('录入递交信息');
    expect(await names('US-3')).toContain('录入递交信息');
    expect(await names('US-3')).not.toContain('录入受理回执');
    expect(await names('CN-2')).toEqual(['审核资料', '查看']);
    expect(await names('CN-9')).toEqual(expect.arrayContaining(['设置授权费', '免授权费', '录入注册信息']));
    // Cancel, refund and close are the admin's.
    expect(await names('CN-2')).not.toContain('取消');
    expect(await names('CN-2')).not.toContain('退款');
  });

  it('shows cancel, refund and close to an admin', async () => {
    const { user } = setup({ ...reviewer, role: 'admin', username: 'admin' });
    await screen.findByText('CN-2');
    // Two buttons, the rest (the admin's cancel, refund and close) under 更多.
    expect(await rowActionLabels(user, rowOf('CN-2'))).toEqual(['审核资料', '查看', '取消', '退款', '关闭']);
  });

  it('validates the filing receipt on submit with the §5 messages', async () => {
    const { user, server } = setup();
    const dialog = await openAction(user, 'CN-3', '录入受理回执');
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    for (const text of ['请填写受理号', '请填写代理律师', '请选择回执日期', '请上传受理回执']) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }
    expect(server.callsTo('POST /api/admin/patents/1/filing-receipt')).toHaveLength(0);
  });

  it('saves the filing receipt without validation', async () => {
    const { user, server } = setup();
    const dialog = await openAction(user, 'CN-3', '录入受理回执');
    await user.type(within(dialog).getByRole('textbox', { name: '受理号' }), 'ZL2026001');
    await user.click(within(dialog).getByRole('button', { name: button('保存') }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/patents/1/filing-receipt')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/patents/1/filing-receipt')[0]?.body).toEqual({
      type: 0,
      referenceNumber: 'ZL2026001',
      acceptReceiptFiles: [],
    });
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  });

  it('does not require the oath period for a US registration', async () => {
    const { user, server } = setup();
    const dialog = await openAction(user, 'US-9', '录入注册信息');
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/patents/3/registration')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/patents/3/registration')[0]?.body).toEqual({
      type: 1,
      registrationNumber: 'D123456',
      brandRegisterTime: '2026-10-01',
      brandRegisterFiles: [PDF],
    });
  });

  it('requires the oath period elsewhere', async () => {
    const { user, server } = setup();
    const dialog = await openAction(user, 'CN-9', '录入注册信息');
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    expect(await within(dialog).findByText('请选择宣誓期')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/patents/4/registration')).toHaveLength(0);
  });

  it('starts the review undecided, refuses a submit without a decision, and says what approving does', async () => {
    const { user, server } = setup();
    const dialog = await openAction(user, 'CN-2', '审核资料');
    expect(within(dialog).getByRole('radio', { name: '通过' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '驳回' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    expect(await within(dialog).findByText('请选择审核结果')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/patents/2/materials-review')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: '通过' }));
    expect(
      await within(dialog).findByText('通过后，订单进入「递交中」，由我们向官方递交申请。'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/patents/2/materials-review')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/patents/2/materials-review')[0]?.body).toEqual({
      decision: 'approve',
    });
  });

  it('corrects the OA reply deadline at 5 with a required reason', async () => {
    const oa = {
      id: 8,
      fileExists: 1 as const,
      issuanceTime: '2026-10-01',
      oaAbortAnswerTime: '2026-12-01',
      oaFileUrl: PDF.url,
      ascertainmentFileUrl: null,
      createdAt: '2026-10-02T00:00:00.000Z',
    };
    const server = mockApi({
      'GET /api/table-layouts/admin.patents': ok(null),
      'GET /api/admin/patents': listReply([
        adminRow({ id: 6, serviceCode: 'CN-5', status: 5, oaDataInfo: oa }),
      ]),
      'GET /api/patent/countries': ok({ 7: '中国' }),
      'GET /api/admin/customers': { status: 200, body: { code: 200, msg: 'OK', rows: [], total: 0 } },
      'POST /api/admin/patents/6/office-action/deadline': ok({ status: 5 }),
    });
    const { user } = renderWithApp(<AdminPatentsPage />, { path: '/admin/patents?tab=all', user: reviewer });
    const dialog = await openAction(user, 'CN-5', '更正截止日');
    expect(within(dialog).getByText('2026-12-01')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    expect(await within(dialog).findByText('请选择答复截止日')).toBeInTheDocument();
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/patents/6/office-action/deadline')).toHaveLength(0);

    await typeDate(user, '更正后的截止日', '2027-01-15', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), '录入时看错了官文');
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    await waitFor(() =>
      expect(server.callsTo('POST /api/admin/patents/6/office-action/deadline')).toHaveLength(1),
    );
    expect(server.callsTo('POST /api/admin/patents/6/office-action/deadline')[0]?.body).toEqual({
      oaAbortAnswerTime: '2027-01-15',
      reason: '录入时看错了官文',
    });
  });

  it('重置 also clears the status tab kept by the page', async () => {
    const server = mockApi({
      'GET /api/table-layouts/admin.patents': ok(null),
      'GET /api/admin/patents': listReply(rows, [
        { statusName: '全部', status: null, count: 5 },
        { statusName: '资料审核中', status: 2, count: 1 },
      ]),
      'GET /api/patent/countries': ok({ 7: '中国' }),
      'GET /api/admin/customers': { status: 200, body: { code: 200, msg: 'OK', rows: [], total: 0 } },
    });
    const { user } = renderWithApp(<AdminPatentsPage />, { path: '/admin/patents?tab=all', user: reviewer });
    const lastQuery = () =>
      Object.fromEntries(server.callsTo('GET /api/admin/patents').at(-1)?.url.searchParams ?? []);
    await user.click(await screen.findByRole('tab', { name: '资料审核中 1' }));
    await waitFor(() => expect(lastQuery().status).toBe('2'));
    await user.click(screen.getByRole('button', { name: button('重置') }));
    await waitFor(() => expect(lastQuery().status).toBeUndefined());
    expect(screen.getByRole('tab', { name: '全部 5' })).toHaveAttribute('aria-selected', 'true');
  });

  it('requires a reason to reject materials', async () => {
    const { user, server } = setup();
    const dialog = await openAction(user, 'CN-2', '审核资料');
    await user.click(within(dialog).getByRole('radio', { name: '驳回' }));
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/patents/2/materials-review')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), '图片不清晰');
    await user.click(within(dialog).getByRole('button', { name: button('提交') }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/patents/2/materials-review')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/patents/2/materials-review')[0]?.body).toEqual({
      decision: 'reject',
      reason: '图片不清晰',
    });
  });

  it('offers the expedited notice only on a US order with expedited service, at a status that has one', async () => {
    const speed = { isAuthorizationAmout: null, currency: 'CNY', isSpeed: true, expeditedNoticeFiles: [] };
    mockApi({
      'GET /api/table-layouts/admin.patents': ok(null),
      'GET /api/admin/patents': listReply([
        adminRow({ id: 1, serviceCode: 'US-12-speed', status: 12, countryCode: 'US', orderDataInfo: speed }),
        adminRow({
          id: 2,
          serviceCode: 'US-12-plain',
          status: 12,
          countryCode: 'US',
          orderDataInfo: { ...speed, isSpeed: false },
        }),
        adminRow({ id: 3, serviceCode: 'CN-12-speed', status: 12, countryCode: 'CN', orderDataInfo: speed }),
        adminRow({ id: 4, serviceCode: 'US-5-speed', status: 5, countryCode: 'US', orderDataInfo: speed }),
      ]),
      'GET /api/patent/countries': ok({ 7: '中国' }),
      'GET /api/admin/customers': { status: 200, body: { code: 200, msg: 'OK', rows: [], total: 0 } },
    });
    const { user } = renderWithApp(<AdminPatentsPage />, { path: '/admin/patents?tab=all', user: reviewer });
    await screen.findByText('US-12-speed');
    const names = (code: string) => rowActionLabels(user, rowOf(code));
    expect(await names('US-12-speed')).toContain('加急通知');
    for (const code of ['US-12-plain', 'CN-12-speed', 'US-5-speed']) {
      expect(await names(code)).not.toContain('加急通知');
    }
  });
});
