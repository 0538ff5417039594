import type { CurrentUser } from '@kxt/contracts/auth';
import type { WorkbenchCounts } from '@kxt/contracts/workbench';
import { screen, waitFor, within } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { reviewer } from '../../../test/fixtures.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import AdminHomePage from './AdminHomePage.tsx';

const finance: CurrentUser = { ...reviewer, id: 4, username: 'finance', role: 'finance' };
const consultant: CurrentUser = { ...reviewer, id: 5, username: 'consultant', role: 'consultant' };
const admin: CurrentUser = { ...reviewer, id: 1, username: 'admin', role: 'admin' };

const PATENTS = 'GET /api/admin/patents/queue/summary';
const WORKBENCH = 'GET /api/admin/workbench/counts';
const { colorError, colorWarning } = theme.getDesignToken();

const financeCounts: WorkbenchCounts['finance'] = {
  transfersToReview: 3,
  taxOverdue: 4,
  taxDueSoon: 2,
  taxDueSoonUntil: '2026-12-08',
};
const consultantCounts: WorkbenchCounts['consultant'] = { hitsAsked: 6, hitsNew: 0 };

/** The count box labelled `label`: its link and the number it shows. */
async function countOf(label: string) {
  const link = (await screen.findByText(label)).closest('a') as HTMLElement;
  const value = link.querySelector('.ant-statistic-content') as HTMLElement;
  return { link, value };
}

async function expectCounts(expected: [label: string, count: string, key: string, href: string][]) {
  for (const [label, count, key, href] of expected) {
    const { link } = await countOf(label);
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('data-queue-count', key);
    expect(await within(link).findByText(count)).toBeInTheDocument();
  }
}

describe('工作台', () => {
  it('shows a reviewer the queue counts, each a link into its view, and asks for nothing else', async () => {
    const server = mockApi({ [PATENTS]: ok({ staff: 5, dueSoon: 2, overdue: 1, customer: 7 }) });
    renderWithApp(<AdminHomePage />, { path: '/admin', user: reviewer });
    await expectCounts([
      ['待我处理', '5', 'staff', '/admin/patents?tab=queue&view=staff'],
      ['7天内OA到期', '2', 'dueSoon', '/admin/patents?tab=queue&view=dueSoon'],
      ['OA已逾期', '1', 'overdue', '/admin/patents?tab=queue&view=overdue'],
      ['等待客户', '7', 'customer', '/admin/patents?tab=queue&view=customer'],
    ]);
    expect(server.callsTo(WORKBENCH)).toHaveLength(0);
    expect(screen.queryByText('财务待办')).toBeNull();
    expect(screen.queryByText('商标顾问待办')).toBeNull();
  });

  it('shows finance the transfers to review and the tax returns due soon and overdue, each a link to its filtered list', async () => {
    const server = mockApi({ [WORKBENCH]: ok({ finance: financeCounts }) });
    renderWithApp(<AdminHomePage />, { path: '/admin', user: finance });
    expect(await screen.findByText('财务待办')).toBeInTheDocument();
    await expectCounts([
      ['待审核转账', '3', 'transfersToReview', '/admin/payments?status=submitted'],
      ['7天内税务申报到期', '2', 'taxDueSoon', '/admin/tax-declarations?status=pending&dueTo=2026-12-08'],
      ['税务申报已逾期', '4', 'taxOverdue', '/admin/tax-declarations?status=overdue'],
    ]);
    // Overdue red, due soon orange, the rest in the text colour.
    expect((await countOf('税务申报已逾期')).value).toHaveStyle({ color: colorError });
    expect((await countOf('7天内税务申报到期')).value).toHaveStyle({ color: colorWarning });
    expect((await countOf('待审核转账')).value.style.color).toBe('');
    expect(screen.queryByText('待我处理')).toBeNull();
    expect(screen.queryByText('商标顾问待办')).toBeNull();
    expect(server.callsTo(PATENTS)).toHaveLength(0);
  });

  it('shows a consultant the watch hits asked about and not yet reviewed, each a link to its view', async () => {
    const server = mockApi({ [WORKBENCH]: ok({ consultant: consultantCounts }) });
    renderWithApp(<AdminHomePage />, { path: '/admin', user: consultant });
    expect(await screen.findByText('商标顾问待办')).toBeInTheDocument();
    await expectCounts([
      ['客户咨询的监控命中', '6', 'hitsAsked', '/admin/trademark-watches?view=consultant'],
      ['未查看的监控命中', '0', 'hitsNew', '/admin/trademark-watches?view=new'],
    ]);
    expect(screen.queryByText('财务待办')).toBeNull();
    expect(screen.queryByText('待我处理')).toBeNull();
    expect(server.callsTo(PATENTS)).toHaveLength(0);
  });

  it('shows an admin every box, the finance and consultant counts from one call', async () => {
    const server = mockApi({
      [PATENTS]: ok({ staff: 5, dueSoon: 2, overdue: 1, customer: 7 }),
      [WORKBENCH]: ok({ finance: financeCounts, consultant: consultantCounts }),
    });
    renderWithApp(<AdminHomePage />, { path: '/admin', user: admin });
    for (const title of ['专利审核待办', '财务待办', '商标顾问待办'])
      expect(await screen.findByRole('region', { name: title })).toBeInTheDocument();
    await expectCounts([
      ['待我处理', '5', 'staff', '/admin/patents?tab=queue&view=staff'],
      ['待审核转账', '3', 'transfersToReview', '/admin/payments?status=submitted'],
      ['客户咨询的监控命中', '6', 'hitsAsked', '/admin/trademark-watches?view=consultant'],
    ]);
    expect(server.callsTo(WORKBENCH)).toHaveLength(1);
  });

  it('shows the counts loading, then a failure in place with a retry that loads them', async () => {
    let answer: () => ReturnType<typeof ok> = () => fail(500, '服务器开小差了');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = mockApi({
      [WORKBENCH]: async () => {
        await held;
        return answer();
      },
    });
    const { user } = renderWithApp(<AdminHomePage />, { path: '/admin', user: finance });
    const box = await screen.findByRole('region', { name: '财务待办' });
    await waitFor(() => expect(box.querySelector('.ant-skeleton')).not.toBeNull());
    release();
    // A server fault is asked once more before it shows.
    expect(await within(box).findByText('待办数量加载失败')).toBeInTheDocument();
    expect(within(box).getByText('服务器开小差了')).toBeInTheDocument();
    expect(within(box).queryByText('待审核转账')).toBeNull();

    answer = () => ok({ finance: financeCounts });
    await user.click(within(box).getByRole('button', { name: /重\s*试/ }));
    const { link } = await countOf('待审核转账');
    expect(await within(link).findByText('3')).toBeInTheDocument();
    expect(within(box).queryByText('待办数量加载失败')).toBeNull();
    expect(server.callsTo(WORKBENCH).length).toBeGreaterThanOrEqual(2);
  });
});
