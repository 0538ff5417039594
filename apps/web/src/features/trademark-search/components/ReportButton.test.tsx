import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { setLanguage } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { ReportButton } from './ReportButton.tsx';

const SEARCH_ID = '6c7036f1-a530-45a3-89de-b61c00f09c29';

function stubDownload(response: () => Response) {
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  const created = vi.fn(() => 'blob:report');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
  const clicks: HTMLAnchorElement[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push(this);
  });
  return { fetchMock, clicks, click };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('zh-CN');
});

describe('ReportButton', () => {
  it('downloads the report of the search in the reader language with the statuses shown', async () => {
    const { fetchMock, clicks } = stubDownload(
      () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('商标查询报告-apple.pdf')}`,
          },
        }),
    );
    const { user } = renderWithApp(<ReportButton searchId={SEARCH_ID} status={['registered', 'filed']} />, {
      user: customer,
    });
    await user.click(await screen.findByRole('button', { name: '下载查询报告' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/trademark/search/${SEARCH_ID}/report?lang=zh-CN&status=registered%2Cfiled`,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(clicks[0]?.download).toBe('商标查询报告-apple.pdf');
    expect(clicks[0]?.href).toBe('blob:report');
  });

  it('asks for English when the reader reads English', async () => {
    await setLanguage('en-US');
    const { fetchMock, clicks } = stubDownload(
      () =>
        new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const { user } = renderWithApp(<ReportButton searchId={SEARCH_ID} status={['all']} />, {
      user: customer,
    });
    await user.click(await screen.findByRole('button', { name: 'Download search report' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/trademark/search/${SEARCH_ID}/report?lang=en-US`,
      expect.anything(),
    );
    expect(clicks[0]?.download).toBe('trademark-search-report.pdf');
  });

  it("shows the server's message when the search has expired, and downloads nothing", async () => {
    const { clicks } = stubDownload(
      () =>
        new Response(JSON.stringify({ code: 410, msg: '该查询已超过 24 小时，请重新查询后再下载报告' }), {
          status: 410,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { user } = renderWithApp(<ReportButton searchId={SEARCH_ID} status={['all']} />, {
      user: customer,
    });
    await user.click(await screen.findByRole('button', { name: '下载查询报告' }));
    expect(await screen.findByText('该查询已超过 24 小时，请重新查询后再下载报告')).toBeInTheDocument();
    expect(clicks).toHaveLength(0);
  });
});
