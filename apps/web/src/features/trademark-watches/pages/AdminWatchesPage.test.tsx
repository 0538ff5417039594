import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { mockApi, setCookie } from '../../../test/mock-api.ts';
import AdminWatchesPage from './AdminWatchesPage.tsx';

const hit = {
  id: 5,
  watchId: 2,
  watchText: 'STARLUME',
  customerName: '深圳市星辰跨境电商有限公司',
  score: 91,
  signals: ['one_letter'],
  review: 'consultant',
  createdAt: '2026-11-23T08:00:00.000Z',
  oppositionDeadline: null,
  mark: {
    id: 9,
    name: 'STARLUMEN',
    dataset: 'US',
    applicationNumber: 'DEMO-1',
    applicationDate: '2026-11-20',
    niceClass: [9],
    owner: 'Rival',
    status: 'filed',
  },
};

let server: ReturnType<typeof mockApi>;
beforeEach(() => {
  setCookie(CSRF_COOKIE, 'csrf');
  server = mockApi({
    'GET /api/trademark/watch-hits': { status: 200, body: { code: 200, msg: 'OK', rows: [hit], total: 1 } },
    'GET /api/trademark/watches': { status: 200, body: { code: 200, msg: 'OK', rows: [], total: 0 } },
    'GET /api/admin/customers': {
      status: 200,
      body: { code: 200, msg: 'OK', rows: [{ id: 7, name: '深圳市星辰跨境电商有限公司' }], total: 1 },
    },
  });
});

describe('商标监控 (staff)', () => {
  it('opens on the hits customers asked about, with whose watch each is and when to oppose', async () => {
    renderWithApp(<AdminWatchesPage />);
    expect(await screen.findByText('深圳市星辰跨境电商有限公司')).toBeInTheDocument();
    expect(screen.getByText('未知')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.callsTo('GET /api/trademark/watch-hits')[0]?.url.searchParams.get('review')).toBe(
        'consultant',
      ),
    );
  });

  it('opens the view the link names (the 工作台 counts link here) and keeps the chosen view in the URL', async () => {
    const { user, currentPath } = renderWithApp(<AdminWatchesPage />, {
      path: '/admin/trademark-watches?view=new',
    });
    await waitFor(() =>
      expect(server.callsTo('GET /api/trademark/watch-hits')[0]?.url.searchParams.get('review')).toBe('new'),
    );
    await user.click(screen.getByText('待顾问处理'));
    await waitFor(() =>
      expect(server.callsTo('GET /api/trademark/watch-hits').at(-1)?.url.searchParams.get('review')).toBe(
        'consultant',
      ),
    );
    expect(currentPath()).toBe('/admin/trademark-watches?view=consultant');
  });

  it('asks for the customer before a watch is created for one', async () => {
    const { user } = renderWithApp(<AdminWatchesPage />);
    await user.click(await screen.findByRole('button', { name: /为客户新建监控/ }));
    const dialog = (await screen.findByText('开始监控')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: '开始监控' }));
    expect(await within(dialog).findByText('请选择客户')).toBeInTheDocument();
  });

  it("lists every company's watches, or one company's when a company is chosen", async () => {
    const { user } = renderWithApp(<AdminWatchesPage />);
    await user.click(await screen.findByText('全部监控'));
    await waitFor(() => expect(server.callsTo('GET /api/trademark/watches')).toHaveLength(1));
    expect(server.callsTo('GET /api/trademark/watches')[0]?.url.searchParams.get('customerId')).toBeNull();
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByTitle('深圳市星辰跨境电商有限公司'));
    await waitFor(() =>
      expect(server.callsTo('GET /api/trademark/watches').at(-1)?.url.searchParams.get('customerId')).toBe(
        '7',
      ),
    );
  });
});
