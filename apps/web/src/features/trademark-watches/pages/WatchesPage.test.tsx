import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { WatchHitRow, WatchRow } from '@kxt/contracts/trademark-watches';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { i18n } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { matchesWidth, stillMediaQuery } from '../../../test/media-query.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import WatchesPage from './WatchesPage.tsx';

const watch: WatchRow = {
  id: 7,
  customerId: 1,
  customerName: '星辰',
  text: 'STARLUME',
  forms: [],
  countries: ['US', 'EM'],
  classes: [9],
  threshold: 60,
  ownMarks: [],
  status: 'trial',
  startsAt: '2026-11-20T00:00:00.000Z',
  expiresAt: '2026-12-20T00:00:00.000Z',
  createdAt: '2026-11-20T00:00:00.000Z',
  hits: 2,
  newHits: 1,
  yearPrice: { amount: 196_000, currency: 'CNY' },
};
const hit: WatchHitRow = {
  id: 31,
  watchId: 7,
  watchText: 'STARLUME',
  customerName: '星辰',
  score: 82.5,
  signals: ['one_letter'],
  review: 'new',
  createdAt: '2026-11-23T08:00:00.000Z',
  oppositionDeadline: '2026-12-20',
  mark: {
    id: 900,
    name: 'STARLUMEN',
    dataset: 'US',
    applicationNumber: '99123456',
    applicationDate: '2026-11-20',
    niceClass: [9],
    owner: 'Rival Ltd',
    status: 'filed',
  },
};

let server: ReturnType<typeof mockApi>;
beforeEach(() => {
  setCookie(CSRF_COOKIE, 'csrf');
  server = mockApi({
    'GET /api/trademark/watches': { status: 200, body: { code: 200, msg: 'OK', rows: [watch], total: 1 } },
    'GET /api/trademark/watch-hits': { status: 200, body: { code: 200, msg: 'OK', rows: [hit], total: 1 } },
    'POST /api/trademark/watches': ok({ id: 8, trial: false }),
    'POST /api/trademark/watch-hits/31/review': ok(null),
  });
});

/** A window `width` pixels wide, as antd's breakpoints read it through matchMedia. */
function windowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    stillMediaQuery(query, matchesWidth(query, width)),
  );
}
afterEach(() => vi.restoreAllMocks());

describe('商标监控 on a screen', () => {
  it('keeps the opposition deadline and the review state beside the actions on a desktop', async () => {
    windowWidth(1440);
    renderWithApp(<WatchesPage />, { user: customer, path: '/trademark/watches' });
    await screen.findByText('STARLUMEN');
    const pinned = (name: string) =>
      screen
        .getAllByRole('columnheader')
        .filter((cell) => cell.className.includes('ant-table-cell-fix-end'))
        .map((cell) => cell.textContent?.trim())
        .includes(name);
    expect(pinned('异议截止')).toBe(true);
    expect(pinned('处理')).toBe(true);
    expect(pinned('状态')).toBe(true);
  });

  it('shows each hit on a phone as a card with the conflicting mark, its similarity, deadline and review', async () => {
    windowWidth(390);
    renderWithApp(<WatchesPage />, { user: customer, path: '/trademark/watches' });
    const hits = await screen.findByRole('list', { name: '全部命中' });
    const card = within(hits).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(card).getByText('STARLUMEN')).toBeInTheDocument();
    expect(within(card).getByText('相似度 82%')).toBeInTheDocument();
    expect(within(card).getByText('异议截止')).toBeInTheDocument();
    expect(within(card).getByText('2026-12-20')).toBeInTheDocument();
    expect(within(card).getByText('未处理')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '咨询顾问' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // The watch's card: its status and what can be done about it.
    const watches = screen.getByRole('list', { name: '我的监控' });
    const watchCard = within(watches).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(watchCard).getByText('试用中')).toBeInTheDocument();
    expect(within(watchCard).getByText('2026-12-20')).toBeInTheDocument();
    expect(within(watchCard).getByRole('button', { name: '续费一年' })).toBeInTheDocument();
  });

  it("lists a watch's markets as the reader's language lists them", async () => {
    windowWidth(390);
    renderWithApp(<WatchesPage />, { user: customer, path: '/trademark/watches' });
    const watches = await screen.findByRole('list', { name: '我的监控' });
    expect(within(watches).getByText(/^美国、\S+$/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-US'));
    try {
      expect(await within(watches).findByText(/^United States[^、]*, \S[^、]*$/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});

describe('商标监控', () => {
  it("lists the company's watches and their hits, and sends a hit to the consultant", async () => {
    const { user } = renderWithApp(<WatchesPage />, { user: customer, path: '/trademark/watches' });
    expect(await screen.findByText('试用中')).toBeInTheDocument();
    expect(await screen.findByText('STARLUMEN')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '咨询顾问' }));
    await waitFor(() => expect(server.callsTo('POST /api/trademark/watch-hits/31/review')).toHaveLength(1));
    expect(server.callsTo('POST /api/trademark/watch-hits/31/review')[0]?.body).toEqual({
      review: 'consultant',
    });
  });

  it('opens a new watch filled in from a search link and creates it', async () => {
    const { user } = renderWithApp(<WatchesPage />, {
      user: customer,
      path: '/trademark/watches?text=LANTERN&countries=US,DE&classes=9',
    });
    const dialog = (await screen.findByText('开始监控')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByRole('textbox', { name: '监控的商标' })).toHaveValue('LANTERN');
    await user.click(within(dialog).getByRole('button', { name: '开始监控' }));
    await waitFor(() => expect(server.callsTo('POST /api/trademark/watches')).toHaveLength(1));
    expect(server.callsTo('POST /api/trademark/watches')[0]?.body).toMatchObject({
      text: 'LANTERN',
      countries: ['US', 'DE'],
      classes: [9],
      threshold: 60,
    });
    expect(await screen.findByText('监控已创建，付款后生效')).toBeInTheDocument();
  });
});
