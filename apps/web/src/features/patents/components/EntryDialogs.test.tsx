import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { stubUploads } from '../../../test/fake-uploads.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { adminRow } from '../test/fixtures.ts';
import { typeDate, uploadPdf } from '../test/uploads.ts';
import { EntryDialog, type EntryKind } from './EntryDialogs.tsx';

const SUBMIT = /^提\s?交$/;

function setup(kind: EntryKind, endpoint: string) {
  stubUploads();
  const server = mockApi({ [endpoint]: ok(null) });
  const onDone = vi.fn();
  const row = adminRow({ id: 4, serviceCode: 'CN-9', status: 9 });
  const view = renderWithApp(<EntryDialog kind={kind} row={row} onClose={vi.fn()} onDone={onDone} />);
  return { ...view, server, onDone };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('certificate dialog (type 11)', () => {
  const ENDPOINT = 'POST /api/admin/patents/4/certificate';

  it('requires the certificate date and the PDF', async () => {
    const { user, server } = setup('certificate', ENDPOINT);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('请选择日期')).toBeInTheDocument();
    expect(within(dialog).getByText('请上传PDF文件')).toBeInTheDocument();
    expect(server.callsTo(ENDPOINT)).toHaveLength(0);
  });

  it('sends the date, the files and the renewal time', async () => {
    const { user, server, onDone } = setup('certificate', ENDPOINT);
    const dialog = await screen.findByRole('dialog');
    await typeDate(user, '下证日期', '2026-11-20', dialog);
    await typeDate(user, '专利续费时间', '2027-11-20', dialog);
    await uploadPdf('文件（PDF）', 'certificate.pdf', dialog);
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({
      certificateTime: '2026-11-20',
      certificateFiles: [{ name: 'certificate.pdf', url: '/api/files/certificate.pdf' }],
      renewalTime: '2027-11-20',
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('leaves the renewal time out when it is not given', async () => {
    const { user, server } = setup('certificate', ENDPOINT);
    const dialog = await screen.findByRole('dialog');
    await typeDate(user, '下证日期', '2026-11-20', dialog);
    await uploadPdf('文件（PDF）', 'certificate.pdf', dialog);
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({
      certificateTime: '2026-11-20',
      certificateFiles: [{ name: 'certificate.pdf', url: '/api/files/certificate.pdf' }],
    });
  });
});

describe('authorization fee dialog', () => {
  const ENDPOINT = 'POST /api/admin/patents/4/authorization-fee';

  it('sends the amount entered in yuan as integer fen', async () => {
    const { user, server } = setup('authorizationFee', ENDPOINT);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('spinbutton', { name: '授权费（元）' }), '2600.55');
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({ amount: 260055, currency: 'CNY' });
  });

  it.each(['0', '-5'])('refuses %s yuan', async (amount) => {
    const { user, server } = setup('authorizationFee', ENDPOINT);
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('spinbutton', { name: '授权费（元）' });
    await user.type(input, amount);
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('请填写授权费金额')).toBeInTheDocument();
    expect(server.callsTo(ENDPOINT)).toHaveLength(0);
  });

  it('refuses an empty amount', async () => {
    const { user, server } = setup('authorizationFee', ENDPOINT);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('请填写授权费金额')).toBeInTheDocument();
    expect(server.callsTo(ENDPOINT)).toHaveLength(0);
  });
});
