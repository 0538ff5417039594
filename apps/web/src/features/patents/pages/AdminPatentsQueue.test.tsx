import type { CurrentUser } from '@kxt/contracts/auth';
import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { PatentQueueRow } from '@kxt/contracts/patent-queue';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { clickRowAction, renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { reviewer } from '../../../test/fixtures.ts';
import { mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import { adminRow, completeMaterials, materialsAnswer, PDF } from '../test/fixtures.ts';
import AdminPatentsPage from './AdminPatentsPage.tsx';

const admin: CurrentUser = { ...reviewer, id: 1, username: 'admin', role: 'admin' };

function queueRow(overrides: Partial<PatentQueueRow>): PatentQueueRow {
  return {
    ...adminRow(overrides),
    waitingSince: dayjs().subtract(3, 'day').toISOString(),
    replyDeadline: null,
    ...overrides,
  };
}

/** The server's order: the reply due first, then the longest waiting. */
const rows = [
  queueRow({
    id: 6,
    serviceCode: 'KR-6',
    status: 6,
    replyDeadline: dayjs().add(2, 'day').format('YYYY-MM-DD'),
  }),
  queueRow({ id: 2, serviceCode: 'FR-2', status: 2, waitingSince: dayjs().subtract(9, 'day').toISOString() }),
  queueRow({ id: 3, serviceCode: 'EM-3', status: 3 }),
];
const listAnswer = (list: PatentQueueRow[]) => ({
  status: 200,
  body: { code: 200, msg: 'OK', rows: list, total: list.length },
});

function setup(path = '/admin/patents', user: CurrentUser = reviewer) {
  const server = mockApi({
    'GET /api/admin/patents/queue': listAnswer(rows),
    'GET /api/admin/patents/queue/summary': ok({ staff: 3, dueSoon: 1, overdue: 0, customer: 4 }),
    'GET /api/admin/patents': { status: 200, body: { code: 200, msg: 'OK', rows: [], total: 0, obj: [] } },
    'GET /api/table-layouts/admin.patents': ok(null),
    'GET /api/patent/countries': ok({ 7: '中国' }),
    'GET /api/admin/customers': { status: 200, body: { code: 200, msg: 'OK', rows: [], total: 0 } },
    'GET /api/admin/patents/2': ok(adminRow({ id: 2, serviceCode: 'FR-2', status: 2 })),
    'GET /api/admin/patents/2/history': ok([]),
    'GET /api/admin/patents/2/materials': ok(
      materialsAnswer({
        serviceId: 2,
        status: 2,
        submittedAt: '2026-11-01T08:00:00.000Z',
        materials: { ...completeMaterials, drawings: [{ ...PDF, name: 'front-view.pdf' }] },
      }),
    ),
  });
  return { ...renderWithApp(<AdminPatentsPage />, { path, user }), server };
}

const rowOf = (code: string) => screen.getByText(code).closest('tr') as HTMLElement;
const queueView = (server: ReturnType<typeof setup>['server']) =>
  server.callsTo('GET /api/admin/patents/queue').at(-1)?.url.searchParams.get('view');

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('reviewer queue (待处理)', () => {
  it('is the reviewer’s default tab: rows in the server’s order, each with its next step and that step’s button', async () => {
    const { server } = setup();
    await screen.findByText('KR-6');
    expect(screen.getByRole('tab', { name: '待处理' })).toHaveAttribute('aria-selected', 'true');
    expect(queueView(server)).toBe('staff');
    const codes = screen
      .getAllByRole('row')
      .map((row) => within(row).queryByText(/^(KR-6|FR-2|EM-3)$/)?.textContent);
    expect(codes.filter(Boolean)).toEqual(['KR-6', 'FR-2', 'EM-3']);
    expect(within(rowOf('KR-6')).getByText('审核客户上传的答复包，通过或驳回')).toBeInTheDocument();
    expect(within(rowOf('FR-2')).getByText('审核客户提交的资料，通过或驳回')).toBeInTheDocument();
    expect(within(rowOf('EM-3')).getByText('向官方递交申请，录入受理回执')).toBeInTheDocument();
    expect(within(rowOf('FR-2')).getByText('9 天')).toBeInTheDocument();
    // The next step is the row's first button, and opens that step.
    expect(within(rowOf('FR-2')).getAllByRole('button')[0]).toHaveTextContent(/审\s?核\s?资\s?料/);
    expect(
      within(screen.getByRole('radiogroup', { name: '队列视图' })).getByText('待我处理'),
    ).toBeInTheDocument();
  });

  it('opens the step from the queue', async () => {
    const { user } = setup();
    await screen.findByText('FR-2');
    await clickRowAction(user, rowOf('FR-2'), '审核资料');
    expect(await screen.findByRole('dialog')).toHaveTextContent('FR-2');
  });

  it('follows a 工作台 link to a view, and switching views asks for that view', async () => {
    const { server, user, currentPath } = setup('/admin/patents?tab=queue&view=overdue');
    await screen.findByText('KR-6');
    expect(queueView(server)).toBe('overdue');
    await user.click(screen.getByText('等待客户'));
    await waitFor(() => expect(queueView(server)).toBe('customer'));
    expect(currentPath()).toBe('/admin/patents?tab=queue&view=customer');
  });

  it('an admin starts on every order, and can open the queue', async () => {
    const { server, user } = setup('/admin/patents', admin);
    await waitFor(() => expect(server.callsTo('GET /api/admin/patents')).not.toHaveLength(0));
    expect(screen.getByRole('tab', { name: '全部订单' })).toHaveAttribute('aria-selected', 'true');
    expect(server.callsTo('GET /api/admin/patents/queue')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: '待处理' }));
    await screen.findByText('KR-6');
  });

  it('the detail drawer shows the submitted materials with their files', async () => {
    const { user } = setup();
    await screen.findByText('FR-2');
    await clickRowAction(user, rowOf('FR-2'), '查看');
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('tab', { name: '提交的资料' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(drawer).findByText('蓝牙音箱')).toBeInTheDocument();
    expect(within(drawer).getByText('front-view.pdf')).toBeInTheDocument();
    const download = within(drawer)
      .getAllByRole('link')
      .find((link) => link.getAttribute('href') === PDF.url);
    expect(download).toBeDefined();
  });
});
