import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { WatchRow } from '@kxt/contracts/trademark-watches';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { i18n } from '../../../locales/i18n.ts';
import { customer } from '../../../test/fixtures.ts';
import { mockApi, setCookie } from '../../../test/mock-api.ts';
import WatchesCard from './WatchesCard.tsx';

const watch = (id: number, status: WatchRow['status'], newHits: number): WatchRow => ({
  id,
  customerId: 1,
  customerName: '星辰',
  text: `MARK${id}`,
  forms: [],
  countries: ['US'],
  classes: [9],
  threshold: 60,
  ownMarks: [],
  status,
  startsAt: '2026-11-20T00:00:00.000Z',
  expiresAt: '2026-12-20T00:00:00.000Z',
  createdAt: '2026-11-20T00:00:00.000Z',
  hits: newHits,
  newHits,
  yearPrice: { amount: 196_000, currency: 'CNY' },
});

const serve = (rows: WatchRow[]) =>
  mockApi({
    'GET /api/trademark/watches': { status: 200, body: { code: 200, msg: 'OK', rows, total: rows.length } },
  });

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));
afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('WatchesCard', () => {
  it('counts one watch and one hit in the singular in English, and several in the plural', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    serve([watch(1, 'trial', 1)]);
    const first = renderWithApp(<WatchesCard />, { path: '/', user: customer });
    expect(await screen.findByText('1 watch running, 1 hit to review')).toBeInTheDocument();
    first.unmount();
    serve([watch(1, 'active', 2), watch(2, 'trial', 1), watch(3, 'expired', 4)]);
    renderWithApp(<WatchesCard />, { path: '/', user: customer });
    expect(await screen.findByText('2 watches running, 7 hits to review')).toBeInTheDocument();
  });

  it('reads the same counts in Chinese', async () => {
    serve([watch(1, 'trial', 1)]);
    renderWithApp(<WatchesCard />, { path: '/', user: customer });
    expect(await screen.findByText('1 个监控进行中，1 条命中待处理')).toBeInTheDocument();
  });
});
