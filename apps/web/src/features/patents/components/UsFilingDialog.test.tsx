import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { stubUploads } from '../../../test/fake-uploads.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { adminRow } from '../test/fixtures.ts';
import { typeDate, uploadPdf } from '../test/uploads.ts';
import { UsFilingDialog } from './UsFilingDialog.tsx';

const SAVE = /^保\s?存$/;
const SUBMIT = /^提\s?交$/;
const ENDPOINT = 'POST /api/admin/patents/5/us-filing';
const REQUIRED = [
  '请填写受理号',
  '请选择回执日期',
  '请上传受理回执',
  '请填写代理律师',
  '请选择通知日期',
  '请上传通知回执',
];

function setup() {
  stubUploads();
  const server = mockApi({ [ENDPOINT]: ok(null) });
  const onDone = vi.fn();
  const row = adminRow({ id: 5, serviceCode: 'US-3', status: 3, countryCode: 'US' });
  const view = renderWithApp(<UsFilingDialog row={row} onClose={vi.fn()} onDone={onDone} />);
  return { ...view, server, onDone };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('US filing dialog (type 7)', () => {
  it('saves (type 0) whatever is filled in, without validation', async () => {
    const { user, server, onDone } = setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: '受理号' }), '17/123,456');
    await user.click(within(dialog).getByRole('button', { name: SAVE }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({
      type: 0,
      referenceNumber: '17/123,456',
      receiptFiles: [],
      noticeFiles: [],
    });
    for (const text of REQUIRED) expect(within(dialog).queryByText(text)).toBeNull();
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
  });

  it('submits (type 1) only when both records are complete, with the required-field messages', async () => {
    const { user, server } = setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    for (const text of REQUIRED) expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(server.callsTo(ENDPOINT)).toHaveLength(0);
  });

  it('submits the filing receipt and the agent notice together', async () => {
    const { user, server } = setup();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: '受理号' }), '17/123,456');
    await typeDate(user, '回执日期', '2026-09-01', dialog);
    await uploadPdf('受理回执', 'filing-receipt.pdf', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: '代理律师' }), 'John Smith');
    await typeDate(user, '通知日期', '2026-09-03', dialog);
    await uploadPdf('通知回执', 'agent-notice.pdf', dialog);
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({
      type: 1,
      referenceNumber: '17/123,456',
      acceptTime: '2026-09-01',
      receiptFiles: [{ name: 'filing-receipt.pdf', url: '/api/files/filing-receipt.pdf' }],
      agent: 'John Smith',
      noticeTime: '2026-09-03',
      noticeFiles: [{ name: 'agent-notice.pdf', url: '/api/files/agent-notice.pdf' }],
    });
    expect(await screen.findByText('提交成功！')).toBeInTheDocument();
  });
});
