import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { PatentRow } from '@kxt/contracts/patents';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { stubUploads } from '../../../test/fake-uploads.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { adminRow, PDF } from '../test/fixtures.ts';
import { typeDate, uploadPdf } from '../test/uploads.ts';
import { OfficeActionDialog } from './OfficeActionDialog.tsx';

const SUBMIT = /^提\s?交$/;
const ENDPOINT = 'POST /api/admin/patents/1/office-action';

function setup(row: PatentRow = adminRow({ status: 4 })) {
  stubUploads();
  const server = mockApi({ [ENDPOINT]: ok(null) });
  const onDone = vi.fn();
  const view = renderWithApp(<OfficeActionDialog row={row} onClose={vi.fn()} onDone={onDone} />);
  return { ...view, server, onDone };
}

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('office action dialog (type 5)', () => {
  it('requires the answer to "is there an office letter"', async () => {
    const { user, server } = setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('请选择是否有官文')).toBeInTheDocument();
    expect(server.callsTo(ENDPOINT)).toHaveLength(0);
  });

  it('with a letter, requires the issuance time, the reply deadline and the PDF, and sends nothing', async () => {
    const { user, server } = setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '是' }));
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    for (const text of ['请选择发文日期', '请选择答复截止日', '请上传OA官文']) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }
    expect(server.callsTo(ENDPOINT)).toHaveLength(0);
  });

  it('with a letter, sends its dates and the PDF once they are filled in', async () => {
    const { user, server, onDone } = setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '是' }));
    await typeDate(user, '发文日期', '2026-10-01', dialog);
    await typeDate(user, '答复截止日', '2026-12-01', dialog);
    await uploadPdf('OA官文', 'oa-letter.pdf', dialog);
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({
      fileExists: 1,
      issuanceTime: '2026-10-01',
      oaAbortAnswerTime: '2026-12-01',
      oaFileUrl: '/api/files/oa-letter.pdf',
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('without a letter, requires the ascertainment file', async () => {
    const { user, server } = setup();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '否' }));
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    expect(await within(dialog).findByText('请上传确认文件')).toBeInTheDocument();
    expect(within(dialog).queryByText('请选择发文日期')).toBeNull();
    expect(server.callsTo(ENDPOINT)).toHaveLength(0);
  });

  it('opens a new office action at 7 or 8 empty, not filled with the earlier one, and sends it without its id', async () => {
    const { user, server } = setup(
      adminRow({
        status: 7,
        oaDataInfo: {
          id: 8,
          fileExists: 0,
          issuanceTime: null,
          oaAbortAnswerTime: null,
          oaFileUrl: null,
          ascertainmentFileUrl: PDF.url,
          createdAt: '2026-10-02T00:00:00.000Z',
        },
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: '是' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '否' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '否' }));
    expect(within(dialog).queryByRole('link', { name: PDF.name })).toBeNull();
    await uploadPdf('确认文件', 'confirm.pdf', dialog);
    await user.click(within(dialog).getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(server.callsTo(ENDPOINT)).toHaveLength(1));
    expect(server.callsTo(ENDPOINT)[0]?.body).toEqual({
      fileExists: 0,
      ascertainmentFileUrl: '/api/files/confirm.pdf',
    });
  });
});
