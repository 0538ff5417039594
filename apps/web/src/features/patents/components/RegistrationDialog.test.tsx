import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { stubUploads } from '../../../test/fake-uploads.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { adminRow } from '../test/fixtures.ts';
import { typeDate, uploadPdf } from '../test/uploads.ts';
import { RegistrationDialog } from './RegistrationDialog.tsx';

const SUBMIT = /^提\s?交$/;
const ENDPOINT = 'POST /api/admin/patents/4/registration';

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('registration dialog (types 3/4)', () => {
  it("sends the oath period as 'start/end'", async () => {
    stubUploads();
    const server = mockApi({ [ENDPOINT]: ok(null) });
    const row = adminRow({ id: 4, serviceCode: 'CN-9', status: 9 });
    const { user } = renderWithApp(<RegistrationDialog row={row} onClose={vi.fn()} onDone={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: '注册号' }), 'D123456');
    await typeDate(user, '注册日期', '2026-10-01', dialog);
    const [start, end] = within(dialog)
      .getAllByPlaceholderText(/日期/)
      .filter((input) => input.closest('.ant-picker-range'));
    if (!start || !end) throw new Error('no oath range inputs');
    await user.click(start);
    await user.type(start, '2026-10-15{Enter}');
    await user.type(end, '2027-04-15{Enter}');
    await uploadPdf('注册文件', 'registration.pdf', dialog);
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({
      type: 1,
      registrationNumber: 'D123456',
      brandRegisterTime: '2026-10-01',
      brandOathTime: '2026-10-15/2027-04-15',
      brandRegisterFiles: [{ name: 'registration.pdf', url: '/api/files/registration.pdf' }],
    });
  });

  it("shows a saved 'start/end' oath period and sends it back unchanged", async () => {
    const server = mockApi({ [ENDPOINT]: ok(null) });
    const row = adminRow({
      id: 4,
      serviceCode: 'CN-9',
      status: 9,
      brandRegisterDataInfo: {
        dataId: 1,
        registrationNumber: 'D123456',
        brandRegisterTime: '2026-10-01',
        brandOathTime: '2026-10-15/2027-04-15',
        brandRegisterFiles: [{ name: 'registration.pdf', url: '/api/files/registration.pdf' }],
        type: 0,
      },
    });
    const { user } = renderWithApp(<RegistrationDialog row={row} onClose={vi.fn()} onDone={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('2026-10-15')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('2027-04-15')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toMatchObject({
      type: 1,
      brandOathTime: '2026-10-15/2027-04-15',
    });
  });
});
